"""The dtypes TF 2.21's tf.nn convolutions give their input and filters, and its kernels' refusal of a pair
whose dtypes differ (eagerly; read off /opt/tfref with notes progs/errors57/conv2.py - conv6.py).

Two ways in:

- tf.nn.conv2d, conv3d, conv2d_transpose, conv3d_transpose and a 2-D / 3-D conv_transpose hand both operands to
  their op as given, and eager's fast path converts a Python or numpy operand to the dtype of the other one where
  that is a tensor or a variable (of two non-tensors, the first in the op's signature sets it: the input, a
  transpose's filter). So tf.nn.conv2d(float32 x, np.ones((3, 3, 1, 1))) convolves in float32.
- tf.nn.convolution, conv1d, depthwise_conv2d, separable_conv2d, atrous_conv2d, atrous_conv2d_transpose,
  conv1d_transpose and a 1-D conv_transpose convert each operand on its own first, so a float64 numpy filter
  meets a float32 input at the kernel.

The kernel takes its type T from the input (Conv2D, Conv3D, DepthwiseConv2dNative) or from the filter
(Conv2DBackpropInput, Conv3DBackpropInputV2, whose input #2 is the transpose's input): a T outside the kernel's
list is the registry's "Value for attr 'T' of complex64 is not in the list of allowed values: ...", and the other
operand of another dtype 'cannot compute Conv2D as input #1(zero-based) was expected to be a double tensor but is
a float tensor'. Both come before any check of ranks, shapes, formats or dilations. (tapeflow said 'convolution:
input ... and filters ... do not match in rank or dtype', and convolved complex tensors.)
"""
import numpy as np

from ..tensor import Tensor
from .backprop_input_kernel import runs_onednn
from .float_kernels import KERNELS, refusal
from .graph_input_errors import eager_input_error, input_mismatch, kernel_dtype_name
from .operands import as_tensor

_TRANSPOSES = ('Conv2DBackpropInput', 'Conv3DBackpropInputV2')
# half, float and double: every kernel here takes them (a model's every convolution, checked in one set test)
_EVERY_KERNELS = frozenset(np.dtype(char) for char in 'efd')


def matched(first, second, op):
    """Both operands as tensors, as eager's fast path converts two inputs of one type attribute (``first`` is the
    earlier in the op's signature): a non-tensor takes the other's dtype."""
    if isinstance(first, Tensor):
        return first, (second if isinstance(second, Tensor) else as_tensor(second, op, dtype=first.dtype))
    if isinstance(second, Tensor):
        return as_tensor(first, op, dtype=second.dtype), second
    first = as_tensor(first, op)
    return first, as_tensor(second, op, dtype=first.dtype)


def separate(input, filters, op):  # noqa: A002
    """Both operands as tensors, each of its own dtype (the wrappers that convert them before the op)."""
    return as_tensor(input, op), as_tensor(filters, op)


def usual_pair(x, f):
    """Whether input ``x`` and filters ``f`` (tensors) share a dtype every kernel here takes: nothing to refuse (a
    model's every convolution; its callers then skip working out the words of a refusal)."""
    dtype = x._data.dtype
    return dtype is f._data.dtype and dtype in _EVERY_KERNELS


def refuse_unpaired(x, f, kernel, named=True, name=''):
    """Raise ``kernel``'s refusal of input ``x`` and filters ``f`` (tensors) when the dtype that sets its T is not in
    its list, or the other operand's dtype is not T; return where both are T. ``named``: whether TF's wrapper adds
    the ' name: ' tail (``name`` its text: separable_conv2d's depthwise step says 'depthwise')."""
    if usual_pair(x, f):
        return
    typed, other, index = (f, x, 2) if kernel in _TRANSPOSES else (x, f, 1)
    t, got = _name(typed), _name(other)
    if kernel_dtype_name(t) not in KERNELS[kernel][2]:
        error = refusal(kernel, t, named)
        if name and str(error).endswith(' name: '):
            error = type(error)(str(error) + name)
        error.add_note('%s: TensorFlow has no %s kernel for %s %s; cast it to float32 first'
                       % (kernel, t, 'filters' if index == 2 else 'input', tuple(typed.shape)))
        raise error
    if got != t:
        onednn = runs_onednn(typed._data.dtype)
        error = eager_input_error(kernel, index, t, got, runs='_MklNative' + kernel if onednn else None, name=name,
                                  named=named)
        error.add_note('%s: the input is %s %s and the filters %s %s; cast one of them to the other\'s dtype first'
                       % (kernel, x.dtype.name, tuple(x.shape), f.dtype.name, tuple(f.shape)))
        raise input_mismatch(error, kernel, index, t, got)      # (a tf.function's graph: op_def_library's TypeError)


def _name(t):
    name = t.dtype.name
    return 'string' if name == 'object' or name.startswith(('bytes', 'str')) else name

