"""LearningRateSchedule: the base of every schedule, and its (de)serialization.

A schedule maps the optimizer's iteration count to a learning rate. The
optimizer calls it with ``iterations`` before incrementing them, as Keras 3
does. Schedules compute on the host in the dtype of ``initial_learning_rate``
(Python floats are float32) and accept a scalar or an array of steps.
"""
import numpy as np

from framework import backend, graph_random_ops
from framework.errors import UnimplementedError, _EAGER_CPU
from framework.keras_repr import KerasObjectRepr
from framework.tensor import Tensor, constant, convert_to_tensor
from framework.ops import cast
from ..keras_cast import keras_cast
from ..registered_classes import class_identity, find_class

# The module name Keras 3 writes into serialized configs; kept so that
# configs move between tapeflow and Keras unchanged.
KERAS_MODULE = 'keras.optimizers.schedules'


class LearningRateSchedule(KerasObjectRepr):     # '<keras.src.optimizers.schedules.learning_rate_schedule.X object ...>'
    """A learning rate as a function of the optimizer step.

    Subclasses implement ``__call__(step)`` and ``get_config()``;
    ``from_config(config)`` rebuilds one from its config.
    """

    def __call__(self, step):
        raise NotImplementedError("Learning rate schedule '%s' must override `__call__(self, step)`."
                                  % type(self).__name__)

    def get_config(self):
        # Keras 3's class and text: an optimizer's get_config (model.save) on a schedule without one
        raise NotImplementedError("Learning rate schedule '%s' must override `get_config()` in order to be "
                                  "serializable." % type(self).__name__)

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    # Whether Keras's graph of the rate ends in a Mul (ExponentialDecay, the cosine schedules without
    # warmup): SGD's traced step then keeps a scaled gradient's factor apart (sgd.py _defers_scale)
    ends_in_product = False

    def product_factors(self, step):
        """``(constant, rest)`` where Keras's graph ends the rate as ``Mul(constant, rest)``
        (ExponentialDecay's ``initial * decay_rate ** p``), ``(lead, constant, rest)`` for a longer
        chain, else None. In a traced step grappler merges that product into a weight decay's
        ``variable * weight_decay * lr`` (optim/weight_decay.py traced_scale)."""
        return None


class StringRateError(UnimplementedError, TypeError):
    """A string learning rate: TF's UnimplementedError from the Cast Keras 3 then makes (still the
    TypeError tapeflow raised before)."""


StringRateError.__name__ = StringRateError.__qualname__ = 'UnimplementedError'     # as type(e).__name__ shows TF's


_TF_TYPE_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def float_of(value, what, cast_first=None):
    """``value`` as a host array in its TensorFlow dtype (Python floats: float32).
    ``cast_first``: what Keras casts to that dtype next, which TF's error for a string names."""
    data = convert_to_tensor(value)._data
    if data.dtype.kind not in 'fiu':
        if cast_first is not None and data.dtype.kind in 'OSU':
            raise string_cast_error(convert_to_tensor(cast_first).dtype.name, 'string',
                                    '%s must be a real number, got %r' % (what, value))
        raise TypeError('%s must be a real number, got %r' % (what, value))
    return backend.to_host(data)


def checked_hyper(value, dtype, what):
    """A schedule's hyper-parameter, unchanged, if TF's cast to ``dtype`` takes it: None, a function or
    another object is TF's conversion ValueError, a string the Cast kernel's UnimplementedError (numpy
    made None NaN and let the rate be NaN)."""
    if not isinstance(value, (int, float, np.number)):
        if convert_to_tensor(value)._data.dtype.kind in 'OSU':
            raise string_cast_error('string', np.dtype(dtype).name, '%s must be a real number, got %r' % (what, value))
    return value


def hyper_cast(value, dtype, what):
    """``keras_cast(value, dtype)`` of a checked hyper-parameter (see ``checked_hyper``)."""
    return keras_cast(checked_hyper(value, dtype, what), dtype)


def string_cast_error(source, target, note):
    """TF's UnimplementedError for a Cast between a string and a number (dtype names as numpy's)."""
    source, target = _TF_TYPE_NAMES.get(source, source), _TF_TYPE_NAMES.get(target, target)
    error = StringRateError('{{function_node __wrapped__Cast_device_%s}} Cast %s to %s is not supported '
                            '[Op:Cast] name: ' % (_EAGER_CPU, source, target))
    error.add_note(note)
    return error


def keras_divide(x, y):
    """``ops.divide``: two integer operands divide in float32 (Keras's result type),
    where numpy and TensorFlow's ``/`` would give float64."""
    if np.result_type(x).kind in 'iu' and np.result_type(y).kind in 'iu':
        return np.asarray(x, np.float32) / np.asarray(y, np.float32)
    return x / y


def divide_by_constant(x, divisor):
    """``x / divisor`` for a float ``x`` (array, scalar or rows) and a divisor fixed when the graph is
    built (a schedule's decay steps, gradient accumulation's step count, ``loss_scale_factor``), as
    TensorFlow computes it. In a traced function (Keras's compiled train step, a ``tf.function``)
    TensorFlow's graph optimizer turns a division by a constant into a product with its reciprocal:
    one rounding more, so a cycling PolynomialDecay(decay_steps=7) at step 21 takes ceil(21 * (1/7))
    = 4 periods (3.0000002 in float32) where eager TensorFlow takes 3. Eagerly, a division."""
    if hasattr(x, 'with_values'):       # an IndexedSlices gradient's rows (framework/indexed_slices.py)
        return x.with_values(divide_by_constant(x.values, divisor))
    dtype = getattr(x, 'dtype', None) or np.result_type(x)
    if dtype.kind != 'f' and dtype.name != 'bfloat16':
        return keras_divide(x, divisor)
    if graph_random_ops.current() is None:
        return x / divisor
    return x * (dtype.type(1) / np.asarray(divisor).astype(dtype)[()])


def refuse_integer_rate(initial, schedule):
    """TensorFlow fails on these schedules' float ops with an integer initial rate."""
    if initial.dtype.kind in 'iu':
        raise TypeError('%s: initial_learning_rate must be a float (got the integer %r); write %r.0'
                        % (schedule, int(initial), int(initial)))


def step_array(step, dtype=None):
    """The step (an int, an array, a Tensor or the optimizer's iterations) on the host,
    cast to ``dtype`` when one is given."""
    if step is None:        # TF's words; numpy made None a NaN step and the schedule returned nan
        error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                           "to a Tensor.")
        error.add_note('a learning-rate schedule is called with the step, e.g. optimizer.iterations')
        raise error
    data = np.asarray(backend.to_host(step._data if isinstance(step, Tensor) else step))
    if data.dtype.kind in 'OSU' and dtype is not None:
        cast(constant(data), dtype)        # Cast's UnimplementedError for a string step, as in TF
    return data if dtype is None else data.astype(dtype)


def as_tensor(value, dtype):
    return constant(np.asarray(value, dtype=dtype))


def check_decay_steps(decay_steps, what='decay_steps'):
    if decay_steps <= 0:
        raise ValueError('Argument `%s` must be > 0. Received: %s=%s' % (what, what, decay_steps))


def serialize(schedule):
    """The Keras 3 dict for ``schedule``: module, class_name, config, registered_name; the config's
    values serialized as Keras does (an array as a '__numpy__' entry, a numpy scalar as a number)."""
    from framework.keras.object_serialization import serialize_keras_object
    from . import BUILT_IN
    if not isinstance(schedule, LearningRateSchedule):
        # Keras 3's serialize is serialize_keras_object for any value: a float learning rate (a custom
        # optimizer's get_config) comes back as 0.1, None as None, a numpy scalar as a Python number
        return serialize_keras_object(schedule)
    module, registered_name = class_identity(type(schedule), BUILT_IN, KERAS_MODULE)
    return {'module': module, 'class_name': type(schedule).__name__,
            'config': serialize_keras_object(schedule.get_config()), 'registered_name': registered_name}


def deserialize(config, custom_objects=None):
    """The schedule a ``serialize`` dict describes (a user's class: from ``custom_objects``,
    a ``custom_object_scope`` or ``keras.saving.register_keras_serializable``).

    Raises:
        ValueError: for a class name that is neither built in nor found among the user's classes.
    """
    from . import BUILT_IN
    if config is None or isinstance(config, (int, float)) or (isinstance(config, str) and config not in BUILT_IN):
        # Keras 3's deserialize_keras_object hands these back as they are: a custom optimizer's
        # from_config may pass a plain float learning rate through it
        return config
    if isinstance(config, dict) and 'class_name' not in config:
        raise ValueError('Unknown `config` as a `dict`, config=%s' % (config,))     # Keras 3's words
    if isinstance(config, str):     # a built-in's name: Keras builds it from no arguments (which fails)
        config = {'class_name': config}
    if not isinstance(config, dict):
        raise ValueError("deserialize: expected a dict with 'class_name' and 'config', got %r" % (config,))
    cls = find_class(config, BUILT_IN.get, custom_objects)
    if cls is None:
        raise ValueError('Unknown learning-rate schedule %r; known: %s (register your own class with '
                         '@keras.saving.register_keras_serializable() or pass it in custom_objects)'
                         % (config['class_name'], ', '.join(sorted(BUILT_IN))))
    try:
        return cls.from_config(dict(config.get('config') or {}))
    except TypeError as err:
        raise _not_deserialized(cls, config, err) from None


def _not_deserialized(cls, config, err):
    """Keras 3's TypeError for a schedule whose from_config failed (arguments missing or unknown): a built-in
    named by its place in keras.src and shown as the dict Keras rewrites it to, a user's class as given."""
    from layers.serialization import not_deserialized_text     # (late: layers imports optim)
    if cls.__module__.startswith('optim.'):
        shown = {'module': KERAS_MODULE, 'class_name': config['class_name'], 'config': config.get('config'),
                 'registered_name': None}
        cls = "<class 'keras.src.optimizers.schedules.learning_rate_schedule.%s'>" % cls.__name__
    else:
        shown = config
    error = TypeError(not_deserialized_text(cls, shown, err))
    error.add_note('deserialize: the config of a %s must hold its constructor arguments'
                   % (cls if isinstance(cls, str) else cls.__name__))
    return error
