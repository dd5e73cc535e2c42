"""Transposed 2-D convolution (``tf.nn.conv2d_transpose``), over NHWC tensors.

A transposed convolution is the gradient of ``conv2d`` with respect to its
input: each input pixel spreads a kernel-weighted copy of itself over a
window of the (larger) output. So it is that very op, ``convolution``'s
input-gradient, whose own gradients (a forward convolution for the input, a
filter-gradient for the kernel) are already recorded, nested tapes included.
"""
import numpy as np

from ..errors import InvalidArgumentError, kernel_error
from .explicit_padding import checked_list, is_explicit
from .convolution import _Geometry, _conv_input_grad, _pair
from .backprop_input_kernel import runs_onednn, why_not_onednn
from .conv_operand_dtypes import matched, refuse_unpaired
from .conv_transpose_shape_error import output_shape_mismatch
from .integer_arguments import shape_ints
from .operands import named_errors
from .padding_attr import refuse_lowercase
from ..tf_python_names import tf_named


@tf_named('conv2d_transpose_v2')
@named_errors('conv2d_transpose')
def conv2d_transpose(input, filters, output_shape, strides, padding='SAME', data_format='NHWC',  # noqa: A002
                     dilations=None, name=None):
    """The transpose of ``conv2d``: (N, H, W, C_in) input, (KH, KW, C_out, C_in) filters,
    giving ``output_shape`` (N, H_out, W_out, C_out).

    ``output_shape`` must be one that ``conv2d`` with the same filters, strides
    and padding maps back onto the input's height and width, as TensorFlow requires.

    ``dilations`` other than 1 give the transpose of the dilated convolution (float32 as TensorFlow's
    oneDNN kernel; its CPU kernel for float64 refuses it, and so does this).

    Raises:
        ValueError: shapes that do not fit together, or data_format other than NHWC.
    """
    op = 'conv2d_transpose'
    padding = refuse_lowercase(padding, op)
    f, x = matched(filters, input, op)       # (as TF's op takes them: a numpy operand gets the other's dtype)
    refuse_unpaired(x, f, 'Conv2DBackpropInput', named=False)     # (what it lets through the kernel computes)
    if data_format == 'NCHW':
        from .conv2d_channels_first import channels_first_conv2d_transpose, eigen_transpose_format_error
        if runs_onednn(x._data.dtype):      # oneDNN's kernel takes the layout; TF's own ones refuse it
            return channels_first_conv2d_transpose(x, f, output_shape, strides, padding, dilations)
        raise eigen_transpose_format_error(x._data.dtype)
    if data_format != 'NHWC':
        raise ValueError('only data_format NHWC is supported, got %r; transpose NCHW input to NHWC' % (data_format,))
    out = tuple(shape_ints(output_shape, op))
    if is_explicit(padding):        # the VALID transpose onto the padded output, the padding cut away
        pairs = checked_list(padding, 4)
        if any(v < 0 for pair in pairs for v in pair):
            raise kernel_error('Conv2DBackpropInput', 'All elements of explicit_paddings must be nonnegative',
                               note='padding %s holds a negative width' % (padding,))
        if pairs[0] != (0, 0) or pairs[3] != (0, 0):
            raise kernel_error('Conv2DBackpropInput', 'Nonzero explicit padding in the batch or depth dimensions is '
                               'not supported', note='padding %s pads the batch or channel axis' % (padding,))
        (top, bottom), (left, right) = pairs[1], pairs[2]
        padded = (out[0], out[1] + top + bottom, out[2] + left + right, out[3]) if len(out) == 4 else out
        full = conv2d_transpose(x, f, padded, strides, 'VALID', data_format, dilations)
        return full[:, top:top + out[1], left:left + out[2], :]
    if dilations is not None and _pair(dilations, 'dilations', op) != (1, 1):
        if not runs_onednn(x._data.dtype):      # TF's own kernels (all but oneDNN's float32) refuse dilations
            raise kernel_error('Conv2DBackpropInput', 'Current CPU implementations do not yet support dilation rates '
                               'larger than 1.', note='conv2d_transpose: TensorFlow\'s own CPU kernel has no dilated '
                                                      'transposed convolution, and %s'
                                                      % why_not_onednn(x._data.dtype))
        from .convolution_nd import conv_transpose      # it builds on convolution.py's padding rule
        return conv_transpose(x, f, out, _pair(strides, 'strides', op), padding, _pair(dilations, 'dilations', op))
    if x.ndim != 4 or f.ndim != 4 or len(out) != 4 or x.shape[3] != f.shape[3] or x.dtype != f.dtype \
            or out[0] != x.shape[0] or out[3] != f.shape[2]:
        raise InvalidArgumentError('input (N, H, W, C_in) %s %s, filters (KH, KW, C_out, C_in) %s %s and output_shape '
                                   '(N, H_out, W_out, C_out) %s do not match'
                                   % (tuple(x.shape), x.dtype.name, tuple(f.shape), f.dtype.name, out))
    geo = _Geometry(out, tuple(f.shape[:2]), _pair(strides, 'strides', op), str(padding).upper(), op)
    if (geo.oh, geo.ow) != tuple(x.shape[1:3]):
        raise output_shape_mismatch(x._data.dtype, out[1:3], geo.kernel, geo.strides, (1, 1), (geo.oh, geo.ow),
                                    tuple(x.shape[1:3]),
                                    "conv2d_transpose: output_shape %s with strides %s and %s padding convolves back "
                                    "to %s, not to the input's %s" % (out, geo.strides, str(padding).upper(),
                                                                      (geo.oh, geo.ow), tuple(x.shape[1:3])))
    if x.dtype.name == 'int32':     # TF's Eigen kernel takes int32: exact integer sums
        from .conv2d_integer import integer_conv2d_transpose
        return integer_conv2d_transpose(x, f, geo)
    return _conv_input_grad(x, f, geo)
