"""ExponentialDecay: lr = initial * decay_rate ** (step / decay_steps), as Keras 3."""
import numpy as np

from framework import graph_random_ops
from framework.ops.arithmetic import pow_arrays

from ..keras_cast import keras_cast
from .learning_rate_schedule import (hyper_cast, LearningRateSchedule, divide_by_constant, as_tensor, check_decay_steps, float_of,
                                     step_array)


class ExponentialDecay(LearningRateSchedule):
    """``initial_learning_rate * decay_rate ** (step / decay_steps)``.

    With ``staircase=True`` the exponent is floored, so the rate drops in
    steps every ``decay_steps``. Matches ``keras.optimizers.schedules.ExponentialDecay``.
    """

    ends_in_product = True        # initial * decay_rate ** p (see LearningRateSchedule)

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name='ExponentialDecay'):
        check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial, power = self._factors(step)
        rate = initial * power
        # An integer initial rate gives float64, as TensorFlow's int32 / int32 does (and
        # decay_rate truncated to an integer, as ops.cast does).
        return as_tensor(rate, rate.dtype)

    def product_factors(self, step):
        """In a traced graph that pushes constants (see LearningRateSchedule): the rate's two factors,
        ``(initial, decay_rate ** p)``, which a weight decay's chain takes apart; else None. A
        tf.function returning None keeps ``variable * (weight_decay * lr)``, as for the cosine schedules
        (TF 2.21: AdamW on ExponentialDecay(0.05, 7, 0.8) in such a function is 1 ulp off the split
        order from step 18)."""
        if not graph_random_ops.pushes_constants():
            return None
        return self._factors(step)

    def _factors(self, step):
        """``initial`` and ``decay_rate ** (step / decay_steps)``, the exponent floored with staircase."""
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate', self.decay_steps)
        dtype = initial.dtype
        p = divide_by_constant(step_array(step, dtype), keras_cast(self.decay_steps, dtype))
        if self.staircase:
            p = np.floor(p)
        return initial, pow_arrays(hyper_cast(self.decay_rate, dtype, 'decay_rate'), p, False)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'decay_steps': self.decay_steps,
                'decay_rate': self.decay_rate, 'staircase': self.staircase, 'name': self.name}
