"""Building tensors from Python values: ``constant``, ``convert_to_tensor`` and ``is_tensor``, with
TensorFlow's conversion rules (dtype inference, ragged and mixed lists refused, overflow checks) and its
words for what cannot be converted. framework.tensor re-exports them.
"""
import numbers

import numpy as np
from numpy import generic, ndarray  # (not np.ndarray on hot paths: see backend.py)

from . import backend, dtypes
from .errors import shown_as
from .placement import on_host
from .tensor import SymbolicTensorError, Tensor
from .tensor_shape import TensorShape, partial_shape_error
from .tf_python_names import tf_named


class ConversionError(TypeError, ValueError):
    """A value that cannot become a tensor (None, a dict, mixed or ragged lists).

    TensorFlow raises ValueError here and tapeflow raised TypeError before, so
    programs catching either keep working. Its name is TensorFlow's class's, so a program
    printing ``type(e).__name__`` prints ValueError as under TensorFlow, and so does a traceback's
    last line ('ValueError: Can't convert non-rectangular Python sequence to Tensor.')."""


shown_as(ConversionError, ValueError)


# numpy's own dtype objects for the numbers. An array that went through pickle (np.load(allow_pickle=True),
# joblib, multiprocessing) has an equal dtype that is another object, which numpy then hands on to every result;
# the ops' ``dtype is float64`` tests would take it for no dtype they emulate TensorFlow's kernels for.
_NUMPY_OWN_DTYPES = frozenset(id(np.dtype(char)) for char in '?bBhHiIlLqQefdgFDG')
# an array, or a numpy scalar of those dtypes (np.int64 labels a dataset hands a map function, one per element)
_NUMERIC_HOST_TYPES = frozenset([ndarray] + [type(np.dtype(char).type(0)) for char in '?bBhHiIlLqQefdgFDG'])


def _with_numpy_own_dtype(data):
    dtype = data.dtype
    if dtype.isnative and dtype.kind in 'biufc' and dtype.fields is None:
        return data.view(np.dtype(dtype.char))
    return data


def _to_array(value, dtype):
    """An array of ``value`` with TensorFlow's conversion rules."""
    if isinstance(value, Tensor):
        data = value._data
        return data if dtype is None or data.dtype == dtype else data.astype(dtype)
    if isinstance(value, (ndarray, generic)) or backend.is_device_array(value):
        kind = value.dtype.kind
        if kind not in _PLAIN_KINDS:        # (one test for the numbers every batch holds)
            if kind in 'US' and (dtype is None or dtype == object):
                return numpy_strings_as_bytes(value)
            if kind == 'O':
                return _object_array(value)
            if kind in 'Mm':        # TensorFlow's converter has no dates or durations
                raise ConversionError('Failed to convert a NumPy array to a Tensor (Unsupported numpy type: %s).'
                                      % ('NPY_DATETIME' if kind == 'M' else 'NPY_TIMEDELTA'))
        # TensorFlow copies an array into a new row-major buffer: a later write to the array never
        # reaches the tensor, and a column-major one (pandas' DataFrame.values, np.asfortranarray)
        # is summed in TensorFlow's order, not in the one numpy takes along its contiguous columns
        if dtype is None:
            data = value.copy()
            if id(data.dtype) not in _NUMPY_OWN_DTYPES:      # (one set test: an unpickled array's dtype)
                data = _with_numpy_own_dtype(data)
            return backend.place(data)
        return backend.place(value.astype(dtype, order='C'))
    if isinstance(value, IndexedSlices):        # e.g. tensor + slices: dense, as TensorFlow
        return value._to_dense(dtype)._data
    if (dtype is None or dtype == object) and _all_strings(value):
        return _string_array(value)
    if _is_array_like(value):
        if hasattr(value, '__tf_tensor__'):     # TensorFlow's conversion protocol (a KerasTensor refuses it)
            return _to_array(value.__tf_tensor__(), dtype)
        return _to_array(np.asarray(value), dtype)
    try:
        array = np.asarray(value)
    except SymbolicTensorError:
        raise
    except ValueError:
        if isinstance(value, TensorShape):      # an unknown rank: TF's shape conversion refuses it
            raise partial_shape_error(value) from None
        empty = _empty_leading_shape(value)
        if empty is None:
            error = ConversionError(_ragged_words(value))
            raise _refusal(value, dtype, error) from None
        array = np.zeros(empty, np.float32)   # TF's quirk: [[], [1]] is (2, 0), of any dtype asked for
    if array.dtype == object and not _all_strings(value):
        if hasattr(value, '__tf_tensor__'):     # TensorLike's TensorProtocol: the object converts itself
            return _to_array(value.__tf_tensor__(), dtype)
        if dtype is not None and dtype.kind == 'f' and _all_python_ints(array):
            array = np.asarray([float(v) for v in array.flat]).reshape(array.shape)  # 2**200 as float32: inf
        elif isinstance(value, TensorShape):     # (None, 3): TF converts a shape only when every length is known
            raise partial_shape_error(value)
        else:
            raise _refusal(value, dtype, _unconvertible(value, array))
    if _beyond_int64(value, array) and (dtype is None or (dtype.kind != 'f' and dtype != np.uint64)):
        # numpy holds 2**63 as uint64, [1, 2**63] as float64; TensorFlow's int64 cannot hold it
        raise ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.dtype.kind == 'c' and type(value) in (list, tuple) and dtype != np.complex128 \
            and not _complex_leaf(_first_leaf(value)):
        # TensorFlow's eager converter takes a list's type from its first element: [1, 2j] has mixed types,
        # [2j, 1] is complex, and so is any list asked for as complex128 (a traced function's graph constant
        # takes what numpy made of it)
        from .eager_graph_names import inside_function
        if not inside_function():
            raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if array.dtype.kind in 'US' and _all_strings(value):     # strings, asked for a numeric dtype
        from .eager_graph_names import inside_function
        if inside_function():       # a traced function makes a graph constant: make_tensor_proto's words
            text = "Expected %s, but got %s of type '%s'." % (np.dtype(dtype).name, _first_leaf(value),
                                                              type(_first_leaf(value)).__name__)
        else:
            text = 'Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(dtype))
        error = TypeError(text)
        error.add_note('strings are not numbers: parse them with framework.strings.to_number')
        raise error
    if array.dtype.kind in 'US':    # numpy turned [1, 'a'] into strings; TensorFlow refuses the mix
        raise _refusal(value, dtype, ConversionError("Can't convert Python sequence with mixed types to Tensor."))
    if array.dtype.kind in 'iuf' and type(value) in (list, tuple) and _bool_leads(value, dtype):
        from .eager_graph_names import inside_function
        if inside_function():       # a graph constant: make_tensor_proto takes what numpy made of it
            from .graph_conversion_errors import graph_array
            return backend.place(graph_array(value, dtype))
        raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if dtype is None:
        leaf, wide = _first_leaf(value), array
        if array.dtype.kind == 'f' and isinstance(leaf, (np.floating, np.ndarray)) and leaf.dtype.kind == 'f' \
                and array.size:     # (no number at all, as [np.zeros(0), np.zeros(2)]: TF's float32)
            array = array.astype(leaf.dtype, copy=False)     # [np.float64(1), 2.0] is float64 in TF
        else:
            array = dtypes.python_default(array)
        if wide.dtype == np.float64 and array.dtype == np.float32 and _float32_overflow(wide, array):
            raise ConversionError("Can't convert Python sequence with a value out of range for a double-precision "
                                  "float.")
    else:
        # TensorFlow refuses Python floats for an integer dtype (even 2.0), numbers for bool, complex
        # numbers for a real dtype
        if array.size and (array.dtype.kind in _REFUSED_KINDS.get(dtype.kind, '')     # [] is float64 to numpy
                           or array.dtype.kind == 'b' and dtype not in BOOL_TARGETS
                           or array.dtype.kind == 'c' and dtype.name == 'bfloat16'):     # (bfloat16's kind: 'V')
            raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(dtype)))
        array = array.astype(dtype, copy=False)
    return backend.place(array)


# the kinds of Python values TensorFlow will not convert to a dtype of each kind ('O': string tensors)
_REFUSED_KINDS = {'i': 'fc', 'u': 'fc', 'b': 'iufc', 'f': 'c', 'O': 'iufcb'}
# the dtypes TensorFlow converts Python bools to (tf.constant(True, tf.int8) is its TypeError)
BOOL_TARGETS = frozenset(np.dtype(n) for n in ('bool', 'int32', 'int64', 'uint64', 'float16', 'float32', 'float64',
                                                 'complex128'))
# the dtypes TensorFlow's fast list conversion fills from numbers of any kind: [True, 2] converts to them
_NUMBERS_ANY_KIND = frozenset(np.dtype(n) for n in ('int32', 'int64', 'float16', 'float32', 'float64'))


def _bool_leads(value, dtype):
    """Whether a list that numpy made numbers of starts with a bool: TensorFlow takes the list's type
    from its first element, so [True, 2] has mixed types (where [2, True] is int32), unless ``dtype``
    is one its fast path fills from any number."""
    return isinstance(_first_leaf(value), (bool, np.bool_)) and (
        dtype is None or dtype not in _NUMBERS_ANY_KIND or _unfillable(value, dtype))


def _unfillable(value, dtype):
    """Whether the fast path that fills ``dtype`` from any number meets one it cannot hold: a float for an
    integer dtype, an int beyond int32 for int32 ([True, 2.5] and [True, 2**40] are 'mixed types')."""
    if dtype.kind not in 'iu':
        return False
    return any(isinstance(v, float) or (dtype == np.int32 and type(v) is int and not -2 ** 31 <= v < 2 ** 31)
               for v in _leaves(value))


def _empty_leading_shape(value):
    """The shape TensorFlow gives a ragged list whose first elements end in an empty list: it reads
    the shape along the first elements only, so [[], [1, 2]] and [[], 1] convert to a (2, 0) tensor.
    None for any other list."""
    shape = []
    while _is_sequence(value):      # (an empty array first: [np.zeros(0), np.zeros(2)] is (2, 0) too)
        shape.append(len(value))
        if not len(value):
            return tuple(shape)
        value = value[0]
    return None


# how TensorFlow's conversion errors name a dtype (DataTypeString)
_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def _kernel_name(dtype):
    name = dtypes.display_name(dtype)
    return _KERNEL_NAMES.get(name, name)


def _complex_leaf(leaf):
    """Whether a list's first element makes TensorFlow read the list as complex numbers."""
    data = getattr(leaf, '_data', leaf)
    return isinstance(leaf, complex) or getattr(getattr(data, 'dtype', None), 'kind', '') == 'c'


def _first_leaf(value):
    """The first element of a nested list or tuple: TensorFlow takes a list's float dtype from it."""
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def _is_array_like(value):
    """Whether ``value`` is an array object of another library (a pandas Series or DataFrame, a
    torch tensor, an image): TensorFlow converts those through numpy and keeps numpy's dtype,
    where Python numbers and lists get float32 / int32."""
    return not isinstance(value, (list, tuple, int, float, complex, str, bytes, range)) and (
        hasattr(value, '__array__') or hasattr(value, '__array_interface__'))


def _object_array(array):
    """A numpy object array as a string tensor's data (its str encoded as UTF-8), which is all
    TensorFlow makes of one: numbers or None among the objects raise its ValueError."""
    flat = array.reshape(-1).tolist()
    if all(type(v) is bytes for v in flat):
        return array
    for v in flat:
        if not isinstance(v, (str, bytes)):
            raise ConversionError('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                                  % _c_type_name(type(v)))
    return numpy_strings_as_bytes(array)


def _c_type_name(kind):
    """A type's name as CPython's tp_name gives it, which TensorFlow's converter prints: module-qualified for
    an extension type ('numpy.ndarray', 'numpy.float64'), bare for a builtin or a class defined in Python."""
    if kind.__flags__ & 512 or kind.__module__ == 'builtins':      # Py_TPFLAGS_HEAPTYPE: a Python class
        return kind.__name__
    return '%s.%s' % (kind.__module__, kind.__name__)


def _all_python_ints(array):
    return all(type(v) is int for v in array.flat)


def _float32_overflow(wide, narrow):
    """Whether a finite Python float became inf as the float32 TensorFlow picked for it (1e39, -3.5e38):
    its eager converter refuses those (an explicit dtype=float32 takes the inf, as does a traced function's
    constant, which numpy casts)."""
    if not np.isinf(narrow).any():
        return False
    from .eager_graph_names import inside_function
    return not inside_function() and bool(np.isfinite(wide[np.isinf(narrow)]).any())


def _beyond_int64(value, array):
    """Whether Python ints in ``value`` reach past int64 where numpy found a wider home for them."""
    if array.dtype == np.uint64:
        return type(_first_leaf(value)) is int
    if array.dtype == np.float64 and array.size and float(np.max(np.abs(array))) >= 2.0 ** 63:
        return any(type(v) is int and not -2 ** 63 <= v < 2 ** 63 for v in _leaves(value))
    return False


def _leaves(value):
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def _refusal(value, dtype, eager_error):
    """``eager_error`` (TensorFlow's eager C++ conversion's words), or inside a tf.function the error
    TensorFlow's graph conversion (make_tensor_proto) raises for the same value: another class, other words."""
    from .eager_graph_names import inside_function
    if not inside_function():
        return eager_error
    from .graph_conversion_errors import graph_conversion_error
    error = graph_conversion_error(value, dtype)
    error.tf_graph_conversion = True        # conversions of an operand keep it as it is
    return error


def _unconvertible(value, array):
    """TensorFlow's ValueError for a value numpy could only hold as objects, in its words."""
    items = [v for v in array.flat]
    if all(isinstance(v, int) for v in items):          # ints beyond 64 bits
        return ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.ndim:
        if any(isinstance(v, (list, tuple)) for v in items):
            return ConversionError(_ragged_words(value))
        first = items[0]        # TensorFlow takes the list's type from its first element: [{'a': 1}, 2.0]
        if not isinstance(first, (numbers.Number, str, bytes, np.generic, np.ndarray, Tensor)):
            return _unsupported(first)
        return ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    return _unsupported(value)


_MIXED = "Can't convert Python sequence with mixed types to Tensor."
_RAGGED = "Can't convert non-rectangular Python sequence to Tensor."


def _ragged_words(value):
    """TensorFlow's words for a nested list that is not a rectangle: its converter takes the shape
    from the first elements, then walks the list depth first; a list where a number belongs (or a
    string where a list belongs) is 'mixed types' ([1.0, [1.0]]), a number or another length where a
    list belongs 'non-rectangular' ([[1.0], 1.0], [[1.0], [1.0, 2.0]])."""
    shape, first = [], value
    while _is_sequence(first) and len(first):
        shape.append(len(first))
        first = first[0]
    if _is_sequence(first):
        shape.append(0)

    def walk(v, depth):
        if depth == len(shape):
            return _MIXED if _is_sequence(v) else None
        if isinstance(v, (str, bytes)):
            return _MIXED
        if not _is_sequence(v) or len(v) != shape[depth]:
            return _RAGGED
        if isinstance(v, np.ndarray):       # its rows alike: the first answers for all (MNIST-sized arrays)
            return walk(v[0], depth + 1) if len(v) else None
        for item in v:
            words = walk(item, depth + 1)
            if words:
                return words
        return None

    if not isinstance(value, (list, tuple)):
        return _RAGGED
    return walk(value, 0) or _RAGGED


def _is_sequence(value):
    """Whether TF's converter walks ``value`` as a sequence: a list, a tuple or a numpy array of rank 1 or
    more (a 0-d array is a scalar to it), so [ids (n,), values (n, 2)] is 'mixed types' as in TF 2.21."""
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim > 0)


def _unsupported(value):
    """TensorFlow's ValueError for a value (or a list's first element) of a type it has no conversion for."""
    error = ConversionError('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                            % (value, getattr(type(value), '_TF_CLASS', None) or repr(type(value))))
    error.add_note('Cannot convert %.80r (of type %s) to a tensor: expected numbers, nested lists of numbers, '
                   'numpy arrays or tensors' % (value, type(value).__name__))
    return error


def _string_array(value):
    """Python strings as an object array of UTF-8 bytes (TensorFlow's string tensors). Built as
    objects from the start: numpy's fixed-width 'S'/'U' arrays drop trailing NUL bytes."""
    array = np.array(value, dtype=object)
    if any(isinstance(v, (list, tuple)) for v in array.flat):
        raise ConversionError(_ragged_words(value))
    if array.ndim == 0:
        item = array[()]
        array[()] = item.encode('utf-8') if isinstance(item, str) else item
        return array
    for index, item in enumerate(array.flat):
        if isinstance(item, str):
            array.flat[index] = item.encode('utf-8')
    return array


def numpy_strings_as_bytes(array):
    """A numpy 'U' / 'S' array (or scalar) as TensorFlow holds strings: an object array of
    UTF-8 bytes. ``tf.constant(np.array(['ab']))`` holds b'ab', and its numpy() prints so."""
    out = np.empty(np.shape(array), object)
    flat = out.reshape(-1)                      # a view: out is contiguous
    for index, item in enumerate(np.asarray(array).reshape(-1).tolist()):
        flat[index] = item.encode('utf-8') if isinstance(item, str) else item
    return out


def _all_strings(value):
    """Whether ``value`` is a string, or a non-empty (nested) list or tuple of strings only:
    ``[]`` and ``[[]]`` are not, so they stay float32 as TensorFlow makes them."""
    if isinstance(value, (str, bytes)):
        return True
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(_all_strings(v) for v in value)


def constant(value, dtype=None, shape=None, name=None):
    """A tensor holding ``value``.

    Args:
        value: a Python number or nested list, a numpy array or a tensor.
        dtype: the dtype to give it (Python floats default to float32, ints to int32).
        shape: optional shape; a scalar is broadcast to it, otherwise the
            value is reshaped to it.
    Raises:
        TypeError / ValueError: for values that are not numeric, or a shape
            the value cannot take.
    """
    if isinstance(value, Tensor) and dtype is not None and value._data.dtype != dtypes.numpy_dtype(dtype) \
            and not _is_variable(value):
        # TensorFlow's constant converts a tensor without casting it (a variable's value it casts)
        error = TypeError('Expected tensor %s with dtype %r, but got dtype %r.'
                          % (np.asarray(backend.to_host(value._data)), dtype, value.dtype))
        error.add_note('constant: use framework.cast to change a tensor\'s dtype')
        raise error
    if isinstance(shape, (int, np.integer)):       # TF's as_shape(2) is [2] (data_flow_ops' shape=(2))
        shape = (shape,)
    if type(value) is Tensor and (dtype is None or value._data.dtype == dtypes.numpy_dtype(dtype)) and (
            shape is None or tuple(int(d) for d in shape) == value._data.shape):
        return value    # TF's eager constant hands a tensor back as it is: a tape's gradients flow through it
    array = _to_array(value, dtypes.numpy_dtype(dtype))
    if shape is not None:
        if isinstance(shape, (list, tuple, TensorShape)) and None in shape and array.size != 1:
            # TF's eager constant counts the shape's elements as None: its reshape text, before any conversion
            given = backend.to_host(value._data) if isinstance(value, Tensor) else value
            error = TypeError('Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %s) '
                              'has %d elements, but got `shape` %s with None elements).'
                              % (backend.to_host(array), given, array.size, tuple(shape)))
            error.add_note('constant: a shape with an unknown (None) dimension cannot reshape %d elements; give '
                           'every dimension' % array.size)
            raise error
        shape = _constant_shape(shape)
        xp = backend.array_module(array)
        if array.size == 1:
            array = xp.broadcast_to(xp.asarray(array).reshape(()), shape).copy()
        elif int(np.prod(shape)) == array.size:
            array = xp.asarray(array).reshape(shape)
        else:
            given = backend.to_host(value._data) if isinstance(value, Tensor) else value
            error = TypeError('Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %s) '
                              'has %d elements, but got `shape` %s with %d elements).'
                              % (backend.to_host(array), given, array.size, shape, int(np.prod(shape))))
            error.add_note('constant: a value with %d elements cannot take shape %s' % (array.size, shape))
            raise error
    return Tensor(array)


def _constant_shape(shape):
    """``shape`` as a tuple of ints, or TF's error: its as_shape checks each dimension (a float, a negative
    size), then an unknown (None) one cannot become the shape tensor."""
    if isinstance(shape, str):        # TF's as_shape reads it letter by letter: its TypeError
        TensorShape(shape)
    if shape.__class__ is TensorShape:      # TF's as_list(): TensorShape(None) is its ValueError
        shape = shape.as_list()
    TensorShape([d for d in shape if d is not None])        # a float dimension: Dimension's TypeError
    for d in shape:
        if d is not None and int(d) < 0:
            raise ValueError('Dimension %d must be >= 0' % int(d))
    if any(d is None for d in shape):
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                         "Tensor.")
    return tuple(int(d) for d in shape)


def _is_variable(value):
    from .variable import Variable      # it imports this module
    return isinstance(value, Variable)


_PLAIN_KINDS = frozenset('fiucb')     # numpy kinds _to_array takes as they are (not strings, objects, bfloat16)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """``value`` as a Tensor; a Tensor is returned as it is.

    Raises:
        ValueError: if ``value`` is a tensor of another dtype than ``dtype``.
    """
    if type(value) in _NUMERIC_HOST_TYPES and (dtype is None or dtype is value.dtype) \
            and id(value.dtype) in _NUMPY_OWN_DTYPES and on_host():
        # a numeric numpy array or scalar of numpy's own dtype (a batch of labels, every step), of the dtype
        # asked for if any: copied, as _to_array does (which gives an unpickled array's dtype numpy's own object)
        return Tensor(value.copy())
    if isinstance(value, Tensor):
        dtype = dtypes.numpy_dtype(dtype)
        if dtype is not None and value._data.dtype != dtype:
            if _is_variable(value):     # a variable's own conversion function refuses it, in its words
                from .keras_operands import variable_conversion_error
                error = variable_conversion_error(value, dtype)
            else:
                error = ValueError('%sTensor conversion requested dtype %s for Tensor with dtype %s: %r'
                                   % ('' if name is None else name + ': ', dtype.name, value.dtype.name, value))
            error.add_note('use framework.cast to change the dtype')
            raise error
        return value
    if isinstance(value, IndexedSlices):    # the dense tensor, repeated rows summed (recorded on tapes)
        return value._to_dense(dtype)
    if isinstance(value, (list, tuple)) and autopacking.holds_tensor(value):   # a Pack op, recorded on tapes
        return autopacking.pack(value, dtypes.numpy_dtype(dtype), name)
    if isinstance(value, TensorShape):
        hint = dtypes.numpy_dtype(dtype_hint) if dtype is None and dtype_hint is not None else None
        return Tensor(_shape_array(value, dtypes.numpy_dtype(dtype), hint))
    if dtype is None and dtype_hint is not None and not isinstance(value, (ndarray, generic)):
        hint = dtypes.numpy_dtype(dtypes.as_dtype(dtype_hint))     # an unknown name: TF's TypeError, not ignored
        try:
            return Tensor(_to_array(value, hint))
        except (TypeError, ValueError):
            pass
    return Tensor(_to_array(value, dtypes.numpy_dtype(dtype)))


def _shape_array(shape, dtype, hint=None):
    """A TensorShape's lengths as TF's shape conversion function makes them: int32 (int64 when a length needs it)
    unless an int32 / int64 dtype or dtype_hint asks otherwise, even for TensorShape([]); another dtype asked for
    is refused, another hint ignored.
    (tf.constant is not this function: it converts the shape as a sequence, so TensorShape([]) is float32 there.)"""
    if shape.rank is None or None in shape.as_list():
        raise partial_shape_error(shape)
    lengths = shape.as_list()
    wide = any(length >= 2 ** 31 for length in lengths)
    if dtype is None and hint in (np.int32, np.int64) and not (hint == np.int32 and wide):
        dtype = hint
    if dtype is None:
        dtype = np.dtype(np.int64 if wide else np.int32)
    elif dtype not in (np.int32, np.int64):
        raise TypeError("Cannot convert TensorShape %s to dtype <dtype: '%s'>. Allowed dtypes are tf.int32 and "
                        "tf.int64." % (shape, dtypes.as_dtype(dtype).name))
    elif dtype == np.int32 and wide:
        raise ValueError('Cannot convert TensorShape %s to dtype int32; a dimension is too large. '
                         'Consider using tf.int64.' % (shape,))
    return np.array(lengths, dtype)


@tf_named('is_tf_type')     # TF's name: tf.is_tensor(x, y) says 'is_tf_type() takes 1 positional argument ...'
def is_tensor(value):
    """Whether TF ops take ``value`` without conversion: TF's is_tensor answers True also for its
    RaggedTensor, SparseTensor and IndexedSlices (not for numpy arrays, specs, datasets or
    ExtensionTypes)."""
    if isinstance(value, Tensor):
        return True
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    return isinstance(value, (IndexedSlices, RaggedTensor, SparseTensor))


from .indexed_slices import IndexedSlices  # noqa: E402  (it converts with convert_to_tensor above)
from . import autopacking  # noqa: E402  (it converts with _to_array above)
