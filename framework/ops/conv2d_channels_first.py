"""2-D convolution and pooling with data_format='NCHW' on the CPU, as TF 2.21 runs them. oneDNN's kernels take
channels-first input and give the same bits as the NHWC op on the transposed input (conv2d's outputs and both
gradients, max / avg pooling's outputs, measured: notes progs/errors43/nchw_standalone*.py, pooln_standalone.py),
so the op runs on the transposed input and transposes back; 4-element strides, dilations, windows and explicit
paddings are given in NCHW order and reordered. TF's own kernels (float64 convolutions, other pooling dtypes, the
max pool's gradient) refuse the layout, in TF's words."""
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


def eigen_format_error(dtype, named=True):
    """TF 2.21's own Conv2D kernel refusing NCHW, where oneDNN does not run ``dtype`` (backprop_input_kernel).
    ``named``: the ' name: ' tail, which tf.nn.convolution's dilated path (space to batch) does not print."""
    from .backprop_input_kernel import why_not_onednn
    return kernel_error('Conv2D', 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was '
                                  'given the format: NCHW', named=named, error_class=UnimplementedError,
                        note="conv2d: TensorFlow's own CPU kernel takes data_format='NHWC' only, and %s; transpose "
                             'the input' % why_not_onednn(dtype))


def eigen_transpose_format_error(dtype):
    """TF 2.21's own Conv2DBackpropInput kernel refusing NCHW, where oneDNN does not run ``dtype``."""
    from .backprop_input_kernel import why_not_onednn
    return kernel_error('Conv2DBackpropInput', 'Conv2DCustomBackpropInputOp only supports NHWC.',
                        note="conv2d_transpose: TensorFlow's own CPU kernel takes data_format='NHWC' only, and %s; "
                             'transpose the input' % why_not_onednn(dtype))


# The dtypes whose NCHW pooling TF 2.21 runs on oneDNN's kernels (the others reach TF's own, NHWC-only kernels)
_ONEDNN_POOLS = {'max': ('float32', 'float16', 'bfloat16'), 'avg': ('float32', 'bfloat16')}


def channels_first_pool2d(pool, x, ksize, strides, padding, kind):
    """``pool`` (max_pool2d / avg_pool2d, ``kind`` 'max' / 'avg') of an (N, C, H, W) tensor ``x`` as TF 2.21 runs
    data_format='NCHW': oneDNN's kernel gives the NHWC pool's bits (measured: progs/errors43/pooln_standalone.py,
    25 shapes each), other dtypes are refused by TF's own kernel, and a max pool has no NCHW gradient on the CPU."""
    from ..onednn_policy import enabled as onednn_enabled
    op_type = 'MaxPool' if kind == 'max' else 'AvgPool'
    if x.dtype.name not in _ONEDNN_POOLS[kind] or not onednn_enabled():
        raise kernel_error(op_type, 'Default %sPoolingOp only supports NHWC on device type CPU'
                           % ('Max' if kind == 'max' else 'Avg'), named=True,
                           note="%s_pool2d: data_format='NCHW' runs on oneDNN's kernels for %s only; transpose the "
                                'input to NHWC' % (kind, ', '.join(_ONEDNN_POOLS[kind])))

    def forward(t):
        out = pool(transpose(t, list(_TO_NHWC)), _nhwc_order(ksize), _nhwc_order(strides), padding, 'NHWC')
        return transpose(out, [0, 3, 1, 2])

    if kind != 'max':
        return forward(x)
    from ..custom_gradient import custom_gradient

    @custom_gradient
    def pooled(t):
        def refuse(dy):
            raise kernel_error('MaxPoolGrad', 'Default MaxPoolingGradOp only supports NHWC on device type CPU',
                               named=True, note="max_pool2d: data_format='NCHW' has no gradient on TF's CPU kernels; "
                                                'transpose the input to NHWC to train through the pool')
        return forward(t), refuse
    return pooled(x)


def channels_first_conv2d_transpose(x, filters, output_shape, strides, padding, dilations):
    """conv2d_transpose of an (N, C, H, W) ``x`` onto ``output_shape`` (N, C_out, H_out, W_out): oneDNN's kernel
    gives the NHWC bits, outputs and both gradients (progs/errors43/trn_standalone.py, 20 shapes)."""
    from .conv_transpose import conv2d_transpose
    from .integer_arguments import shape_ints
    out = list(shape_ints(output_shape, 'conv2d_transpose'))
    nhwc = conv2d_transpose(transpose(x, list(_TO_NHWC)), filters, _nhwc_order(out), _nhwc_order(strides),
                            _nhwc_order(padding), 'NHWC', _nhwc_order(dilations))
    return transpose(nhwc, [0, 3, 1, 2])
