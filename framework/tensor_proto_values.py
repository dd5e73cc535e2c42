"""``tf.make_tensor_proto`` and ``tf.make_ndarray``: values to a TensorProto and back, by TensorFlow's rules.

Python values take TensorFlow's dtypes (floats float32, ints int32 where they fit); a given dtype
accepts the Python values TensorFlow's accepts (ints for floats, not floats for ints); numpy arrays
and tensors are cast. A shorter value list than ``shape`` is stored as given and ``make_ndarray``
fills the rest with the last value, as TensorFlow's does.
"""
import numbers

import numpy as np

from . import dtypes
from .python_list_reading import leaves
from .tensor_protos import _CONTENT_TYPES, _VAL_FIELD, TensorProto, TensorShapeProto
from .tf_python_names import tf_named

_ACCEPTS = {'i': (numbers.Integral, np.integer), 'u': (numbers.Integral, np.integer), 'f': (numbers.Real, np.integer, np.floating),
            'c': (numbers.Complex, np.number), 'b': (bool, np.bool_), 'S': (bytes, str)}


def _check_compatible(values, dtype):
    kind = 'S' if dtype.name == 'string' else np.dtype(dtypes.numpy_dtype(dtype)).kind
    accepted = _ACCEPTS[kind]
    for v in leaves(values):
        if not isinstance(v, accepted):
            raise TypeError("Expected %s, but got %s of type '%s'." % (dtype.name, v, type(v).__name__))


def _failed(values):
    return TypeError('Failed to convert elements of %s to Tensor. Consider casting elements to a supported type. '
                     'See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.' % (values,))


def _as_bytes(v):
    return v.encode('utf-8') if isinstance(v, str) else bytes(v)


def _python_array(values, dtype):
    """A list or scalar of Python values as the numpy array TensorFlow makes of it."""
    if values is None:
        raise ValueError('None values not supported.')
    if dtype is not None:
        _check_compatible(values, dtype)
        if dtype.name == 'string':
            return np.array([_as_bytes(v) for v in leaves(values)], object).reshape(np.shape(values))
        return np.array(values).astype(dtypes.numpy_dtype(dtype))      # wraps out-of-range ints, as TF's
    array = np.array(values)
    if array.dtype.kind in 'US':
        if not all(isinstance(v, (str, bytes)) for v in leaves(values)):
            raise _failed(values)
        return np.array([_as_bytes(v) for v in leaves(values)], object).reshape(array.shape)
    if array.dtype.kind not in 'biufc':
        raise _failed(values)
    if array.dtype == np.float64:
        return array.astype(np.float32)
    if array.dtype == np.int64 and np.array_equal(array.astype(np.int32), array):
        return array.astype(np.int32)
    return array


def _numpy_array(values, dtype):
    array = np.asarray(values)
    if array.dtype.kind in 'USO':
        return np.array([_as_bytes(v) for v in array.reshape(-1)], object).reshape(array.shape)
    if dtype is not None and dtype.name != 'string' and array.dtype != dtypes.numpy_dtype(dtype):
        return array.astype(dtypes.numpy_dtype(dtype))
    return array


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False):
    """A TensorProto holding ``values`` (a Python value, numpy array or tensor) with ``dtype`` and ``shape``.

    Raises:
        TypeError: values that ``dtype`` does not accept, or a shape that differs under ``verify_shape``.
        ValueError: more values than ``shape`` holds, or None.
    """
    if allow_broadcast and verify_shape:
        raise ValueError('allow_broadcast and verify_shape are not both allowed.')
    if isinstance(values, TensorProto):
        return values
    dtype = dtypes.as_dtype(dtype)
    if hasattr(values, 'numpy') and callable(values.numpy):       # a tensor or variable: its value
        values = values.numpy()
    if isinstance(values, (np.ndarray, np.generic)):
        array = _numpy_array(values, dtype)
    else:
        array = _python_array(values, dtype)
    name = 'string' if array.dtype == object else dtypes.as_dtype(array.dtype).name
    if shape is None:
        shape, same_size = array.shape, True
    else:
        shape = tuple(int(d) for d in shape)
        size = int(np.prod(shape, dtype=np.int64))
        same_size = size == array.size
        if allow_broadcast:
            if array.shape not in ((1,), ()) and array.size != size:
                raise TypeError("Expected Tensor's shape: %s, but got %s." % (shape, array.shape))
        else:
            if verify_shape and array.shape != shape:
                raise TypeError("Expected Tensor's shape: %s, but got %s." % (shape, array.shape))
            if array.size > size:
                raise ValueError('Too many elements provided. Takes at most %d, but got %d.' % (size, array.size))
    proto = TensorProto(dtype=dtypes._ENUMS[name], tensor_shape=TensorShapeProto(shape))
    flat = array.reshape(-1)
    if same_size and name in _CONTENT_TYPES and flat.size > 1:
        proto.tensor_content = flat.astype(flat.dtype.newbyteorder('<')).tobytes()
    elif name in ('float16', 'bfloat16'):
        proto.half_val = flat.view(np.uint16).tolist()
    elif name in ('complex64', 'complex128'):
        setattr(proto, _VAL_FIELD[name], np.stack([flat.real, flat.imag], -1).reshape(-1).tolist())
    else:
        setattr(proto, _VAL_FIELD[name], flat.tolist())
    return proto


@tf_named('MakeNdarray')
def make_ndarray(tensor):
    """The numpy array a TensorProto holds (values listed short of its shape repeat the last one)."""
    shape = [d.size for d in tensor.tensor_shape.dim]
    count = int(np.prod(shape, dtype=np.int64))
    name = dtypes.as_dtype(tensor.dtype).name
    if name == 'string':
        values = list(tensor.string_val)
        values += values[-1:] * (count - len(values)) if values else [b''] * count
        return np.array(values, dtype=object).reshape(shape)
    dtype = np.dtype(dtypes.numpy_dtype(name))
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, dtype.newbyteorder('<')).astype(dtype).reshape(shape)
    values = getattr(tensor, _VAL_FIELD[name])
    if name in ('float16', 'bfloat16'):
        values = np.array(values, np.uint16).view(dtype)
    elif name in ('complex64', 'complex128'):
        values = np.array(values[0::2], dtype) + 1j * np.array(values[1::2], dtype)
    else:
        values = np.array(values, dtype)
    if values.size == 0:
        return np.zeros(shape, dtype)
    if values.size != count:
        values = np.pad(values, (0, count - values.size), 'edge')
    return values.reshape(shape)
