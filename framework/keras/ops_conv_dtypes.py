"""The kernel's dtype in ``keras.ops.conv`` / ``conv_transpose`` / ``separable_conv``'s pointwise step.

Keras 3 on TensorFlow 2.21 casts neither operand, so a kernel whose dtype differs from the input's
meets the kernel's own dtype pairing (tapeflow cast int, bool and float16 kernels to the input's
dtype and computed). The words, checked against /opt/tfref (fuzz6/p/k4.py, k5.py, k6.py):

- forward convolutions (Conv2D, Conv3D): 'cannot compute Conv2D as input #1(zero-based) was
  expected to be a <input's> tensor but is a <kernel's> tensor', oneDNN's _MklNative kernel when
  the input is float32 or half; a dilated one (SpaceToBatchND first) has no ' name: ' tail;
- transposes (Conv2DBackpropInput, Conv3DBackpropInputV2) take their dtype from the filter: a filter
  dtype outside the kernel's list is its registry error, else 'input #2 ... was expected to be a
  <filter's> tensor but is a <input's>'; 2-D and 3-D ones have no ' name: ' tail, 1-D ones do.
"""
from framework import onednn_policy
from framework.errors import InvalidArgumentError
from framework.ops.graph_input_errors import eager_input_error
from framework.ops.float_kernels import refusal

from .ops_dtypes import tensor

_ONEDNN = ('float32', 'float16', 'bfloat16')
_TRANSPOSE_ALLOWED = {'Conv2DBackpropInput': ('float16', 'bfloat16', 'float32', 'float64', 'int32'),
                      'Conv3DBackpropInputV2': ('float16', 'bfloat16', 'float32', 'float64')}


def forward_kernel(x, kernel, op, rank, dilated):
    """``kernel`` as a tensor when its dtype is ``x``'s (a floating input), else TF's pairing error."""
    k = tensor(kernel, op)
    if k._data.dtype != x._data.dtype and x._data.dtype.kind == 'f' and x.ndim >= 3:
        raise _pairing('Conv3D' if rank == 3 else 'Conv2D', 1, x.dtype.name, k.dtype.name, x.dtype.name,
                       not dilated, op)
    return k


def transpose_kernel(x, kernel, op, rank):
    """``kernel`` as a tensor when ``x`` (the tensor, before any cast) has its dtype, else TF's error."""
    k = tensor(kernel, op)
    if k._data.dtype == x._data.dtype or x._data.dtype.kind not in 'biuf' or x.ndim < 3:
        return k        # (strings, scalars: the op's own checks say what is wrong)
    name = 'Conv3DBackpropInputV2' if rank == 3 else 'Conv2DBackpropInput'
    if k.dtype.name not in _TRANSPOSE_ALLOWED[name]:
        error = refusal(name, k.dtype.name)
        if rank != 1 and isinstance(error, InvalidArgumentError):     # 2-D and 3-D transposes: no name tail
            error = InvalidArgumentError(str(error)[:-len(' name: ')])
        error.add_note('keras.ops.%s: the kernel is %s; TensorFlow takes float (or int32) kernels here, cast it '
                       'first' % (op, k.dtype.name))
        raise error
    raise _pairing(name, 2, k.dtype.name, x.dtype.name, k.dtype.name, rank == 1, op)


def _pairing(kernel, index, expected, got, runs_as, named, op):
    mkl = runs_as in _ONEDNN and onednn_policy.enabled()
    error = eager_input_error(kernel, index, expected, got, runs='_MklNative' + kernel if mkl else None, named=named)
    error.add_note('keras.ops.%s: the input is %s and the kernel %s; Keras casts neither, so cast one of them first '
                   "(e.g. keras.ops.cast(kernel, '%s'))" % (op, expected if index == 1 else got,
                                                             got if index == 1 else expected,
                                                             expected if index == 1 else got))
    return error
