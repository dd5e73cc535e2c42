"""NumPy's dtype rules for ``tf.experimental.numpy``: what dtype a value gets, and how two promote.

As NumPy (and TensorFlow's tnp): Python floats are float64 and ints int64
(float32 once ``experimental_enable_numpy_behavior(prefer_float32=True)``);
numpy arrays and tensors keep theirs; mixed operands promote as
``numpy.result_type`` of the tensors' dtypes and the numbers themselves (a Python number is
weak: it takes the tensor's dtype), and integer input to a float function becomes float64.
"""
import numbers

import numpy as np

from ... import dtypes
from ...tensor import Tensor, convert_to_tensor
from ...variable import Variable

_options = {'prefer_float32': False}


def prefer_float32(value=None):
    if value is not None:
        _options['prefer_float32'] = bool(value)
    return _options['prefer_float32']


def default_float():
    return np.float32 if _options['prefer_float32'] else np.float64


def numpy_dtype(dtype):
    """A numpy dtype from a numpy type, a dtype string or a tapeflow DType; None stays None."""
    if dtype is None:
        return None
    if isinstance(dtype, dtypes.DType):
        return np.dtype(dtype.as_numpy_dtype)
    return np.dtype(dtype)


def asarray(value, dtype=None):
    """``value`` as a Tensor with NumPy's dtype for it (or ``dtype``).

    Raises:
        TypeError: a value numpy cannot make an array of.
    """
    dtype = numpy_dtype(dtype)
    if isinstance(value, Tensor):
        tensor = convert_to_tensor(value)
        if isinstance(tensor, Variable):
            from ...ops import identity
            tensor = identity(tensor)          # a read the tape sees: gradients reach the variable
        return tensor if dtype is None or tensor.dtype.name == dtype.name else _cast(tensor, dtype)
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as err:
        raise TypeError('tf.experimental.numpy: cannot make an array of %r: %s' % (value, err)) from None
    if dtype is None and array.dtype == np.float64 and not isinstance(value, np.ndarray):
        array = array.astype(default_float())            # Python floats (and lists of them)
    if array.dtype.kind == 'O':
        raise TypeError('tf.experimental.numpy: %r is not a numeric array (numpy made dtype object)' % (value,))
    return convert_to_tensor(array if dtype is None else array.astype(dtype))


def _cast(tensor, dtype):
    from ...ops import cast
    return cast(tensor, dtypes.as_dtype(dtype.name))


def promoted(*values):
    """The values as tensors of one dtype, ``numpy.result_type`` of their dtypes and numbers."""
    target = result_dtype(*values)
    tensors = [asarray(v) if isinstance(v, Tensor) else asarray(v, dtype=target) for v in values]
    return [t if t.dtype.name == target.name else _cast(t, target) for t in tensors]


def result_dtype(*values):
    """The dtype TF 2.21's tnp gives operands (np_utils.result_type): tensors count by their dtype,
    numbers (and the numbers in lists) by their value, so that under NumPy 2's rules a Python
    float or int is weak: ``tensor_f32 + 1.5`` stays float32 and ``tensor_i32 + 3`` int32, where
    the number made an array first would be float64 / int64. With prefer_float32, Python floats
    count as float32."""
    operands = []
    for value in values:
        _operands_of(value, operands)
    if _options['prefer_float32']:
        operands = [np.float32(x) if isinstance(x, float) else np.complex64(x) if isinstance(x, complex) else x
                    for x in operands]
    if not operands:
        return np.dtype(default_float())        # only empty lists: numpy's empty array
    return np.result_type(*operands)


def _operands_of(value, operands):
    if isinstance(value, Tensor):
        operands.append(value._data.dtype)      # (numpy's own dtype: bfloat16 has no numpy name)
    elif isinstance(value, (numbers.Number, np.ndarray, np.generic, str)):
        operands.append(value)          # (a str as np.result_type reads it: TF's "data type 'x' not understood")
    elif isinstance(value, (list, tuple)):
        for item in value:                      # TF flattens a list: its numbers stay weak
            _operands_of(item, operands)
    else:
        operands.append(np.dtype(asarray(value).dtype.name))


def floating(value):
    """``value`` as a float tensor: integers and booleans become float64 (float32 if preferred)."""
    tensor = asarray(value)
    if np.dtype(tensor.dtype.name).kind in 'biu':
        return _cast(tensor, np.dtype(default_float()))
    return tensor


def cast_to(tensor, dtype):
    dtype = numpy_dtype(dtype)
    return tensor if dtype is None or tensor.dtype.name == dtype.name else _cast(tensor, dtype)
