"""CosineDecay: an optional linear warmup, then a half cosine down to alpha * peak, as Keras 3."""
import math

import numpy as np

from framework import graph_random_ops
from ..keras_cast import keras_cast
from .learning_rate_schedule import (hyper_cast, LearningRateSchedule, as_tensor, check_decay_steps, float_of,
                                     keras_divide, refuse_integer_rate, step_array)
from .tf_kernels import tf_unary


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

    def _decay(self, step, decay_steps, peak, dtype, folded=False, factors=False):
        # An integer initial rate computes in float32 from here (Keras's ops.divide), with
        # pi made in the rate's dtype first: 3, as Keras's ops.array(math.pi, 'int32') gives.
        fraction = keras_divide(step, decay_steps)
        work = fraction.dtype.type
        pi = np.asarray(math.pi).astype(dtype).astype(work)
        if folded:
            # a traced step without warmup: grappler turns step / decay_steps (a constant) into
            # step * (1 / decay_steps) and folds pi into that constant: (pi * (1 / decay_steps)) * step,
            # which differs from eager's pi * (step / decay_steps) in the last bit at ~1 step in 5
            # (TF 2.21, tests/test_schedules_traced_cosine.py); a tf.function returning None keeps
            # pi out of the constant (no ConstantPushDown: framework/function_returns.py). With warmup
            # the steps reach the decay through a cond's switch, not as constants: nothing is folded.
            if graph_random_ops.pushes_constants():
                angle = (pi * (work(1) / work(decay_steps))) * work(step)
            else:
                angle = pi * (work(step) * (work(1) / work(decay_steps)))
        else:
            angle = pi * fraction
        wave = work(1) + tf_unary('cos', angle)
        decayed = work(1 - self.alpha) * (work(0.5) * wave) + work(self.alpha)     # 1 - alpha in Python, as Keras
        if factors:
            # the rate's last product as a traced graph has it: grappler drops (1 - 0) * and + 0, and
            # ConstantPushDown makes initial * (0.5 * wave) wave * (initial * 0.5)
            return (peak.astype(work) * work(0.5), wave) if self.alpha == 0 else (peak.astype(work), decayed)
        return peak.astype(work) * decayed

    @property
    def ends_in_product(self):
        """initial * decayed without warmup; with it the rate comes out of a cond (see LearningRateSchedule)."""
        return self.warmup_target is None

    def product_factors(self, step):
        """Without warmup, in a traced graph that pushes constants (see LearningRateSchedule): ``(initial *
        0.5, 1 + cos(angle))``, or with alpha ``(initial, decayed)``; else None (with warmup the rate
        comes out of a cond)."""
        if self.warmup_target is not None or not graph_random_ops.pushes_constants():
            return None
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate', self.decay_steps)
        dtype = initial.dtype
        if dtype.kind != 'f':
            return None
        decay_steps = keras_cast(self.decay_steps, dtype)
        step = step_array(step, dtype)
        return self._decay(np.minimum(step, decay_steps), decay_steps, initial, dtype, folded=True, factors=True)

    def __call__(self, step):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate', self.decay_steps)
        dtype = initial.dtype
        decay_steps = keras_cast(self.decay_steps, dtype)
        step = step_array(step, dtype)
        if self.warmup_target is None:
            rate = self._decay(np.minimum(step, decay_steps), decay_steps, initial, dtype,
                               folded=graph_random_ops.current() is not None)
            return as_tensor(rate, rate.dtype)
        refuse_integer_rate(initial, 'CosineDecay with warmup')
        target = hyper_cast(self.warmup_target, dtype, 'warmup_target')
        warmup_steps = hyper_cast(self.warmup_steps, dtype, 'warmup_steps')
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
