"""Count arguments TensorFlow converts with ``convert_to_int_tensor`` (linspace's num, repeat's repeats):
a float or a string there is its TypeError, not a count cut to an int."""
import numpy as np

from ..tensor import Tensor


def refuse_non_integer(value, name, op):
    """Raise TensorFlow's TypeError when ``value`` (a Python float or str, a list holding floats, or a
    tensor of a non-integer dtype) is no integer; numpy scalars and arrays pass, as TF converts them."""
    if isinstance(value, Tensor):
        dtype, shown = value.dtype.name, value.numpy()
    elif isinstance(value, (str, bytes)):
        dtype, shown = 'string', value.encode() if isinstance(value, str) else value
    elif isinstance(value, float) or (isinstance(value, (list, tuple)) and any(isinstance(v, float) for v in value)):
        dtype, shown = 'float32', np.asarray(value, np.float32)
    else:
        return
    if dtype not in ('string', 'bfloat16') and np.dtype(dtype).kind in 'iu':
        return
    error = TypeError("Argument `tensor` (name: %s) must be of type integer. Received `tensor` = %s of dtype: "
                      "<dtype: '%s'>" % (name, shown, dtype))
    error.add_note('%s: %s must be an integer (or integers), got %r' % (op, name, value))
    raise error
