"""TF 2.21's refusal of an axis of another dtype than int32 / int64 by ReverseV2 (attr Tidx) and ExpandDims
(attr Tdim): the op registry's "Value for attr 'Tidx' of float is not in the list of allowed values: int32,
int64 ..." text, where tapeflow's axis checks spoke their own words.

How TF reaches it (measured on TF 2.21):
- a tensor input takes the eager fast path: an axis tensor of float / string / bool / uint8 / int16 / double
  dtype is refused with the ' name: ' tail; a Python float scalar is "Cannot convert 1.0 to EagerTensor of
  dtype int32" (the fast path converts it to int32 itself); other Python values (a float list, 'a', ['a'],
  [1, 1.5]) fall to the slow path and are refused without the tail;
- a Python list input takes the slow path: every such axis, a Python float too, is refused without the tail.
numpy float / bool arrays are cast to int32 on both paths and are left to the ops' own checks, as Python ints and
bools are; a numpy string array is int()'s "invalid literal for int() with base 10: np.str_('a')" on the fast path and
the registry's string refusal on the slow one."""
import numpy as np

from ..errors import InvalidArgumentError, fast_path
from ..tensor import Tensor
from .graph_input_errors import kernel_dtype_name

# kernel -> (its type attribute, the registry's Op<...> text after the attribute refusal's NodeDef)
_KERNELS = {
    'ReverseV2': ('Tidx', 'Op<name=ReverseV2; signature=tensor:T, axis:Tidx -> output:T; attr=Tidx:type,default='
                          'DT_INT32,allowed=[DT_INT32, DT_INT64]; attr=T:type,allowed=[DT_UINT8, DT_INT8, DT_UINT16, '
                          'DT_INT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64, DT_BOOL, DT_BFLOAT16, DT_HALF, DT_FLOAT, '
                          'DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, DT_STRING]>'),
    'ExpandDims': ('Tdim', 'Op<name=ExpandDims; signature=input:T, dim:Tdim -> output:T; attr=T:type; attr=Tdim:type,'
                           'default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
}


def axis_attr_refusal(kernel, op, input, axis):
    """The error TF 2.21 raises for ``axis`` of ``kernel`` ('ReverseV2', 'ExpandDims') called by ``op`` on
    ``input``, or None where the axis's dtype is int32 / int64 (or a value left to the op's own checks)."""
    if type(axis) is int or axis is None or isinstance(axis, np.generic):
        return None
    fast = fast_path(input)
    if isinstance(axis, np.ndarray):
        if axis.dtype.kind not in 'US' or not axis.size:
            return None
        if fast:        # the fast path's int32 conversion of a numpy string array
            return ValueError('invalid literal for int() with base 10: %r' % (axis.flat[0],))
        dtype = 'string'
    elif isinstance(axis, Tensor):
        dtype = axis.dtype.name
    else:
        if type(axis) is float and fast:
            return TypeError('Cannot convert %r to EagerTensor of dtype int32' % (axis,))
        dtype = _python_dtype(axis)
        if dtype is None:
            return None
    if dtype in ('int32', 'int64'):
        return None
    attr, signature = _KERNELS[kernel]
    error = InvalidArgumentError(
        "Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
        "%s [Op:%s]%s" % (attr, kernel_dtype_name(dtype), kernel, signature, kernel,
                          ' name: ' if fast and isinstance(axis, Tensor) else ''))
    error.add_note('%s: axis must be int32 or int64 (an integer or a list of them), got %s %r'
                   % (op, dtype, axis if not isinstance(axis, Tensor) else axis.numpy()))
    return error


def _python_dtype(axis):
    """The dtype TF's converter gives a Python float / string axis or a list of them; None for other values
    (ints, bools, nested or ragged lists), whose handling the op's own checks keep."""
    if isinstance(axis, (str, bytes)):
        return 'string'
    if type(axis) is float:
        return 'float32'
    if isinstance(axis, (list, tuple)) and axis and all(not isinstance(a, (list, tuple)) for a in axis):
        if all(isinstance(a, (str, bytes)) for a in axis):
            return 'string'
        if all(type(a) in (int, float) for a in axis) and any(type(a) is float for a in axis):
            return 'float32'
    return None
