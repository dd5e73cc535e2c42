"""Adagrad, as Keras 3."""
from .arguments import check_epsilon, check_number
from .live_hyperparameters import is_variable, live, track_all
from .optimizer import Optimizer
from .root_division import RateJoinsQuotient, elementwise_when_eager, rate_step
from .rowwise_moment import RowwiseMoment, scatter_add
from .sparse_division import refuse_shapeless_union


class Adagrad(RateJoinsQuotient, RowwiseMoment, Optimizer):
    """Adagrad; matches ``keras.optimizers.Adagrad`` (Keras 3)::

        acc += g**2                      # acc starts at initial_accumulator_value
        var -= lr * g / sqrt(acc + epsilon)

    Args:
        learning_rate: default 0.001; initial_accumulator_value: default 0.1;
        epsilon: default 1e-7.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = elementwise_when_eager     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        if not is_variable(initial_accumulator_value):
            check_number(initial_accumulator_value, 'initial_accumulator_value')
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = check_epsilon(epsilon)
        track_all(self, initial_accumulator_value, epsilon)

    def slot_groups(self):
        return [('accumulator',)]

    def initial_slot_value(self, slot_name):
        return live(self.initial_accumulator_value) if slot_name == 'accumulator' else 0.0

    def _step(self, gradient, squared, variable, learning_rate):
        (accumulator,) = self._slots.arrays(variable, ('accumulator',))
        accumulator += squared
        variable._data -= rate_step(self.xp(variable), learning_rate, gradient, accumulator + live(self.epsilon),
                                    self._rate_joins)

    def sparse_update_step(self, gradient, variable, learning_rate):
        """Keras on TensorFlow scatter-adds the squared rows into the accumulator, then
        scatter-subtracts each row's step, taken over the accumulator's row: a repeated
        index is updated once per row (see rowwise_moment.scatter_add)."""
        (accumulator,) = self._slots.arrays(variable, ('accumulator',))
        rows, indices = gradient.values, gradient.indices
        scatter_add(accumulator, indices, rows * rows)
        if gradient.shape_dtype is None:
            refuse_shapeless_union(accumulator + live(self.epsilon))
        # (a Gather stands between the Div and the Sqrt: a traced step keeps the division)
        steps = learning_rate * rows / self.xp(variable).sqrt(accumulator[indices] + live(self.epsilon))
        scatter_add(variable._data, indices, -steps)

    def get_config(self):
        config = super().get_config()
        config.update(initial_accumulator_value=self.initial_accumulator_value, epsilon=self.epsilon)
        return config
