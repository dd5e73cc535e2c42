"""TensorFlow's dtype names, mapped onto numpy dtypes, and the conversion rules.

Python floats become float32 and Python ints int32, as in TensorFlow; numpy
arrays keep the dtype they have (float64 stays float64).
"""
import numpy as np

float16 = half = np.dtype('float16')
float32 = np.dtype('float32')
float64 = double = np.dtype('float64')
int8 = np.dtype('int8')
int16 = np.dtype('int16')
int32 = np.dtype('int32')
int64 = np.dtype('int64')
uint8 = np.dtype('uint8')
uint16 = np.dtype('uint16')
uint32 = np.dtype('uint32')
uint64 = np.dtype('uint64')
bool = np.dtype('bool')          # noqa: A001  (TensorFlow's name)
complex64 = np.dtype('complex64')
complex128 = np.dtype('complex128')
string = np.dtype('object')

_BY_NAME = {d.name: d for d in (float16, float32, float64, int8, int16, int32, int64,
                                uint8, uint16, uint32, uint64, bool, complex64, complex128)}
_BY_NAME.update(half=float16, double=float64, string=string, bfloat16=float32)


def as_dtype(dtype):
    """Normalise a dtype given as a name, numpy type or numpy dtype.

    Raises:
        TypeError: for something that names no dtype.
    """
    if dtype is None:
        return None
    if isinstance(dtype, np.dtype):
        return dtype
    if isinstance(dtype, str):
        try:
            return _BY_NAME[dtype]
        except KeyError:
            raise TypeError('Unknown dtype %r; expected one of %s'
                            % (dtype, ', '.join(sorted(_BY_NAME)))) from None
    if dtype is float:
        return float32
    if dtype is int:
        return int32
    try:
        return np.dtype(dtype)
    except TypeError:
        raise TypeError('Cannot interpret %r as a dtype; use e.g. framework.float32' % (dtype,)) from None


def is_floating(dtype):
    return dtype.kind == 'f'


def is_numeric(dtype):
    return dtype.kind in 'fiucb'


def python_default(array):
    """The dtype TensorFlow gives a converted Python value: float32 / int32."""
    kind = array.dtype.kind
    if kind == 'f':
        return array.astype(np.float32) if array.dtype != np.float32 else array
    if kind == 'i':
        if array.dtype == np.int32:
            return array
        info = np.iinfo(np.int32)
        if array.size and (array.min() < info.min or array.max() > info.max):
            return array.astype(np.int64)      # TensorFlow widens what int32 cannot hold
        return array.astype(np.int32)
    if kind == 'U':     # TensorFlow keeps strings as UTF-8 bytes: tf.constant('a').numpy() is b'a'
        return np.char.encode(array, 'utf-8').astype(object)
    if kind == 'S':
        return array.astype(object)
    return array


def display_name(dtype):
    """The dtype's name as a tensor's repr shows it: 'string' for string tensors."""
    return 'string' if dtype == string else dtype.name
