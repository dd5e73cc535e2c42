"""Schedule-Free AdamW (Defazio et al., 2024), as Keras 3.15."""
import numpy as np

from framework import graph_random_ops
from .arguments import check_non_negative, set_moment_options
from .keras_cast import keras_cast
from .live_hyperparameters import is_variable
from .optimizer import Optimizer
from .root_division import elementwise_when_eager
from .rowwise_moment import scatter_add
from .schedules.learning_rate_schedule import divide_by_constant


class ScheduleFreeAdamW(Optimizer):
    """Adam steps on a sequence z (the 'momentum' slot), a running average x of the z's, and the
    weights kept at an interpolation y of the two; matches ``keras.optimizers.ScheduleFreeAdamW``.
    With t the 1-based step, b1, b2 and eps in the variable's dtype::

        lr = lr * min(t / warmup_steps, 1)                # only with warmup_steps > 0
        v += (g**2 - v) * (1 - b2)
        z -= lr * g / (sqrt(v / (1 - b2**t)) + eps)
        x = (y - (1 - b1) * z) / b1                       # the average, recovered from y (*)
        x = (1 - 1/t) * x + (1/t) * z
        y = (1 - b1) * z + b1 * x

    z starts as a copy of the weights when the optimizer is built. (*) The paper recovers x from
    the z before the update; Keras 3.15 on TensorFlow reads z after it (see ``update_step``).

    Args:
        learning_rate: default 0.0025.
        beta_1: the interpolation between z and x (and Adam's first-moment rate), default 0.9.
        beta_2: the second moment's decay, default 0.999.
        epsilon: default 1e-8.
        warmup_steps: the learning rate rises linearly over this many steps (default 0: none).
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    # see Optimizer.elementwise_update: traced, the order of x's product depends on each variable's size
    elementwise_update = elementwise_when_eager

    def __init__(self, learning_rate=0.0025, beta_1=0.9, beta_2=0.999, epsilon=1e-8, warmup_steps=0,
                 weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        set_moment_options(self, beta_1, beta_2, epsilon)
        check_non_negative(warmup_steps, 'warmup_steps')
        self.warmup_steps = warmup_steps

    def slot_groups(self):
        return [('momentum', 'velocity')]

    def build(self, var_list):
        """Slots, and a copy of each weight into its momentum, as Keras assigns it in ``build``;
        except in a traced function's first trace (``in_first_trace``), where that assignment is
        lost: under fit, z starts at zero. A checkpoint's momentum restored into an unbuilt optimizer
        is overwritten by the copy, as on TensorFlow (it restores as the slot is made, in build)."""
        if self.built:
            return          # (as every Keras optimizer: built once)
        new = [v for v in var_list if v not in self._slots]
        super().build(var_list)
        if self.in_first_trace():
            return
        for variable in new:
            (z,) = self._slots.arrays(variable, ('momentum',))
            z[...] = variable._data

    def update_step(self, gradient, variable, learning_rate):
        z, denominator, learning_rate, t = self._second_moment(gradient * gradient, variable, learning_rate)
        z -= learning_rate * gradient / denominator
        self._interpolate(variable, z, t)

    def sparse_update_step(self, gradient, variable, learning_rate):
        """Keras on TensorFlow squares each row on its own (a repeated index sums the squares
        where the dense moment meets them), divides each row's ``lr * g`` by the gathered
        denominator and scatter-subtracts the rows from z one after another; the rest is dense."""
        rows, indices = gradient.values, gradient.indices
        z, denominator, learning_rate, t = self._second_moment(gradient.dense(rows * rows), variable, learning_rate)
        scatter_add(z, indices, -(learning_rate * rows / denominator[indices]))
        self._interpolate(variable, z, t)

    def _second_moment(self, squared_gradient, variable, learning_rate):
        """Update the velocity from the squared gradient; return z, the step's denominator, the
        warmed-up rate and the 1-based step, all in the variable's dtype."""
        xp, dtype = self.xp(variable), variable._data.dtype
        t = self._local_step(dtype)
        beta_2, epsilon = (keras_cast(v, dtype) for v in (self.beta_2, self.epsilon))
        if self.warmup_steps > 0:
            learning_rate = learning_rate * np.minimum(
                divide_by_constant(t, keras_cast(self.warmup_steps, dtype)), dtype.type(1))
        z, v = self._slots.arrays(variable, ('momentum', 'velocity'))
        bias_correction = 1 - beta_2 ** t
        v += (squared_gradient - v) * (1 - beta_2)
        return z, xp.sqrt(v / bias_correction) + epsilon, learning_rate, t

    def _interpolate(self, variable, z, t):
        """x, the running average of the z's, recovered from the weights y; then y between z and x."""
        dtype = variable._data.dtype
        beta_1 = keras_cast(self.beta_1, dtype)
        weight = 1 / t
        # Keras keeps `momentum.value` as "z_old", but on TensorFlow that is the variable itself,
        # read where it is used: after the step has updated z. So x comes from the new z.
        recovered = variable._data - (1 - beta_1) * z
        if graph_random_ops.current() is not None and is_variable(self.beta_1):
            # a variable beta_1 is no constant of the traced graph: its RealDiv stays one (TF 2.21, fit)
            x = (1 - weight) * (recovered / beta_1) + weight * z
        elif (graph_random_ops.current() is not None and recovered.size == 1 and recovered.ndim
                and not graph_random_ops.pushes_constants()):
            # traced into a function returning None (no ConstantPushDown), a one-element array of
            # rank >= 1 keeps the written order, x / beta_1 as x * (1 / beta_1) (TF 2.21)
            x = ((1 - weight) * recovered) * (dtype.type(1) / beta_1) + weight * z
        elif graph_random_ops.current() is not None and recovered.ndim:
            # traced: x / beta_1 is x * (1 / beta_1), and MinimizeBroadcasts multiplies that
            # scalar into (1 - weight) before the array of rank >= 1 (one element too when the
            # function returns a value; TF 2.21): ((1 - weight) * (1 / beta_1)) * recovered
            x = ((1 - weight) * (dtype.type(1) / beta_1)) * recovered + weight * z
        else:
            x = (1 - weight) * divide_by_constant(recovered, beta_1) + weight * z
        variable._data[...] = (1 - beta_1) * z + beta_1 * x

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon,
                      warmup_steps=self.warmup_steps)
        return config
