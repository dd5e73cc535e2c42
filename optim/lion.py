"""Lion (Chen et al., 2023): the sign of an interpolated momentum, as Keras 3."""
from .arguments import check_rate, scalar_tensor_value
from .live_hyperparameters import track_all
from .keras_cast import keras_cast
from .optimizer import Optimizer


class Lion(Optimizer):
    """EvoLved sign momentum; matches ``keras.optimizers.Lion`` (Keras 3)::

        var -= lr * sign(beta_1 * m + (1 - beta_1) * g)
        m = beta_2 * m + (1 - beta_2) * g

    Every coordinate moves by exactly lr, so Lion wants a learning rate 3-10x
    smaller than AdamW's.

    Args:
        learning_rate: default 0.001.
        beta_1: in (0, 1] (0 would make it SignSGD), default 0.9 (Keras's words say [0, 1]).
        beta_2: the momentum's decay, default 0.99.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        beta_1 = scalar_tensor_value(beta_1)
        try:                        # Keras's own test: NaN passes, a value that is no number raises TypeError
            out_of_range = beta_1 <= 0 or beta_1 > 1
        except TypeError as error:
            error.add_note('Lion: argument `beta_1` must be a number in (0, 1], got %r' % (beta_1,))
            raise
        if out_of_range:
            raise ValueError('Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer '
                             'degenerates to SignSGD. Received: beta_1=%s.' % (beta_1,))
        beta_2 = check_rate(beta_2, 'beta_2')      # no range, as Keras
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        track_all(self, beta_1, beta_2)

    def slot_groups(self):
        return [('momentum',)]

    def update_step(self, gradient, variable, learning_rate):
        xp = self.xp(variable)
        (m,) = self._slots.arrays(variable, ('momentum',))
        dtype = variable._data.dtype
        beta_1, beta_2 = keras_cast(self.beta_1, dtype), keras_cast(self.beta_2, dtype)
        variable._data -= learning_rate * xp.sign(m * beta_1 + gradient * (1 - beta_1))
        m[...] = m * beta_2 + gradient * (1 - beta_2)

    def sparse_update_step(self, gradient, variable, learning_rate):
        # Keras scales an IndexedSlices' rows before they meet the dense momentum, where they are summed.
        xp, rows = self.xp(variable), gradient.values
        (m,) = self._slots.arrays(variable, ('momentum',))
        dtype = variable._data.dtype
        beta_1, beta_2 = keras_cast(self.beta_1, dtype), keras_cast(self.beta_2, dtype)
        variable._data -= learning_rate * xp.sign(m * beta_1 + gradient.dense(rows * (1 - beta_1)))
        m[...] = m * beta_2 + gradient.dense(rows * (1 - beta_2))

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2)
        return config
