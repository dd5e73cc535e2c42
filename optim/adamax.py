"""Adamax: Adam with the infinity norm, as Keras 3."""
from .arguments import set_moment_options
from .keras_cast import keras_cast
from .live_hyperparameters import live
from .optimizer import Optimizer
from .rowwise_moment import RowwiseMoment


class Adamax(RowwiseMoment, Optimizer):
    """Adamax (Kingma & Ba, section 7); matches ``keras.optimizers.Adamax`` (Keras 3)::

        m += (g - m) * (1 - beta_1)
        u = max(beta_2 * u, |g|)
        var -= lr * m / ((1 - beta_1**t) * (u + epsilon))

    Args:
        learning_rate: default 0.001; beta_1, beta_2 in [0, 1); epsilon: default 1e-7.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        set_moment_options(self, beta_1, beta_2, epsilon)

    def slot_groups(self):
        return [('momentum', 'norm')]

    def moment(self, gradient, variable):
        """Adamax accumulates the gradient's magnitude (row by row on an IndexedSlices)."""
        return self.xp(variable).abs(gradient)

    def _step(self, gradient, magnitude, variable, learning_rate):
        xp, dtype = self.xp(variable), variable._data.dtype
        beta_1, beta_2, epsilon = live(self.beta_1), live(self.beta_2), live(self.epsilon)
        beta_1_power = keras_cast(beta_1, dtype) ** self._local_step(dtype)
        m, u = self._slots.arrays(variable, ('momentum', 'norm'))
        m += (gradient - m) * (1 - beta_1)
        u[...] = xp.maximum(beta_2 * u, magnitude)
        variable._data -= learning_rate * m / ((1 - beta_1_power) * (u + epsilon))

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon)
        return config
