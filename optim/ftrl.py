"""FTRL-Proximal (McMahan et al., 2013), as Keras 3."""
import numpy as np

from framework import graph_random_ops
from framework.ops import eigen_math, eigen_pow, eigen_pow64
from framework.ops.arithmetic import pow_arrays
from framework.ops.signed_zero_ties import ties_as_tensorflow
from framework.tensor import Tensor
from .arguments import check_number
from .live_hyperparameters import is_variable, live, track_all
from .clipping import clip_by_value
from .optimizer import Optimizer
from .rowwise_moment import RowwiseMoment
from .schedules import LearningRateSchedule


class Ftrl(RowwiseMoment, Optimizer):
    """Follow-the-regularized-leader; matches ``keras.optimizers.Ftrl`` (Keras 3). With p = -learning_rate_power::

        l2 = l2_regularization_strength + beta / (2 * lr)
        g_shrunk = g + 2 * l2_shrinkage_regularization_strength * var
        n_new = n + g**2
        z += g_shrunk - (n_new**p - n**p) / lr * var
        var = (clip(z, -l1, l1) - z) / (n_new**p / lr + 2 * l2)
        n = n_new

    Args:
        learning_rate: default 0.001.
        learning_rate_power: <= 0 (default -0.5).
        initial_accumulator_value: the starting n, >= 0 (default 0.1).
        l1_regularization_strength, l2_regularization_strength,
        l2_shrinkage_regularization_strength: >= 0 (default 0).
        beta: default 0 (added to l2 as beta / (2 * lr)).
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    Raises:
        ValueError: for a positive learning_rate_power or a negative strength.
    """

    # Not elementwise (see Optimizer.elementwise_update): TensorFlow's pow takes packets of 8 (float32;
    # 4 for float64) from each variable's first element and its last size % 8 (% 4) elements apart,
    # so the bits depend on where an element sits in its own variable.
    elementwise_update = False

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0,
                 l2_shrinkage_regularization_strength=0.0, beta=0.0, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        # Keras's checks and words; `beta` it does not check. A variable is checked by its value now and read at
        # each step (live_hyperparameters.py), as Keras's comparisons and ops take it
        for value, what in ((initial_accumulator_value, 'initial_accumulator_value'),
                            (learning_rate_power, 'learning_rate_power'),
                            (l1_regularization_strength, 'l1_regularization_strength'),
                            (l2_regularization_strength, 'l2_regularization_strength'),
                            (l2_shrinkage_regularization_strength, 'l2_shrinkage_regularization_strength'),
                            (beta, 'beta')):
            if not is_variable(value):
                check_number(value, what)
        for value, what in ((initial_accumulator_value, 'initial_accumulator_value'),
                            (l1_regularization_strength, 'l1_regularization_strength'),
                            (l2_regularization_strength, 'l2_regularization_strength'),
                            (l2_shrinkage_regularization_strength, 'l2_shrinkage_regularization_strength')):
            if live(value) < 0.0:
                raise ValueError('`%s` needs to be positive or zero. Received: %s=%s.' % (what, what, value))
        if live(learning_rate_power) > 0.0:
            raise ValueError('`learning_rate_power` needs to be negative or zero. Received: '
                             'learning_rate_power=%s.' % (learning_rate_power,))
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta
        track_all(self, learning_rate_power, initial_accumulator_value, l1_regularization_strength,
                  l2_regularization_strength, l2_shrinkage_regularization_strength, beta)

    def slot_groups(self):
        return [('accumulator', 'linear')]

    def initial_slot_value(self, slot_name):
        return live(self.initial_accumulator_value) if slot_name == 'accumulator' else 0.0

    # Whether the step's rate is a number the traced graph holds as a constant (see learning_rate)
    _rate_is_number = False

    @property
    def learning_rate(self):
        value = Optimizer.learning_rate.fget(self)
        # A callable rate that returns a number: Keras's cast makes it a Const in a traced step, and grappler
        # turns the step's two divisions by it into products with its reciprocal (lambda: 0.01 in fit left
        # TF 2.21's weights by 1 ulp from the first step). A Variable or a schedule's value stays a division.
        rate = self._rate_in_effect()
        self._rate_is_number = (callable(rate) and not isinstance(rate, LearningRateSchedule)
                                and not isinstance(value, Tensor))
        return value

    @learning_rate.setter
    def learning_rate(self, value):
        self._set_learning_rate(value)

    def _learning_rate_value(self):
        self._rate_is_number = False        # (a float rate's Variable is read without the property)
        return super()._learning_rate_value()

    def _step(self, gradient, squared, variable, learning_rate):
        accumulator, linear = self._slots.arrays(variable, ('accumulator', 'linear'))
        power = -live(self.learning_rate_power)
        # (a variable power is no constant of the traced graph: grappler keeps its Pow)
        constant = not is_variable(self.learning_rate_power)
        l2 = live(self.l2_regularization_strength) + live(self.beta) / (2.0 * learning_rate)
        shrunk = gradient + 2 * live(self.l2_shrinkage_regularization_strength) * variable._data
        new_accumulator = accumulator + squared
        new_root = _accumulator_power(new_accumulator, power, constant)
        if self._rate_is_number and graph_random_ops.current() is not None:
            # (x / C) * var is x * (1 / C) * var, and grappler multiplies 1 / C by var first (also in a
            # tf.function returning None)
            inverse = learning_rate.dtype.type(1) / learning_rate
            change = new_root - _accumulator_power(accumulator, power, constant)
            linear += shrunk - change * (inverse * variable._data)
            quadratic = new_root * inverse + 2 * l2
        else:
            linear += shrunk - (new_root - _accumulator_power(accumulator, power, constant)) / learning_rate * variable._data
            quadratic = new_root / learning_rate + 2 * l2
        l1 = live(self.l1_regularization_strength)
        variable._data[...] = (_clipped(self.xp(variable), linear, l1) - linear) / quadratic
        accumulator[...] = new_accumulator

    def get_config(self):
        config = super().get_config()
        config.update(learning_rate_power=self.learning_rate_power,
                      initial_accumulator_value=self.initial_accumulator_value,
                      l1_regularization_strength=self.l1_regularization_strength,
                      l2_regularization_strength=self.l2_regularization_strength,
                      l2_shrinkage_regularization_strength=self.l2_shrinkage_regularization_strength,
                      beta=self.beta)
        return config


def _accumulator_power(accumulator, power, constant):
    """Keras's ``ops.power(accumulator, power)``: TensorFlow's Pow, Eigen's packet pow at every size,
    not only up to eigen_math.SMALL_ELEMENTWISE as ``tf.pow`` does here: with numpy's pow past 256
    elements a fit with learning_rate_power=-0.6 on a Dense(64) kernel (1280 weights) left TF 2.21's
    weights in the first epoch. In a traced step grappler turns the Pow by 0.5 (the default) into Sqrt,
    which pow_arrays does. Costs ~0.2 ms per 1000 weights for each of the step's two pows, in Ftrl only."""
    if (type(accumulator) is not np.ndarray or eigen_math.ENABLED[0] is False
            or (constant and graph_random_ops.current() is not None and power in (0.5, 1.0, 0.0, 2.0, 3.0))):
        return pow_arrays(accumulator, power, True)
    if accumulator.dtype == np.float32:
        return eigen_pow.pow(accumulator, power)
    if accumulator.dtype == np.float64:
        return eigen_pow64.pow(accumulator, power)
    return pow_arrays(accumulator, power, True)


def _clipped(xp, linear, l1):
    """Keras's ``clip(linear, -l1, l1)``. In a traced step TF runs it as Minimum then Maximum, whose packet
    code returns the bound on a tie of +0.0 and -0.0 (framework/ops/signed_zero_ties.py): with l1 = 0 an
    untouched element, linear = +0, becomes -0 there, so its weight prints -0.0 as TF's does. Eagerly
    TF keeps +0, as numpy's clip."""
    if graph_random_ops.current() is None:
        return clip_by_value(linear, l1)
    hi = linear.dtype.type(l1)
    below = ties_as_tensorflow(xp, xp.minimum, xp.minimum(linear, hi), linear, hi)
    return ties_as_tensorflow(xp, xp.maximum, xp.maximum(below, -hi), below, -hi)
