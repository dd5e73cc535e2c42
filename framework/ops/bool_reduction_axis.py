"""What TF 2.21's tf.reduce_all / tf.reduce_any say about their axis before their input's dtype.

Their All / Any kernels take a bool input; a tensor of another dtype is refused, but how depends on
the axis, which TF's eager wrapper meets first. An axis its fast path takes (None, a Python int, a
tensor, a numpy array) leaves the refusal to the fast path: a float / bool / string axis tensor is
the Tidx registry error (' name: ' tail), a Python float fails its int32 conversion ('Cannot convert
1.0 to EagerTensor of dtype int32'), else the kernel's 'cannot compute All as input #0 ...'. Any other
axis (a Python list or tuple, a string, a numpy scalar) sends the call down the slow path, which
converts the input to bool first: convert_to_tensor's ValueError ('Tensor conversion requested dtype
bool for Tensor with dtype int32: ...'; a tf.Variable's 'Incompatible type conversion ...').
Only a failing call gets here.
"""
import numpy as np

from ..tensor import Tensor


def axis_refusal(op, x, axis):
    """TF's error for reducing the non-bool tensor ``x`` over ``axis`` where the axis decides it, else None.

    Raises:
        ValueError: the slow path's conversion of ``x`` to bool (raised here, by convert_to_tensor).
    """
    from ..tensor import convert_to_tensor
    from .axis_errors import float_axis
    from .operands import _tidx_refusal
    if isinstance(axis, (list, tuple, str, bytes)) or (isinstance(axis, np.generic) and not isinstance(axis, float)):
        convert_to_tensor(x, dtype='bool')      # the slow path's conversion: TF's ValueError for any non-bool x
        return None
    if isinstance(axis, Tensor) and axis._data.dtype.kind not in 'iu':
        return _tidx_refusal(op, axis.dtype.name, named=True)
    if type(axis) is float:
        return float_axis(op, axis)
    return None
