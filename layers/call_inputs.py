"""What ``Layer.__call__`` does to its inputs: convert and cast them, read
their shapes, check them against the layer's InputSpec."""
import inspect
import numbers

import numpy as np

from framework import nest, trace_names
from framework.composite import CompositeTensor
from framework.losses.tensor_notes import NOTES as TENSOR_NOTES, get_keras_mask, set_keras_mask
from framework.tensor import Tensor, convert_to_tensor

from . import call_context
from .functional.keras_tensor import KerasTensor
from .traced_casts import cast_as_keras


def floating(dtype):
    """Whether numpy ``dtype`` is a float: ml_dtypes' bfloat16 counts, though numpy's kind is 'V'."""
    return dtype.kind == 'f' or dtype.name == 'bfloat16'


def _convert_one(value, dtype):
    if dtype is None:           # an autocast=False layer (Keras 3): floating values keep their own dtype
        return value if isinstance(value, Tensor) else convert_to_tensor(value)
    if isinstance(value, Tensor):
        if value._data.dtype != dtype and floating(value._data.dtype):
            return cast_as_keras(value, dtype)
        return value
    tensor = convert_to_tensor(value)
    # (a batch of the layer's dtype, every step: convert_to_tensor copies it, and nothing else is asked;
    # an integer or bool batch is kept as it is)
    return cast_as_keras(tensor, dtype) if tensor._data.dtype != dtype and floating(tensor._data.dtype) else tensor


def _cast_ragged(value, dtype):
    """A kept RaggedTensor whose values are floats of another dtype takes the layer's, as Keras 3's autocast
    casts it (TF 2.21: keras.layers.ELU()(a float64 ragged batch) is float32); other composites stay as given."""
    flat = getattr(value, 'flat_values', None)
    if dtype is None or not isinstance(flat, Tensor) or flat._data.dtype == dtype or not floating(flat._data.dtype):
        return value
    return value.with_flat_values(cast_as_keras(flat, dtype))


def _is_array(value):
    return isinstance(value, (Tensor, np.ndarray)) or hasattr(value, '__array__')


def _holds_arrays(value):
    """A list/tuple whose leaves are arrays or None, at least one an array (not a nested list of numbers,
    which is one array)."""
    return (isinstance(value, (list, tuple)) and any(x is not None for x in value)
            and all(x is None or _is_array(x) or _holds_arrays(x) or _dict_of_arrays(x) for x in value))


def _dict_of_arrays(value):
    """A dict among a list's inputs ([{'x': a}, b]: a functional model's nested Inputs), mapped over by Keras's tree."""
    return isinstance(value, dict) and all(x is None or _is_array(x) or _holds_arrays(x) or _dict_of_arrays(x)
                                           for x in value.values())


def convert_inputs(inputs, dtype, keep_composite=False):
    """Tensors of the layer's dtype for floating inputs (of their own dtype when ``dtype`` is None:
    an ``autocast=False`` layer); other dtypes are kept. With
    ``keep_composite`` (a layer whose call takes them, as in Keras 3) a RaggedTensor or
    SparseTensor input is passed on as it is (only those of the classes in ``keep_composite`` when it
    is a tuple of classes); other layers refuse it when converting."""
    if type(inputs) is Tensor and inputs._data.dtype is dtype:
        return inputs                     # the common case, kept cheap
    if type(inputs) is np.ndarray:        # a numpy batch (a loop over arrays: every step)
        return _convert_one(inputs, dtype)
    if keep_composite and isinstance(inputs, CompositeTensor if keep_composite is True else keep_composite):
        return _cast_ragged(inputs, dtype)
    # A list of arrays (anything with __array__: a pandas Series too, as Keras 3 maps over the list) is
    # several inputs; a nested list of numbers is one array.
    if _holds_arrays(inputs):
        # nested lists of arrays ([x, [h, c]]) are structures too, converted leaf by leaf as Keras's tree does;
        # a None among them stays None, as Keras 3's map_structure passes it on ([x, None]: an optional state)
        return type(inputs)(_convert_one(x, dtype) if _is_array(x) else
                            None if x is None else convert_inputs(x, dtype, keep_composite) for x in inputs)
    if isinstance(inputs, dict):          # nested too: the image layers' {'bounding_boxes': {'boxes', 'labels'}}
        # a None entry stays None, as Keras 3 passes it (the migration guide's {'bar': {'baz': None}})
        # a list of arrays in it ({'p': [a, b]}: a functional model's nested Inputs) is converted leaf by leaf
        return {k: convert_inputs(v, dtype) if isinstance(v, dict) or _holds_arrays(v) else
                None if v is None else _convert_one(v, dtype) for k, v in inputs.items()}
    if type(inputs) in (list, tuple) and not inputs:
        return inputs       # an empty structure, as Keras 3's map_structure leaves it (not a (0,) tensor)
    return _convert_one(inputs, dtype)


def convert_arguments(args, kwargs, dtype):
    """A call's other arguments as Keras 3's ``__call__`` converts them (``tree.map_structure(maybe_convert,
    ...)``): every array among them (anything with ``__array__``, numpy scalars too), nested in lists,
    tuples and dicts, becomes a Tensor, and floating ones (tensors too) take ``dtype`` (None: an
    ``autocast=False`` layer keeps theirs). Python numbers, strings, None and composite tensors stay as
    they are; a keras mask set on a cast tensor stays on it. A ``call(x, mask)`` given a numpy mask sees a
    tensor, as on TensorFlow (``mask.numpy()`` failed on the ndarray)."""
    return (tuple(convert_argument(a, dtype) for a in args),
            {k: convert_argument(v, dtype) for k, v in kwargs.items()})


def convert_argument(value, dtype):
    if isinstance(value, Tensor) or (hasattr(value, '__array__') and not isinstance(value, (KerasTensor,
                                                                                            CompositeTensor))):
        converted = _convert_one(value, dtype)
        if converted is not value and id(value) in TENSOR_NOTES:
            mask = get_keras_mask(value)
            if mask is not None:
                set_keras_mask(converted, mask)
        return converted
    if type(value) in (list, tuple):
        return type(value)(convert_argument(v, dtype) for v in value)
    if isinstance(value, tuple) and hasattr(value, '_fields'):      # a namedtuple, as Keras's tree maps it
        return type(value)(*(convert_argument(v, dtype) for v in value))
    if type(value) is dict:
        return {k: convert_argument(v, dtype) for k, v in value.items()}
    return value


def shape_of(inputs):
    """The build shape of ``inputs``, in their structure as Keras 3 maps it (a tuple of inputs gives a
    tuple of shapes, a list a list, a dict a dict). In a build for any batch size (a fit step on
    batches of varying length, a run on zeros standing for KerasTensors), each input's batch axis is
    None, as in Keras's traced build: ((None, 5), (None, 8)) for a wide & deep model's pair.
    An empty list or tuple holds no tensor argument: Keras 3 builds with None (Concatenate()([]) fails
    reading len(None))."""
    if type(inputs) in (list, tuple) and not inputs:
        return None
    return _structure_shape(inputs)


def _structure_shape(inputs):
    if isinstance(inputs, (Tensor, CompositeTensor)):
        return _build_shape(_graph_shape(inputs) or tuple(inputs.shape))
    if type(inputs) is tuple:
        return tuple(_structure_shape(x) for x in inputs)
    if isinstance(inputs, (list, tuple)):
        return [_structure_shape(x) for x in inputs]
    if isinstance(inputs, dict):
        return {k: _structure_shape(v) for k, v in inputs.items()}
    if inputs is None:          # a None among several inputs has no shape, as in Keras's map_structure
        return None
    return _build_shape(tuple(np.shape(inputs)))


def _graph_shape(tensor):
    """``tensor``'s shape in the graph trace running now (a tf.function's input_signature leaves lengths open:
    TF builds a layer first called there for ``(None, 4)``), or None outside one or at an unknown rank."""
    entry = trace_names.entry_of(tensor) if trace_names.ACTIVE else None
    return tuple(entry[1]) if entry is not None and entry[1] is not None else None


def _build_shape(shape):
    if shape and isinstance(shape[0], int) and call_context.builds_for_any_batch() \
            and trace_names.may_be_batch_axis(shape[0]):
        return (None,) + shape[1:]
    return shape


def check_spec(layer, inputs):
    specs = layer.input_spec if isinstance(layer.input_spec, (list, tuple)) else [layer.input_spec]
    # (Keras flattens the inputs: a dict's values, by sorted key, are the tensors it counts and checks;
    # where every spec is named, as a functional model's, it takes the dict's entries by those names)
    names = [getattr(spec, 'name', None) for spec in specs] if type(inputs) is dict else [None]
    if all(names):
        missing = [name for name in names if name not in inputs]
        if missing:
            raise ValueError('Missing data for input "%s". You passed a data dictionary with keys %s. Expected the '
                             'following keys: %s' % (missing[0], list(inputs.keys()), names))
        values = [inputs[name] for name in names]
    else:
        values = inputs if isinstance(inputs, (list, tuple)) else \
            [inputs[key] for key in sorted(inputs)] if type(inputs) is dict else [inputs]
    # Keras 3's words (Dense([x, x]) failed in its build here; a custom layer whose input_spec lists two
    # specs, called on one tensor, is refused before its call)
    nested = type(inputs) is not dict and any(isinstance(v, (list, tuple, dict)) for v in values)
    if len(specs) != len(values) and (len(specs) == 1 or type(inputs) is not dict) and not nested:
        raise count_error(layer, specs, values)
    if nested:
        # Inputs nested deeper ([{'u': a, 'v': b}, c], or Dense(1)(inputs=[[1., 2.]]), whose Python numbers
        # Keras 3 leaves unconverted): Keras 3 counts and checks the flattened leaves
        values = nest.flatten(inputs)
        if len(specs) != len(values):
            raise count_error(layer, specs, values)
    for index, (spec, value) in enumerate(zip(specs, values)):
        if spec is not None and not (value is None and spec.optional):
            if isinstance(value, Tensor):
                spec.check(layer, value._data.shape, index, value._data.dtype)
            else:
                spec.check(layer, np.shape(value), index, getattr(value, 'dtype', None))


def count_error(layer, specs, values):
    """Keras 3's error for a call given another number of inputs than the layer's input_spec lists."""
    named = [spec.name for spec in specs if spec is not None]
    if len(specs) > 1 and len(named) == len(specs) and all(named):
        return ValueError('Layer "%s" expects %d named input(s) with keys %s, but it received %d input tensors. '
                          'Pass inputs as a dict, e.g. `layer({%s})`.' % (
                              layer.name, len(specs), named, len(values), ', '.join("'%s': ..." % n for n in named)))
    return ValueError('Layer "%s" expects %d input(s), but it received %d input tensors. Inputs received: %s'
                      % (layer.name, len(specs), len(values), [_described(v) for v in values]))


def refuse_shapeless(layer, inputs):
    """Keras 3's input-spec check, run before the inputs are converted: a leaf without a shape
    (``None``; a list of Python numbers is refused earlier as a positional value) is no tensor. Keras
    converts array-likes first, so those (``__array__``) pass. Keras counts the leaves against the
    spec's first: ``Dense((x, None, None))`` (a custom train_step's ``self(data)`` under
    train_on_batch(x)) is a count error."""
    leaves = nest.flatten(inputs)
    for leaf in leaves:
        if not (hasattr(leaf, 'shape') or hasattr(leaf, '__array__')):
            specs = nest.flatten(layer.input_spec)
            if len(specs) != len(leaves) and type(inputs) is not dict:
                raise count_error(layer, specs, leaves)
            error = ValueError("Inputs to a layer should be tensors. Got '%s' (of type %s) as input for layer '%s'."
                               % (leaf, type(leaf), layer.name))
            error.add_note('%s takes tensors or arrays, not %s' % (type(layer).__name__, type(leaf).__name__))
            raise error


def _described(value):
    # Keras 3 formats the list of inputs, so each shows as its repr: '<tf.Tensor: shape=(2, 3), dtype=float32,
    # numpy=...>' (the arrays converted first), '<KerasTensor shape=(None, 3), ...>'
    if value is None or isinstance(value, (Tensor, KerasTensor, numbers.Number, str, bytes)):
        return value        # (a Python number shows as itself: Dense(1)(inputs=[1., 2.]) lists [1.0, 2.0])
    return 'Tensor(shape=%s)' % (tuple(np.shape(value)),) if hasattr(value, 'shape') else repr(value)[:40]


# class -> whether its call takes ``training`` (Layer.__call__ reads it directly on every call)
TAKES_TRAINING = {}


def accepts_training(cls):
    """Whether ``cls.call`` takes a ``training`` argument (looked up once per class). Named only: Keras 3
    passes none to a ``call(self, x, **kwargs)``, even one given in the layer's call."""
    accepts = TAKES_TRAINING.get(cls)
    if accepts is None:
        accepts = 'training' in inspect.signature(cls.call).parameters
        TAKES_TRAINING[cls] = accepts
    return accepts


# class -> the default of its call's ``training`` (None when it has none)
DEFAULT_TRAINING = {}


def default_training(cls):
    """The default of ``cls.call``'s ``training`` argument, None when it has none: Keras 3 takes it for a
    call given no ``training`` outside any layer's call that had one, and hands it on to the sublayers
    (``def call(self, x, training=True)`` runs its Dropout in training). Looked up once per class."""
    if cls not in DEFAULT_TRAINING:
        param = inspect.signature(cls.call).parameters.get('training')
        DEFAULT_TRAINING[cls] = None if param is None or param.default is param.empty else param.default
    return DEFAULT_TRAINING[cls]


_REQUIRED_TRAINING = {}


def _training_position(cls):
    """Where ``cls.call`` takes a ``training`` it requires (no default): its index among call's
    positional parameters after ``self`` (the inputs are 0), -1 when keyword-only; None when
    ``training`` has a default or is not a parameter (looked up once per class)."""
    if cls not in _REQUIRED_TRAINING:
        position = None
        params = [p for p in inspect.signature(cls.call).parameters.values()][1:]
        for index, param in enumerate(params):
            if param.name == 'training' and param.default is param.empty and \
                    param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
                position = index if param.kind is param.POSITIONAL_OR_KEYWORD else -1
        _REQUIRED_TRAINING[cls] = position
    return _REQUIRED_TRAINING[cls]


def check_required_training(layer, args, training):
    """Keras 3 binds a call's arguments to ``call``'s signature before it fills in ``training``
    from the enclosing call, so a ``call(self, inputs, training)`` called as ``layer(x)`` fails
    there, even inside a model's fit (the keras.io NER example's TransformerBlock): the
    TypeError inspect gives, which an enclosing layer's call reports as its own. Asked on a
    layer's first (building) call only, to keep it off the step's path; Keras asks on every call."""
    if training is not None:
        return
    position = _training_position(type(layer))
    if position is not None and (position < 0 or position > len(args)):
        raise TypeError("missing a required argument: 'training'")


_NAMED_TRAINING = {}


def names_training(cls):
    """Whether ``cls.call`` has a parameter named ``training`` (Keras 3's ``_call_has_training_arg``).

    Keras's train / test / predict steps pass ``training`` to a model only then: a model whose call
    lacks it (the Transformer tutorial's ``call(self, inputs)``) is called without, so its layers
    inherit no flag and its dropout stays off even in ``fit``."""
    named = _NAMED_TRAINING.get(cls)
    if named is None:
        named = _NAMED_TRAINING[cls] = 'training' in inspect.signature(cls.call).parameters
    return named


# class -> the names its call takes by keyword, or None when it takes **kwargs (looked up once per class)
_CALL_KEYWORDS = {}


def check_call_keywords(layer, kwargs):
    """Keras 3's TypeError for a keyword ``layer.call`` does not take (its ``__call__`` binds the
    call's signature before running it, symbolic calls too: ``Dense(3)(x, foo=1)``, ``mask=`` to a
    layer without one); ``training`` never reaches here (``__call__`` takes it apart)."""
    cls = type(layer)
    names = _CALL_KEYWORDS.get(cls, False)
    if names is False:
        params = inspect.signature(cls.call).parameters.values()
        names = (None if any(p.kind is p.VAR_KEYWORD for p in params) else
                 frozenset(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)))
        _CALL_KEYWORDS[cls] = names
    if names is not None:
        for name in kwargs:
            if name not in names:
                raise TypeError('got an unexpected keyword argument %r' % name)


# class -> how many positional arguments (the inputs first) its call takes before ``training``, or None
_TRAINING_POSITION = {}
_PYTHON_SCALARS = (str, bytes, int, float, bool, complex)


def check_call_positionals(layer, args):
    """Keras 3's errors for the positional arguments after the inputs: a Python value (ValueError:
    'Only input tensors may be passed as positional arguments'), and one that lands on ``training``,
    which Keras always passes by keyword to a call that takes it (Python's 'got multiple values')."""
    if not layer._allow_non_tensor_positional_args:
        for arg in nest.flatten(args):
            if type(arg) in _PYTHON_SCALARS:
                raise ValueError('Only input tensors may be passed as positional arguments. The following argument '
                                 'value should be passed as a keyword argument: %s (of type %s)' % (arg, type(arg)))
    cls = type(layer)
    position = _TRAINING_POSITION.get(cls, False)
    if position is False:
        params = [p for p in inspect.signature(cls.call).parameters.values() if p.name != 'self']
        position = next((i for i, p in enumerate(params) if p.name == 'training'
                         and p.kind is p.POSITIONAL_OR_KEYWORD), None)
        _TRAINING_POSITION[cls] = position
    if position is not None and len(args) >= position:
        raise TypeError("%s() got multiple values for argument 'training'" % cls.call.__qualname__)


def first_call_parameter(layer):
    """The name of ``layer.call``'s first positional parameter ('query' for MultiHeadAttention), or None."""
    parameters = [p for p in inspect.signature(layer.call).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return parameters[0].name if parameters else None


def keyword_inputs(layer, kwargs):
    """The first argument of ``layer.call`` when a call names it (``mha(query=q, value=v)``, as
    Keras 3's ``__call__`` takes it), popped from ``kwargs``.

    Raises:
        TypeError: the call gives no first argument, positionally or by name.
    """
    first = first_call_parameter(layer)
    if first is not None and first in kwargs:
        return kwargs.pop(first)
    first = first or 'inputs'
    error = TypeError('missing a required argument: %r' % first)     # Keras 3's words (its signature bind)
    error.add_note('%s.call() missing its first argument %r: pass it positionally or as %s=...; received keyword '
                   'arguments %s' % (type(layer).__name__, first, first, sorted(kwargs)))
    raise error
