"""InverseTimeDecay: lr = initial / (1 + decay_rate * step / decay_steps), as Keras 3."""
import numpy as np

from framework import graph_random_ops
from ..keras_cast import keras_cast
from .learning_rate_schedule import (hyper_cast, LearningRateSchedule, divide_by_constant, as_tensor, check_decay_steps, float_of,
                                     step_array)


class InverseTimeDecay(LearningRateSchedule):
    """``initial_learning_rate / (1 + decay_rate * step / decay_steps)``.

    With ``staircase=True`` ``step / decay_steps`` is floored. Matches
    ``keras.optimizers.schedules.InverseTimeDecay``.
    """

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name='InverseTimeDecay'):
        check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate', self.decay_steps)
        dtype = initial.dtype
        decay_rate = hyper_cast(self.decay_rate, dtype, 'decay_rate')
        if not self.staircase and dtype.kind == 'f' and graph_random_ops.pushes_constants():
            # grappler makes decay_rate * (step * (1 / decay_steps)) step * (decay_rate * (1 / decay_steps))
            # (ConstantPushDown; a staircase's floor stands between them): TF 2.21's SGD and AdamW on
            # InverseTimeDecay(0.05, 5, 0.3) in a returning tf.function or fit drifted by 1 ulp from step 13
            reciprocal = dtype.type(1) / np.asarray(keras_cast(self.decay_steps, dtype)).astype(dtype)[()]
            decayed = step_array(step, dtype) * (decay_rate * reciprocal)
        else:
            p = divide_by_constant(step_array(step, dtype), keras_cast(self.decay_steps, dtype))
            if self.staircase:
                p = np.floor(p)
            decayed = decay_rate * p
        rate = initial / (dtype.type(1) + decayed)
        return as_tensor(rate, rate.dtype)      # float64 for an integer initial rate, as in TensorFlow

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'decay_steps': self.decay_steps,
                'decay_rate': self.decay_rate, 'staircase': self.staircase, 'name': self.name}
