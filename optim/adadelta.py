"""Adadelta, as Keras 3."""
from .arguments import check_epsilon, check_rate
from .live_hyperparameters import live, track_all
from .optimizer import Optimizer
from .root_division import divided_by_root, elementwise_when_eager
from .rowwise_moment import scatter_add


class Adadelta(Optimizer):
    """Adadelta (Zeiler, 2012); matches ``keras.optimizers.Adadelta`` (Keras 3)::

        acc_g = rho * acc_g + (1 - rho) * g**2
        delta = -sqrt(acc_delta + epsilon) * g / sqrt(acc_g + epsilon)
        acc_delta = rho * acc_delta + (1 - rho) * delta**2
        var += lr * delta

    Args:
        learning_rate: default 0.001; rho: default 0.95; epsilon: default 1e-7.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = elementwise_when_eager     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        rho = check_rate(rho, 'rho')      # no range, as Keras
        self.rho = rho
        self.epsilon = check_epsilon(epsilon)
        track_all(self, rho, epsilon)

    def slot_groups(self):
        return [('accumulated_grad', 'accumulated_delta_var')]

    def update_step(self, gradient, variable, learning_rate):
        xp, rho, epsilon = self.xp(variable), live(self.rho), live(self.epsilon)
        acc_grad, acc_delta = self._slots.arrays(variable, ('accumulated_grad', 'accumulated_delta_var'))
        acc_grad[...] = rho * acc_grad + (1 - rho) * (gradient * gradient)
        delta = -divided_by_root(xp, xp.sqrt(acc_delta + epsilon) * gradient, acc_grad + epsilon)
        acc_delta[...] = rho * acc_delta + (1 - rho) * (delta * delta)
        variable._data += learning_rate * delta

    def sparse_update_step(self, gradient, variable, learning_rate):
        """Keras 3 on an IndexedSlices: each row gets its own delta, both accumulators sum the
        scaled squares of a repeated index's rows (not the square of their sum), and the
        steps are scattered into the variable row by row (see rowwise_moment.scatter_add)."""
        xp, rho, rows, at = self.xp(variable), live(self.rho), gradient.values, gradient.indices
        epsilon = live(self.epsilon)
        acc_grad, acc_delta = self._slots.arrays(variable, ('accumulated_grad', 'accumulated_delta_var'))
        acc_grad[...] = rho * acc_grad + gradient.dense((1 - rho) * (rows * rows))
        # (rows over gathered roots: a Gather stands between the Div and the Sqrt, so a traced step keeps
        # the division, unlike the dense update's x * rsqrt(y))
        delta = -(xp.sqrt(acc_delta[at] + epsilon) * rows) / xp.sqrt(acc_grad[at] + epsilon)
        acc_delta[...] = rho * acc_delta + gradient.dense((1 - rho) * (delta * delta))
        scatter_add(variable._data, at, learning_rate * delta)

    def get_config(self):
        config = super().get_config()
        config.update(rho=self.rho, epsilon=self.epsilon)
        return config
