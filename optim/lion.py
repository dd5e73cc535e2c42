"""Lion (Chen et al., 2023): the sign of an interpolated momentum, as Keras 3."""
from .arguments import check_in_range
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
        beta_1: in (0, 1] (0 would make it SignSGD), default 0.9.
        beta_2: the momentum's decay, default 0.99.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, name=name, **kwargs)
        if isinstance(beta_1, bool) or not isinstance(beta_1, (int, float)) or not 0 < beta_1 <= 1:
            raise ValueError('Lion: argument `beta_1` must be in the (0, 1] range. Otherwise, the optimizer '
                             'degenerates to SignSGD. Received: beta_1=%r' % (beta_1,))
        check_in_range(beta_2, 'beta_2', 0, 1, high_inclusive=True)
        self.beta_1 = beta_1
        self.beta_2 = beta_2

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
