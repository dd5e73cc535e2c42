"""ExponentialDecay: lr = initial * decay_rate ** (step / decay_steps), as Keras 3."""
import numpy as np

from .learning_rate_schedule import (LearningRateSchedule, as_tensor, check_decay_steps, float_of,
                                     step_array)


class ExponentialDecay(LearningRateSchedule):
    """``initial_learning_rate * decay_rate ** (step / decay_steps)``.

    With ``staircase=True`` the exponent is floored, so the rate drops in
    steps every ``decay_steps``. Matches ``keras.optimizers.schedules.ExponentialDecay``.
    """

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name='ExponentialDecay'):
        check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate')
        dtype = initial.dtype
        p = step_array(step, dtype) / dtype.type(self.decay_steps)
        if self.staircase:
            p = np.floor(p)
        return as_tensor(initial * np.power(dtype.type(self.decay_rate), p), dtype)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'decay_steps': self.decay_steps,
                'decay_rate': self.decay_rate, 'staircase': self.staircase, 'name': self.name}
