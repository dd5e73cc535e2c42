"""PolynomialDecay: from initial to end_learning_rate along (1 - step/decay_steps) ** power, as Keras 3."""
import numpy as np

from framework import graph_random_ops
from framework.ops.arithmetic import pow_arrays

from ..keras_cast import keras_cast
from .learning_rate_schedule import (hyper_cast, LearningRateSchedule, divide_by_constant, as_tensor, check_decay_steps, float_of,
                                     keras_divide, step_array)


class PolynomialDecay(LearningRateSchedule):
    """``(initial - end) * (1 - step / decay_steps) ** power + end``.

    Without ``cycle`` the step is held at ``decay_steps`` (the rate stays at
    ``end_learning_rate``); with ``cycle`` ``decay_steps`` grows to the next
    multiple of itself past the step. Matches ``keras.optimizers.schedules.PolynomialDecay``.
    """

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0,
                 cycle=False, name='PolynomialDecay'):
        check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def __call__(self, step):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate', self.end_learning_rate)
        dtype = initial.dtype
        end, power = hyper_cast(self.end_learning_rate, dtype, 'end_learning_rate'), hyper_cast(self.power, dtype, 'power')
        step = step_array(step, dtype)
        decay_steps = keras_cast(self.decay_steps, dtype)
        if self.cycle:
            decay_steps = decay_steps * np.where(step == 0, 1.0, np.ceil(divide_by_constant(step, self.decay_steps)))
        else:
            step = np.minimum(step, decay_steps)
        p = keras_divide(step, decay_steps) if self.cycle else divide_by_constant(step, decay_steps)
        # With an integer initial rate (end and power truncated to integers, as ops.cast
        # does) Keras computes in p's float dtype: float32, or float64 when cycling.
        work = p.dtype
        span, base = (initial - end).astype(work), work.type(1) - p
        if power == 3 and graph_random_ops.pushes_constants():
            # grappler's ConvertPow makes x ** 3 Mul(Square(x), x), and ConstantPushDown then
            # moves (initial - end) next to x: Square(x) * ((initial - end) * x) (without the push,
            # a tf.function returning None: (initial - end) * (Square(x) * x), as below).
            decayed = (span * base) * (base * base)
        else:
            decayed = span * pow_arrays(base, power.astype(work), True)     # a graph's constant exponent
        return as_tensor(decayed + end.astype(work), work)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'decay_steps': self.decay_steps,
                'end_learning_rate': self.end_learning_rate, 'power': self.power, 'cycle': self.cycle,
                'name': self.name}
