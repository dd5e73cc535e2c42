"""A window function's ``window_length`` and ``dtype`` as TF 2.21's window_ops reads them (_check_params and
_raised_cosine_window): the dtype must be floating (checked first), then the length converts to an int32
scalar tensor, so 'abc' and 2.5 are the conversion's TypeError, None and ragged lists its ValueError, and a
vector 'Shape (2,) must have rank 0'."""
from .. import dtypes
from ..errors import noted
from ..tensor import TensorShape, convert_to_tensor


def window_length_and_dtype(window_length, dtype, op):
    """(length as a Python int, dtype as a numpy dtype), or TF's error."""
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind != 'f':
        raise noted(ValueError("dtype must be a floating point type. Found <dtype: '%s'>" % dtypes.as_dtype(dtype).name),
                    '%s: dtype must be floating, got %s' % (op, dtype.name))
    length = convert_to_tensor(window_length, dtype=dtypes.int32)
    if length.ndim:
        raise noted(ValueError('Shape %s must have rank 0' % TensorShape(length.shape)),
                    '%s: window_length must be a scalar, got shape %s' % (op, tuple(length.shape)))
    return int(length.numpy()), dtype
