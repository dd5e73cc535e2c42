"""RMSprop (with optional momentum and centering), as Keras 3."""
from framework import graph_random_ops
from .arguments import check_epsilon, check_rate
from .live_hyperparameters import live, tested, track_all
from .optimizer import Optimizer
from .root_division import RateJoinsQuotient, elementwise_when_eager, rate_step
from .rowwise_moment import RowwiseMoment, scatter_add
from .sparse_division import divide_rows_by_root


class RMSprop(RateJoinsQuotient, RowwiseMoment, Optimizer):
    """RMSprop; matches ``keras.optimizers.RMSprop`` (Keras 3)::

        v = rho * v + (1 - rho) * g**2
        a = rho * a + (1 - rho) * g                # centered only
        step = lr * g / sqrt(v - a**2 + epsilon)   # centered; else sqrt(v + epsilon)
        mom = momentum * mom + step; var -= mom    # momentum > 0; else var -= step

    Args:
        learning_rate: default 0.001; rho: default 0.9; momentum: default 0;
        epsilon: default 1e-7; centered: normalise by the gradient's variance.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = elementwise_when_eager     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False,
                 weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        rho, momentum = check_rate(rho, 'rho'), check_rate(momentum, 'momentum')   # no range, as Keras
        self.rho = rho
        self.momentum = momentum
        self.epsilon = check_epsilon(epsilon)
        self.centered = centered
        track_all(self, rho, momentum, epsilon)

    def _has_momentum(self):
        return tested(self.momentum, _positive)      # Keras's `if self.momentum > 0`

    def slot_groups(self):
        return ([('velocity',)] + ([('momentum',)] if self._has_momentum() else [])
                + ([('average_gradient',)] if self.centered else []))

    def _step(self, gradient, squared, variable, learning_rate):
        xp, rho, epsilon = self.xp(variable), live(self.rho), live(self.epsilon)
        (velocity,) = self._slots.arrays(variable, ('velocity',))
        momentum, average = self._optional_slots(variable)
        velocity[...] = rho * velocity + (1 - rho) * squared
        if self.centered:
            average[...] = rho * average + (1 - rho) * gradient
            denominator = centered_denominator(velocity, average, epsilon)
        else:
            denominator = velocity + epsilon
        increment = rate_step(xp, learning_rate, gradient, denominator, self._rate_joins)
        if momentum is not None:
            momentum[...] = live(self.momentum) * momentum + increment
            increment = momentum
        variable._data -= increment

    def _optional_slots(self, variable):
        """The momentum and average_gradient slots (None where off), read before any update, as Keras reads
        every slot first: one missing (momentum or centered set after the build) raises with nothing changed."""
        momentum = self._slots.arrays(variable, ('momentum',))[0] if self._has_momentum() else None
        average = self._slots.arrays(variable, ('average_gradient',))[0] if self.centered else None
        return momentum, average

    def sparse_update_step(self, gradient, variable, learning_rate):
        """Keras on TensorFlow scales the rows before they meet the dense moments (each
        repeated row rounded on its own), takes each row's step over the gathered
        denominator, and scatter-subtracts the steps (see rowwise_moment.scatter_add)."""
        xp, rho, rows, indices = self.xp(variable), live(self.rho), gradient.values, gradient.indices
        epsilon = live(self.epsilon)
        (velocity,) = self._slots.arrays(variable, ('velocity',))
        momentum, average = self._optional_slots(variable)
        velocity[...] = rho * velocity + gradient.dense((1 - rho) * (rows * rows))
        if self.centered:
            average[...] = rho * average + gradient.dense((1 - rho) * rows)
            denominator = centered_denominator(velocity, average, epsilon)
        else:
            denominator = velocity + epsilon
        # (a Gather stands between the Div and the Sqrt: a traced step keeps the division)
        steps, rows_at = divide_rows_by_root(xp, learning_rate * rows, indices, denominator)
        if momentum is not None:
            if rows_at is indices:
                increment = gradient.dense(steps)
            else:       # the union's rows, each once
                increment = xp.zeros_like(momentum)
                increment[rows_at] = steps
            momentum[...] = live(self.momentum) * momentum + increment
            variable._data -= momentum
        else:
            scatter_add(variable._data, rows_at, -steps)

    def get_config(self):
        config = super().get_config()
        config.update(rho=self.rho, momentum=self.momentum, epsilon=self.epsilon, centered=self.centered)
        return config


def _positive(value):
    return value > 0


def centered_denominator(velocity, average, epsilon):
    """Keras's ``velocity - square(average) + epsilon``. In a traced step that returns a value (Keras's
    train step, most tf.functions) grappler's ConstantPushDown rewrites ``(x - y) + C`` into
    ``x + (C - y)`` for float32 and float64 (not float16 or bfloat16); a tf.function returning
    None keeps the eager order (framework/function_returns.py)."""
    if graph_random_ops.pushes_constants() and velocity.dtype.itemsize >= 4:
        return velocity + (epsilon - average * average)
    return velocity - average * average + epsilon
