"""Count arguments TensorFlow converts with ``convert_to_int_tensor`` (linspace's num, repeat's repeats):
a float or a string there is its TypeError, not a count cut to an int."""
import numpy as np

from ..tensor import Tensor


def shape_ints(shape, op):
    """An output_shape list as ints; a Python float entry is TF's conversion TypeError (int() would cut it)."""
    values = getattr(shape, 'numpy', lambda: shape)()
    if isinstance(values, (list, tuple)) and any(isinstance(v, float) for v in values):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (list(values),))
        error.add_note('%s: output_shape must hold integers, got %r' % (op, values))
        raise error
    return [int(d) for d in values]


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
