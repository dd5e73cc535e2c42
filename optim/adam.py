"""Adam (and AMSGrad), as Keras 3."""
import numpy as np

from .arguments import set_moment_options
from .keras_cast import keras_cast
from .live_hyperparameters import live
from .optimizer import Optimizer
from .rowwise_moment import RowwiseMoment
from .scratch import borrow


class Adam(RowwiseMoment, Optimizer):
    """Adam in Keras 3's "epsilon hat" form; matches ``keras.optimizers.Adam``.

    With t the 1-based step::

        alpha = lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)
        m += (g - m) * (1 - beta_1)
        v += (g**2 - v) * (1 - beta_2)
        v_hat = max(v_hat, v)                  # amsgrad only; then v_hat replaces v
        var -= alpha * m / (sqrt(v) + epsilon)

    Args:
        learning_rate: default 0.001.
        beta_1, beta_2: decay rates of the first and second moments, in [0, 1).
        epsilon: default 1e-7.
        amsgrad: keep the running maximum of v (Reddi et al., 2018).
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False,
                 weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        set_moment_options(self, beta_1, beta_2, epsilon)
        self.amsgrad = amsgrad

    def slot_groups(self):
        return [('momentum', 'velocity')] + ([('velocity_hat',)] if self.amsgrad else [])

    def _step(self, gradient, squared, variable, learning_rate):
        xp, dtype = self.xp(variable), variable._data.dtype
        m, v = self._slots.arrays(variable, ('momentum', 'velocity'))
        root, denominator = self.per_step('adam', dtype, lambda: self._bias_corrections(dtype))
        beta_1, beta_2, epsilon = live(self.beta_1), live(self.beta_2), live(self.epsilon)
        alpha = learning_rate * root / denominator      # Keras's order of operations, for identical bits
        # Each intermediate goes into a reused buffer where the variable is large (see scratch.py),
        # else into a new array (out=None): the same operations either way.
        t1, t2 = borrow(self, variable._data, 2) or (None, None)
        change = xp.subtract(gradient, m, out=t1)
        change *= 1 - beta_1
        m += change
        change = xp.subtract(squared, v, out=t1)
        change *= 1 - beta_2
        v += change
        if self.amsgrad:
            (v_hat,) = self._slots.arrays(variable, ('velocity_hat',))
            xp.maximum(v_hat, v, out=v_hat)
            v = v_hat
        step = xp.multiply(m, alpha, out=t1)
        root = xp.sqrt(v, out=t2)
        root += epsilon
        step /= root
        variable._data -= step

    def _bias_corrections(self, dtype):
        t = self._local_step(dtype)
        beta_1, beta_2 = live(self.beta_1), live(self.beta_2)
        return np.sqrt(1 - keras_cast(beta_2, dtype) ** t), 1 - keras_cast(beta_1, dtype) ** t

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon, amsgrad=self.amsgrad)
        return config
