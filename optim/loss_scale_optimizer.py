"""LossScaleOptimizer: dynamic loss scaling around another optimizer, as Keras 3.

Mixed-precision training multiplies the loss by a large scale so that small
float16 gradients do not flush to zero, and divides the gradients by it
before the update. The scale adapts: a step with any non-finite gradient is
skipped and halves it; ``dynamic_growth_steps`` finite steps in a row double it.
"""
import inspect

import numpy as np

from framework import backend
from framework.indexed_slices import IndexedSlices
from framework.train import deferred_restore
from framework.ops.shapes import cast
from framework.tensor import convert_to_tensor
from .gradients import checked_gradient
from .optimizer import Optimizer

# Base options Keras 3 accepts at their defaults only (old configs carry them); set them on the inner optimizer.
_BASE_DEFAULTS = {'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None,
                  'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None,
                  'loss_scale_factor': None, 'gradient_accumulation_steps': None}


def unscaled_gradient(grad, scale):
    """``grad / scale`` as Keras's ``ops.divide(g, dynamic_scale)``: in the result type of the gradient's
    dtype and the scale's float32, so a float16 or bfloat16 gradient is divided in float32 (the inner
    optimizer casts the quotient to its variable's dtype). Dividing in float16 made a scale grown past
    65504 inf there and every such gradient zero; float32 and float64 gradients keep their dtype."""
    dtype = getattr(grad, '_data', grad).dtype
    return grad / (np.float32(scale) if dtype.itemsize < 4 else dtype.type(scale))


def _without_dense_shape(grad):
    return isinstance(grad, IndexedSlices) and grad.dense_shape is None


def _finiteness_check_refusal():
    """Keras 3's finiteness check (``ops.isfinite`` of each gradient) of an IndexedSlices without a dense_shape:
    TF 2.21's conversion of that missing shape, in its eager and its graph words."""
    from framework.eager_graph_names import inside_function
    error = ValueError("Tried to convert 'dims' to a tensor and failed. Error: None values not supported."
                       if inside_function() else
                       "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")
    error.add_note('LossScaleOptimizer: an IndexedSlices gradient needs a dense_shape (its variable\'s shape) for '
                   'the finiteness check')
    return error


class LossScaleOptimizer(Optimizer):
    """Wraps ``inner_optimizer`` with a dynamic loss scale (``keras.optimizers.LossScaleOptimizer``).

    Use ``scaled = optimizer.scale_loss(loss)`` inside the tape, then
    ``optimizer.apply_gradients(zip(tape.gradient(scaled, vars), vars))``:
    the gradients are divided by the scale, and applied by the inner optimizer
    only when all are finite. ``learning_rate`` and ``iterations`` are the inner optimizer's.

    Args:
        inner_optimizer: the Optimizer that applies the updates.
        initial_scale: the starting scale, default 2**15.
        dynamic_growth_steps: finite steps after which the scale doubles, default 2000.
    Raises:
        TypeError: when inner_optimizer is not an Optimizer.
        ValueError: for dynamic=False, a base option other than its default, or unknown arguments.
    """

    def __init__(self, inner_optimizer, initial_scale=2.0 ** 15, dynamic_growth_steps=2000, name=None, **kwargs):
        if not kwargs.pop('dynamic', True):
            raise ValueError('LossScaleOptimizer no longer supports `dynamic=False`. Instead, simply set '
                             '`loss_scale_factor` directly on the `inner_optimizer`.')
        for key, default in _BASE_DEFAULTS.items():
            if key in kwargs and kwargs.pop(key) != default:
                raise ValueError('LossScaleOptimizer does not support `%s`. Instead, set `%s` on the '
                                 '`inner_optimizer`.' % (key, key))
        if kwargs:
            raise ValueError('LossScaleOptimizer does not support arguments: `%s`.' % '`, `'.join(kwargs))
        super().__init__(learning_rate=0.0, name=name)
        # Keras checks the inner optimizer only after its base __init__ has named this one, so a refused
        # one still uses up its auto name ('loss_scale_optimizer' -> the next is '..._1'); the checks
        # of the two numbers, tapeflow's own, follow it for the same reason
        if not isinstance(inner_optimizer, Optimizer):
            # Keras sets inner_optimizer.loss_scale_factor here (Python's AttributeError for a number or a
            # string) and calls its build() at the first step (an AttributeError for what took the attribute)
            note = ('LossScaleOptimizer: `inner_optimizer` must be an Optimizer, got %s'
                    % type(inner_optimizer).__name__)
            if isinstance(inner_optimizer, (list, dict)):
                # Keras tracks a list or dict in a container that takes the attribute: TF 2.21 makes the
                # optimizer and fails at its first use ("'TrackedList' object has no attribute 'build'" in
                # a step, '... no attribute 'learning_rate''); refused here instead, naming the argument
                raise TypeError('%s %r' % (note, inner_optimizer))
            try:
                inner_optimizer.loss_scale_factor = None
            except AttributeError as error:
                error.add_note(note)
                raise
            error = AttributeError("'%s' object has no attribute 'build'" % type(inner_optimizer).__name__)
            error.add_note(note)
            raise error
        # Keras checks neither value: a scale <= 0 or growth steps < 1 (never doubling) run as there; a
        # scale that is a tensor or a list is taken as it is, one it cannot use fails where Keras uses it
        # (scale_loss before the first step, the scale Variable that build makes)
        if not isinstance(dynamic_growth_steps, (int, float, np.number)):      # Keras's steps - 1: TypeError
            raise TypeError('LossScaleOptimizer: `dynamic_growth_steps` must be a number (an integer >= 1 '
                            'to double the scale), got %r' % (dynamic_growth_steps,))
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        inner_optimizer.loss_scale_factor = None      # else the gradients would be unscaled twice
        # TF runs the inner update in a tf.cond branch, whose graph grappler rewrites apart (see sgd.py)
        inner_optimizer._updates_in_branch = True
        # step_counter and dynamic_scale are made by build, as Keras makes them: an unbuilt optimizer
        # saves only the iterations and learning rates (its own and its inner optimizer's), and has
        # no such attributes yet (Keras: AttributeError, e.g. reading ``dynamic_scale`` before a step)

    # ---- what belongs to the inner optimizer --------------------------------------
    @property
    def variables(self):
        return list(self._slots.variables) + self.inner_optimizer.variables

    @property
    def learning_rate(self):
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self.inner_optimizer.learning_rate = value

    @property
    def iterations(self):
        return self.inner_optimizer.iterations

    def build(self, var_list):
        # As Keras: the inner optimizer is built from this build, without automatic tracking (Nadam's
        # momentum product and Adafactor's unused scalars are then not among ``variables``), and, when
        # apply or fit builds, inside this optimizer's name scope: 'loss_scale_optimizer/adam/v_momentum'.
        # Keras 3's build checks nothing: each call (a retry after a failed first step, or a second
        # build of a built optimizer) makes a new counter and scale, both listed in ``variables`` (TF 2.21)
        inner, scope = self.inner_optimizer, getattr(self, '_build_scope', None)
        self.step_counter = self._slots.add_extra('step_counter', 0, 'int64')
        scale = self.initial_scale
        if not isinstance(scale, (int, float, np.number)):
            # Keras fills the Variable through initializers.Constant: a tensor or a list is cast, 'a' is
            # Cast's UnimplementedError, None the conversion's ValueError, the counter made and the
            # optimizer left unbuilt, as in TF 2.21
            from layers.initializers import Constant     # (lazy: layers imports the optimizers)
            scale = Constant(scale)(shape=(), dtype='float32')
        self.dynamic_scale = self._slots.add_extra('dynamic_scale', scale, 'float32')
        inner._slots.auto_tracking = False
        if scope:
            inner._slots.prefix, inner._build_scope = '%s/%s' % (scope, inner.name), scope
        try:
            inner.build(var_list)
        finally:
            inner._slots.auto_tracking, inner._slots.prefix, inner._build_scope = True, inner.name, None
        self.built = True
        deferred_restore.after_build(self)      # the scale and counter wait here (see Optimizer.build)

    def _step_without_batch(self):
        """Nothing: Keras's whole update (the count included) waits for the finite-gradients check."""

    def finalize_variable_values(self, var_list):
        self.inner_optimizer.finalize_variable_values(var_list)

    # ---- scaling ------------------------------------------------------------------------
    def scale_loss(self, loss):
        """``loss`` times the current scale (differentiate this, not the loss); the initial scale
        until the optimizer is built."""
        loss = convert_to_tensor(loss)
        if 'dynamic_scale' not in self.__dict__:
            if isinstance(self.initial_scale, (int, float, np.number)):
                return loss * float(self.initial_scale)       # a Python float: the loss keeps its dtype
            from framework.keras import ops as keras_ops       # (lazy: framework.keras imports the optimizers)
            return keras_ops.multiply(loss, self.initial_scale)   # Keras's ops.multiply, errors included
        if loss.dtype in ('float16', 'bfloat16'):
            # Keras multiplies by its float32 variable, promoting a half-precision loss to float32 (so
            # 2.0 * 32768 does not overflow to inf, skipping the step, as in float16)
            loss = cast(loss, 'float32')
        return loss * float(self.dynamic_scale._data)

    @staticmethod
    def check_finite(grads):
        """Whether every gradient (None skipped) is finite everywhere."""
        for grad in grads:
            if grad is not None:
                data = getattr(grad, '_data', grad)
                if not bool(backend.array_module(data).all(backend.array_module(data).isfinite(data))):
                    return False
        return True

    def apply(self, grads, trainable_variables=None):
        """Unscale and apply ``grads`` if all are finite (then maybe double the scale), else skip and halve it."""
        grads = list(grads)
        variables = list(trainable_variables) if trainable_variables is not None else None
        if variables is not None:
            if len(grads) != len(variables):      # Keras 3 zips them, as Optimizer.apply
                grads, variables = grads[:len(variables)], variables[:len(grads)]
        if IndexedSlices in {*map(type, grads)} and any(map(_without_dense_shape, grads)):
            if variables is not None and not self.built:
                self.build_in_scope(variables)      # (Keras builds before its finiteness check refuses them)
            raise _finiteness_check_refusal()
        if variables is not None:
            grads = [checked_gradient(i, g, v, self.inner_optimizer) for i, (g, v) in enumerate(zip(grads, variables))]
            if not self.built:      # Keras 3 builds once: the inner optimizer then refuses new variables
                self.build_in_scope(variables)
        counter, scale = self.step_counter._data, self.dynamic_scale._data
        if not self.check_finite(grads):
            counter[...] = 0
            scale[...] = scale * 0.5
            return
        unscaled = [None if g is None else unscaled_gradient(g, scale) for g in grads]
        try:
            self.inner_optimizer.apply(unscaled, variables)
        except ValueError as error:
            if not str(error).startswith('Unknown variable: '):
                raise
            raise self._in_cond(error) from None
        except IndexError as error:         # a slot the inner build did not make (optim/slots.py's _missing)
            raise self._in_cond(error) from None
        if counter == self.dynamic_growth_steps - 1:
            counter[...] = 0
            scale[...] = scale * 2.0
        else:
            counter[...] = counter + 1

    def _check_variables_are_known(self, variables):
        """The inner optimizer's refusal of a variable it was not built with (asked before a traced step)."""
        if self.inner_optimizer.built:
            try:
                self.inner_optimizer._check_variables_are_known(variables)
            except ValueError as error:
                raise self._in_cond(error) from None

    def _in_cond(self, error):
        """Keras 3 applies the inner optimizer in a branch of ops.cond(finite, apply, skip): an error there
        comes back worded by its Cond operation (TF 2.21: 'Exception encountered when calling Cond.call().'),
        the branches listed as Keras's repr shows them."""
        from framework.keras.operation_call_errors import in_call
        apply_branch = lambda: None      # noqa: E731 (its repr is what Keras's message shows)
        apply_branch.__qualname__ = 'LossScaleOptimizer._common_apply.<locals>.<lambda>'
        skip_branch = '<bound method LossScaleOptimizer._stateful_handle_non_finite_grads of %r>' % (self,)
        return in_call(error, 'Cond', [('args', ('tf.Tensor(shape=(), dtype=bool)', repr(apply_branch), skip_branch)),
                                       ('kwargs', inspect.Parameter.empty)])

    def update_step(self, gradient, variable, learning_rate):
        """One variable's update by the inner optimizer, the gradient unscaled first."""
        self.inner_optimizer.update_step(unscaled_gradient(gradient, self.dynamic_scale._data), variable, learning_rate)

    def get_config(self):
        from . import serialize
        return {'name': self.name, 'inner_optimizer': serialize(self.inner_optimizer),
                'initial_scale': self.initial_scale, 'dynamic_growth_steps': self.dynamic_growth_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from . import deserialize_config as deserialize     # (Keras's serialization_lib: no lower-casing)
        # Keras 3 pops the inner optimizer from the caller's dict: reading it twice raises KeyError
        inner = deserialize(config.pop('inner_optimizer'), custom_objects=custom_objects)
        return cls(inner, **config)
