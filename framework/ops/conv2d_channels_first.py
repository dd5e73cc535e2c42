"""tf.nn.conv2d(..., data_format='NCHW') on the CPU, as TF 2.21 runs it: oneDNN's kernel (float32, half,
bfloat16) takes channels-first input and gives the same bits as the NHWC convolution of the transposed input
(its outputs and both gradients, measured: notes progs/errors43/nchw_standalone*.py), so the convolution runs on
the transposed input and transposes back; 4-element strides, dilations and explicit paddings are given in NCHW
order and reordered. Eigen's kernel (float64) refuses the format, in TF's words."""
from ..errors import UnimplementedError, kernel_error
from .shapes import transpose

_TO_NHWC = (0, 2, 3, 1)


def _nhwc_order(value):
    """A 4-element NCHW-ordered list (strides, dilations, explicit padding pairs) in NHWC order."""
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return [value[i] for i in _TO_NHWC]
    return value


def channels_first_conv2d(x, filters, strides, padding, dilations):
    """conv2d of an (N, C, H, W) ``x``, answered in (N, O, H', W')."""
    from .convolution import conv2d
    out = conv2d(transpose(x, list(_TO_NHWC)), filters, _nhwc_order(strides), _nhwc_order(padding), 'NHWC',
                 _nhwc_order(dilations))
    return transpose(out, [0, 3, 1, 2])


def eigen_format_error():
    return kernel_error('Conv2D', 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was '
                                  'given the format: NCHW', named=True, error_class=UnimplementedError,
                        note="conv2d: float64 convolutions take data_format='NHWC' on the CPU; transpose the input")
