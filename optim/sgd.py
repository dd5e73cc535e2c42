"""SGD with optional (Nesterov) momentum, as Keras 3."""
from framework import graph_random_ops
from framework.backend import array_module
from framework.errors import noted
from framework.indexed_slices import RowGradients
from framework.ops.regrouped_step import NOTED, regrouped_steps

from .keras_cast import keras_cast
from .live_hyperparameters import tested
from .optimizer import Optimizer
from .rowwise_moment import scatter_add
from .scratch import borrow


class SGD(Optimizer):
    """Gradient descent with momentum; matches ``keras.optimizers.SGD`` (Keras 3).

    Without momentum: ``var -= lr * g``. With momentum:
    ``m = momentum * m - lr * g``, then ``var += m``, or with Nesterov
    ``var += momentum * m - lr * g``.

    Args:
        learning_rate: default 0.01.
        momentum: in [0, 1], default 0.
        nesterov: use Nesterov momentum.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            # Keras 3.15's check and words: an int (momentum=0) is refused too
            raise noted(ValueError('`momentum` must be a float between [0, 1].'),
                        'SGD: momentum=%r (of type %s) is no float in [0, 1]' % (momentum, type(momentum).__name__))
        self.momentum = momentum
        self.nesterov = nesterov

    def slot_groups(self):
        return [('momentum',)] if self._has_momentum() else []

    def _has_momentum(self):
        """Keras's `if self.momentum != 0`: a momentum variable set on the optimizer is read (refused in a
        traced step, live_hyperparameters.tested)."""
        momentum = self.momentum
        return momentum != 0 if type(momentum) is float else tested(momentum, _nonzero)

    @property
    def momentums(self):
        """Keras 3's public ``SGD.momentums``: the momentum slots in the built variables' order, [] without
        momentum. Keras 3 makes the list in build(), so an unbuilt SGD has no such attribute."""
        if not self.built:
            raise AttributeError("'SGD' object has no attribute 'momentums'", name='momentums', obj=self)
        return self._slots.variables_named('momentum')

    merges_gradient_scale = True      # see Optimizer.merges_gradient_scale
    _updates_in_branch = False        # set by a LossScaleOptimizer on its inner optimizer (see _scaled_step)

    def _defers_scale(self, grads, other_factor=False):
        # Rows as well: Keras's global_clipnorm densifies an IndexedSlices (IndexedSlices * scale), and a
        # returning traced step merges the scale into the rate for that gradient as for a dense one (and
        # for the dense ones beside it); sparse_update_step then takes the dense step.
        dense = [g for g in grads if type(g) is not RowGradients]
        if len(grads) == 1 and graph_random_ops.current() is not None \
                and not graph_random_ops.pushes_constants():
            # One variable in a tf.function that returns None: TF 2.21 still merges the scale into the
            # rate there (two or more variables it does not): SGD(0.1, global_clipnorm=0.5) on a vector
            # of 300 in a loop without a return left 1 ulp in some weights, as did loss_scale_factor
            # and gradient_accumulation_steps; an Embedding's rows under global_clipnorm too. Not where the
            # rate is a schedule's last product (ExponentialDecay, CosineDecay): TF 2.21 keeps (g * s) * lr
            # there (SGD(ExponentialDecay(0.05, 7, 0.8), global_clipnorm=1.0) left 1 ulp from step 7).
            return (self.merges_gradient_scale and not other_factor and self._gradient_scale is None
                    and not getattr(self._rate_in_effect(), 'ends_in_product', False))
        self._single_gradient = len(grads) == 1
        return super()._defers_scale(dense, other_factor)

    def update_step(self, gradient, variable, learning_rate):
        scale = self._gradient_scale
        if scale is not None:       # a traced step's g * (lr * s) for the gradient g * s
            self._scaled_step(gradient, variable, learning_rate, scale(gradient.dtype))
            return
        # Intermediates go into reused buffers where the variable is large (see scratch.py), else
        # into new arrays (out=None): the same operations in the same order either way.
        data = variable._data
        t1, t2 = borrow(self, data, 2) or (None, None)
        if NOTED and not (self.clipnorm or self.clipvalue or self.global_clipnorm or self.gradient_accumulation_steps):
            # a BatchNormalization gamma's lone product gradient in a returning trace (regrouped_step.py)
            steps = regrouped_steps(gradient, variable, learning_rate)
        else:
            steps = array_module(data).multiply(gradient, learning_rate, out=t1)
        if not self._has_momentum():
            data -= steps
            return
        (m,) = self._slots.arrays(variable, ('momentum',))
        momentum = keras_cast(self.momentum, data.dtype)
        m *= momentum
        m -= steps
        if self.nesterov:
            change = array_module(data).multiply(m, momentum, out=t2)
            change -= steps
            data += change
        else:
            data += m

    def _scaled_step(self, gradient, variable, learning_rate, factor):
        """update_step for the gradient g * s whose scalar s waits in ``_gradient_scale``: a returning traced
        step multiplies g * (lr * s) (grappler's MinimizeBroadcasts). Under global_clipnorm's scale a one-value
        gradient is multiplied otherwise: (g * lr) * s for a (1,) one (a Dense(1) bias; TF 2.21: a
        mixed_bfloat16 regression with SGD(global_clipnorm=0.3) left TF at its 4th batch), and (g * s) * lr,
        unmerged, for a scalar (no broadcast to minimize); loss_scale_factor's and accumulation's 1 / n merge.
        Inside a LossScaleOptimizer (TF: a tf.cond branch, optimized apart) it is merged as the others: a
        mixed_float16 fit stayed equal to TF only so. So with gradient_accumulation_steps, whose update Keras
        runs in an ops.cond branch too: SGD(0.3, momentum=0.5, global_clipnorm=0.125,
        gradient_accumulation_steps=3) in a returning tf.function left a (1,) bias's and a (1, 1) kernel's
        momentum 1 ulp off TF 2.21 at the 4th update, where TF's is m * 0.5 - g * (s * lr). A scalar keeps
        (g * s) * lr there (all operands scalars: nothing to minimize; SGD(CosineDecay(...), nesterov=True,
        global_clipnorm=0.125, gradient_accumulation_steps=2) on a () variable)."""
        steps = gradient * (learning_rate * factor)
        product = self._constant_scale_product(factor, learning_rate.dtype)
        if product is not None:
            steps = gradient * product
        if self.global_clipnorm and not self._updates_in_branch:
            # under accumulation's branch only a scalar keeps its own order (see the docstring)
            branch = bool(self.gradient_accumulation_steps)
            if gradient.size == 1:
                if gradient.ndim == 0 or not branch:
                    steps = _one_value_step(gradient, learning_rate, factor, gradient.ndim == 0)
            else:
                for start, scalar in _one_value_members(variable):      # a FlatGroup's one-value variables
                    if scalar or not branch:
                        steps[start:start + 1] = _one_value_step(gradient[start:start + 1], learning_rate, factor,
                                                                 scalar)
        if not self._has_momentum():
            variable._data -= steps
            return
        (m,) = self._slots.arrays(variable, ('momentum',))
        momentum = keras_cast(self.momentum, variable._data.dtype)
        m[...] = m * momentum - steps
        variable._data += m * momentum - steps if self.nesterov else m

    _single_gradient = False     # whether the step defers the scale of one gradient (see _defers_scale)

    def _constant_scale_product(self, factor, dtype):
        """``(factor * constant) * rest`` (``(lead * (factor * constant)) * rest``) where a returning traced
        step multiplies one gradient by a constant 1 / n (loss_scale_factor's, accumulation's) and a rate
        that is a schedule's last product: ConstantPushDown gathers the two constants, as in a weight
        decay's chain (weight_decay.traced_scale). SGD(ExponentialDecay(0.05, 7, 0.8),
        gradient_accumulation_steps=3) on one kernel was 1 ulp off TF 2.21 so; with two gradients TF keeps
        g * (lr * s). None where that does not apply."""
        rate = self._rate_in_effect()
        if not self._single_gradient or self.global_clipnorm or not getattr(rate, 'ends_in_product', False):
            return None
        factors = rate.product_factors(self._iterations)
        if factors is None or any(f.dtype != dtype for f in factors):      # (a cast rate breaks the chain)
            return None
        *lead, constant, rest = factors
        gathered = factor * constant
        return (lead[0] * gathered if lead else gathered) * rest

    def sparse_update_step(self, gradient, variable, learning_rate):
        if self._gradient_scale is not None:      # a deferred global_clipnorm scale: Keras's rows are dense now
            self.update_step(gradient.dense(), variable, learning_rate)
            return
        # Keras scales the rows by lr first: they are summed (where they meet the dense momentum)
        # or scatter-subtracted row by row (TensorFlow's scatter_sub) only then.
        steps = gradient.values * learning_rate
        if not self._has_momentum():
            scatter_add(variable._data, gradient.indices, -steps)
            return
        (m,) = self._slots.arrays(variable, ('momentum',))
        momentum, summed = keras_cast(self.momentum, variable._data.dtype), gradient.dense(steps)
        m[...] = m * momentum - summed
        variable._data += m * momentum - summed if self.nesterov else m

    def get_config(self):
        config = super().get_config()
        config.update(momentum=self.momentum, nesterov=self.nesterov)
        return config


def _nonzero(value):
    return value != 0


def _one_value_step(gradient, learning_rate, factor, scalar):
    """A one-value gradient's g * lr * s in TF's order (see SGD._scaled_step)."""
    return gradient * factor * learning_rate if scalar else gradient * learning_rate * factor


def _one_value_members(variable):
    """(offset, whether a scalar) of each one-value variable in a FlatGroup's flat arrays (none for a variable)."""
    members = zip(getattr(variable, '_offsets', ()), getattr(variable, '_sizes', ()), getattr(variable, 'variables', ()))
    return [(start, member._data.ndim == 0) for start, size, member in members if size == 1]
