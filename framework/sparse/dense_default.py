"""``tf.sparse.to_dense``'s default_value, taken as TF 2.21's SparseToDense takes it (input #3, the values'
dtype, a scalar): a Python float for int values is the fast path's TypeError ('Cannot convert 7.0 to
EagerTensor of dtype int32'), a tensor of another dtype the kernel's dtype error, a vector 'default_value
should be a scalar.'. Before, tapeflow cast or broadcast them."""
import numbers

import numpy as np

from .. import backend
from ..errors import fast_path, kernel_error
from ..tensor import Tensor, convert_to_tensor


def checked_default(default_value, dtype):
    """``default_value`` as a host scalar of ``dtype`` (a numpy dtype), or None when not given."""
    if default_value is None:
        return None
    from ..ops.graph_input_errors import eager_input_error, kernel_dtype_name
    name = 'string' if dtype == object else kernel_dtype_name(dtype)
    if isinstance(default_value, Tensor):
        if default_value._data.dtype != dtype:
            error = eager_input_error('SparseToDense', 3, dtype, default_value._data.dtype)
            error.add_note('sparse.to_dense: default_value must have the values\' dtype %s, got %s'
                           % (name, default_value.dtype.name))
            raise error
        value = default_value
    else:
        integral = np.dtype(dtype).kind in 'iub'
        if (isinstance(default_value, (str, bytes)) != (dtype == object)) or (
                integral and isinstance(default_value, numbers.Number) and not isinstance(default_value, numbers.Integral)):
            raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (default_value, name))
        value = convert_to_tensor(default_value, dtype='string' if dtype == object else np.dtype(dtype).name)
    if value.ndim:
        raise kernel_error('SparseToDense', 'default_value should be a scalar.', named=fast_path(default_value),
                           note='sparse.to_dense: default_value must be one value, got shape %s' % (tuple(value.shape),))
    return np.asarray(backend.to_host(value._data))[()]
