"""CosineDecay: an optional linear warmup, then a half cosine down to alpha * peak, as Keras 3."""
import math

import numpy as np

from . import c_math
from .learning_rate_schedule import (LearningRateSchedule, as_tensor, check_decay_steps, float_of,
                                     step_array)


class CosineDecay(LearningRateSchedule):
    """Cosine decay with optional linear warmup (Loshchilov & Hutter, SGDR).

    Without ``warmup_target``: ``initial * ((1 - alpha) * c + alpha)`` with
    ``c = 0.5 * (1 + cos(pi * min(step, decay_steps) / decay_steps))``.
    With ``warmup_target``: the rate rises linearly from ``initial`` to
    ``warmup_target`` over ``warmup_steps``, then decays from ``warmup_target``
    as above over the next ``decay_steps``. Matches ``keras.optimizers.schedules.CosineDecay``.
    """

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name='CosineDecay',
                 warmup_target=None, warmup_steps=0):
        check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target

    def _decay(self, step, decay_steps, peak, dtype):
        cosine = dtype.type(0.5) * (dtype.type(1) + c_math.cos(dtype.type(math.pi) * (step / decay_steps)))
        alpha = dtype.type(self.alpha)
        return peak * ((dtype.type(1) - alpha) * cosine + alpha)

    def __call__(self, step):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate')
        dtype = initial.dtype
        decay_steps = dtype.type(self.decay_steps)
        step = step_array(step, dtype)
        if self.warmup_target is None:
            return as_tensor(self._decay(np.minimum(step, decay_steps), decay_steps, initial, dtype), dtype)
        target = dtype.type(self.warmup_target)
        warmup_steps = dtype.type(self.warmup_steps)
        step = np.minimum(step, decay_steps + warmup_steps)
        # Both branches are computed for every step (so arrays of steps work);
        # a zero warmup makes the unused branch divide by zero, hence errstate.
        with np.errstate(divide='ignore', invalid='ignore'):
            warming = (target - initial) * (step / warmup_steps) + initial
        decaying = self._decay(step - warmup_steps, decay_steps, target, dtype)
        return as_tensor(np.where(step < warmup_steps, warming, decaying), dtype)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'decay_steps': self.decay_steps,
                'alpha': self.alpha, 'name': self.name, 'warmup_target': self.warmup_target,
                'warmup_steps': self.warmup_steps}
