"""LAMB (You et al., 2019): Adam's step rescaled per variable by a trust ratio, as Keras 3."""
from framework.ops.arithmetic import pow_arrays
from framework.ops.eigen_sum import sum_all
from .arguments import set_moment_options
from .keras_cast import keras_cast
from .live_hyperparameters import live
from .optimizer import Optimizer
from .rowwise_moment import RowwiseMoment


class Lamb(RowwiseMoment, Optimizer):
    """Layer-wise adaptive moments; matches ``keras.optimizers.Lamb`` (Keras 3). With t the 1-based step::

        m += (g - m) * (1 - beta_1)
        v += (g**2 - v) * (1 - beta_2)
        update = (m / (1 - beta_1**t)) / (sqrt(v / (1 - beta_2**t)) + epsilon)
        ratio = ||var|| / ||update||   (1 where either norm is 0)
        var -= ratio * lr * update

    The norms are over the whole variable, so the update is not elementwise.

    Args:
        learning_rate: default 0.001; beta_1, beta_2 usually in [0, 1) (not checked, as Keras); epsilon: default 1e-7.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = False    # the trust ratio takes norms per variable

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
        return [('momentum', 'velocity')]

    def _step(self, gradient, squared, variable, learning_rate):
        xp, dtype = self.xp(variable), variable._data.dtype.type
        step = self._local_step(variable._data.dtype)
        m, v = self._slots.arrays(variable, ('momentum', 'velocity'))
        beta_1, beta_2, epsilon = live(self.beta_1), live(self.beta_2), live(self.epsilon)
        m += (gradient - m) * (1 - beta_1)
        v += (squared - v) * (1 - beta_2)
        update = (m / (1 - keras_cast(beta_1, variable._data.dtype) ** step)) / (
            xp.sqrt(v / (1 - keras_cast(beta_2, variable._data.dtype) ** step)) + epsilon)
        # Keras's sqrt(sum(power(x, 2))): TensorFlow's Pow (Square in a traced step), summed in its order.
        w_norm = xp.sqrt(sum_all(pow_arrays(variable._data, 2, True)))
        g_norm = xp.sqrt(sum_all(pow_arrays(update, 2, True)))
        ratio = w_norm / g_norm if w_norm > 0 and g_norm > 0 else dtype(1)
        variable._data -= ratio * learning_rate * update

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon)
        return config
