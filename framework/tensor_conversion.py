"""Building tensors from Python values: ``constant``, ``convert_to_tensor`` and ``is_tensor``, with
TensorFlow's conversion rules (dtype inference, ragged and mixed lists refused, overflow checks) and its
words for what cannot be converted. framework.tensor re-exports them.
"""
import numpy as np
from numpy import generic, ndarray

from . import backend, dtypes
from .placement import on_host
from .tensor import SymbolicTensorError, Tensor
from .tensor_shape import TensorShape, partial_shape_error
from .tf_python_names import tf_named
from .conversion_refusals import ConversionError, c_type_name, kernel_name, ragged_words, refusal, unconvertible
from .python_list_reading import all_python_ints, beyond_int64, bool_leads, complex_leaf, empty_leading_shape, \
    first_leaf, float32_overflow


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
        empty = empty_leading_shape(value)
        if empty is None:
            error = ConversionError(ragged_words(value))
            raise refusal(value, dtype, error) from None
        array = np.zeros(empty, np.float32)   # TF's quirk: [[], [1]] is (2, 0), of any dtype asked for
    if array.dtype == object and not _all_strings(value):
        if hasattr(value, '__tf_tensor__'):     # TensorLike's TensorProtocol: the object converts itself
            return _to_array(value.__tf_tensor__(), dtype)
        if dtype is not None and dtype.kind == 'f' and all_python_ints(array):
            array = np.asarray([float(v) for v in array.flat]).reshape(array.shape)  # 2**200 as float32: inf
        elif isinstance(value, TensorShape):     # (None, 3): TF converts a shape only when every length is known
            raise partial_shape_error(value)
        else:
            raise refusal(value, dtype, unconvertible(value, array))
    if beyond_int64(value, array) and (dtype is None or (dtype.kind != 'f' and dtype != np.uint64)):
        # numpy holds 2**63 as uint64, [1, 2**63] as float64; TensorFlow's int64 cannot hold it
        raise ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.dtype.kind == 'c' and type(value) in (list, tuple) and dtype != np.complex128 \
            and not complex_leaf(first_leaf(value)):
        # TensorFlow's eager converter takes a list's type from its first element: [1, 2j] has mixed types,
        # [2j, 1] is complex, and so is any list asked for as complex128 (a traced function's graph constant
        # takes what numpy made of it)
        from .eager_graph_names import inside_function
        if not inside_function():
            raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if array.dtype.kind in 'US' and _all_strings(value):     # strings, asked for a numeric dtype
        from .eager_graph_names import inside_function
        if inside_function():       # a traced function makes a graph constant: make_tensor_proto's words
            text = "Expected %s, but got %s of type '%s'." % (np.dtype(dtype).name, first_leaf(value),
                                                              type(first_leaf(value)).__name__)
        else:
            text = 'Cannot convert %r to EagerTensor of dtype %s' % (value, kernel_name(dtype))
        error = TypeError(text)
        error.add_note('strings are not numbers: parse them with framework.strings.to_number')
        raise error
    if array.dtype.kind in 'US':    # numpy turned [1, 'a'] into strings; TensorFlow refuses the mix
        raise refusal(value, dtype, ConversionError("Can't convert Python sequence with mixed types to Tensor."))
    if array.dtype.kind in 'iuf' and type(value) in (list, tuple) and bool_leads(value, dtype):
        from .eager_graph_names import inside_function
        if inside_function():       # a graph constant: make_tensor_proto takes what numpy made of it
            from .graph_conversion_errors import graph_array
            return backend.place(graph_array(value, dtype))
        raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if dtype is None:
        leaf, wide = first_leaf(value), array
        if array.dtype.kind == 'f' and isinstance(leaf, (np.floating, np.ndarray)) and leaf.dtype.kind == 'f' \
                and array.size:     # (no number at all, as [np.zeros(0), np.zeros(2)]: TF's float32)
            array = array.astype(leaf.dtype, copy=False)     # [np.float64(1), 2.0] is float64 in TF
        else:
            array = dtypes.python_default(array)
        if wide.dtype == np.float64 and array.dtype == np.float32 and float32_overflow(wide, array):
            raise ConversionError("Can't convert Python sequence with a value out of range for a double-precision "
                                  "float.")
    else:
        # TensorFlow refuses Python floats for an integer dtype (even 2.0), numbers for bool, complex
        # numbers for a real dtype
        if array.size and (array.dtype.kind in _REFUSED_KINDS.get(dtype.kind, '')     # [] is float64 to numpy
                           or array.dtype.kind == 'b' and dtype not in BOOL_TARGETS
                           or array.dtype.kind == 'c' and dtype.name == 'bfloat16'):     # (bfloat16's kind: 'V')
            raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, kernel_name(dtype)))
        array = array.astype(dtype, copy=False)
    return backend.place(array)


# the kinds of Python values TensorFlow will not convert to a dtype of each kind ('O': string tensors)
_REFUSED_KINDS = {'i': 'fc', 'u': 'fc', 'b': 'iufc', 'f': 'c', 'O': 'iufcb'}


# the dtypes TensorFlow converts Python bools to (tf.constant(True, tf.int8) is its TypeError)
BOOL_TARGETS = frozenset(np.dtype(n) for n in ('bool', 'int32', 'int64', 'uint64', 'float16', 'float32', 'float64',
                                                 'complex128'))


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
                                  % c_type_name(type(v)))
    return numpy_strings_as_bytes(array)


def _string_array(value):
    """Python strings as an object array of UTF-8 bytes (TensorFlow's string tensors). Built as
    objects from the start: numpy's fixed-width 'S'/'U' arrays drop trailing NUL bytes."""
    array = np.array(value, dtype=object)
    if any(isinstance(v, (list, tuple)) for v in array.flat):
        raise ConversionError(ragged_words(value))
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
