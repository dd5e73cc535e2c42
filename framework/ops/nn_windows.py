"""TensorFlow's ``tf.nn`` convolution entry points, over convolution_nd (the pools are nn_pools.py's).

These add TensorFlow's signatures to the N-d ops: the ``data_format`` argument
(channels first is transposed to channels last around the computation), strides
and dilations given as one int, N ints or TensorFlow's ``[1, ..., 1]`` form,
``conv3d``-style fixed ranks, and the ``convolution`` dispatcher.
"""
import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error
from .conv_depth_errors import depth_refusal
from .conv_operand_dtypes import matched, refuse_unpaired, separate, usual_pair
from .conv2d_integer import integer_convolution, integer_transpose
from .convolution_nd import conv_transpose as _conv_transpose_nd
from .convolution_nd import convolution as _convolution_nd
from .convolution_nd import depthwise_conv as _depthwise_nd
from .backprop_input_kernel import runs_onednn, why_not_onednn
from .integer_arguments import shape_ints
from .operands import as_float_tensor, named_errors
from .padding_attr import refuse_lowercase
from .explicit_padding import is_explicit, padded_input
from .shapes import transpose
from ..tf_python_names import tf_named


_LAST = {1: 'NWC', 2: 'NHWC', 3: 'NDHWC'}
_FIRST = {1: 'NCW', 2: 'NCHW', 3: 'NCDHW'}


def channels_first(data_format, rank, op):
    """Whether ``data_format`` puts channels first (None: channels last), checked against the rank."""
    if data_format is None or data_format == _LAST.get(rank) or (rank is None and data_format in _LAST.values()):
        return False
    if data_format == _FIRST.get(rank) or (rank is None and data_format in _FIRST.values()):
        return True
    raise ValueError('%s: data_format must be %r or %r for %s spatial axes, got %r'
                     % (op, _LAST.get(rank, 'N...C'), _FIRST.get(rank, 'NC...'), rank, data_format))


def to_last(x, first):
    return transpose(x, [0] + list(range(2, x.ndim)) + [1]) if first else x


def to_first(x, first):
    return transpose(x, [0, x.ndim - 1] + list(range(1, x.ndim - 1))) if first else x


def spatial(value, rank, first):
    """Strides or dilations in the channels-first [1, 1, ...] form moved to channels-last order."""
    if first and isinstance(value, (list, tuple)) and len(value) == rank + 2:
        return [value[0]] + list(value[2:]) + [value[1]]
    return value


def five(value, first):
    """A 3-D pool's window or strides as TensorFlow's node attribute prints them: five entries."""
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    if len(values) == 5:
        return values
    values = values * 3 if len(values) == 1 else values
    return [1, 1] + values if first else [1] + values + [1]


def window_input(input, rank, op):  # noqa: A002
    x = as_float_tensor(input, op)
    if rank is not None and x.ndim != rank + 2:
        raise InvalidArgumentError('%s: expected an input of rank %d (batch, %d spatial axes, channels), got shape %s'
                                   % (op, rank + 2, rank, tuple(x.shape)))
    if x.ndim < 3:
        raise InvalidArgumentError('%s: expected an input (batch, *spatial, channels) of rank >= 3, got shape %s'
                                   % (op, tuple(x.shape)))
    return x


# ---- convolution -----------------------------------------------------------------------------
def _groups(x, filters, rank):
    """TF 2.21 runs 1-D and 2-D convolutions as oneDNN's Conv2D, which groups filters of fewer channels than the
    input (a divisor of its depth); 3-D ones (Conv3D) refuse them, as convolution_nd does."""
    depth, width = x.shape[-1], (filters.shape[-2] if getattr(filters, 'ndim', 0) == rank + 2 else None)
    if rank > 2 or not width or depth == width or depth % width or filters.shape[-1] % (depth // width):
        return 1
    return depth // width


def _convolve(input, filters, strides, padding, data_format, dilations, rank, op):  # noqa: A002
    # TF's kernel checks the operands' dtypes first (tf.nn.conv3d hands them to it as given: conv_operand_dtypes);
    # a dilated tf.nn.convolution / atrous_conv2d runs it inside with_space_to_batch, whose errors have no name tail
    # (and a Python list given to tf.nn.conv3d takes eager's slow path, whose errors have none either)
    given = input, filters
    x, filters = (matched if op == 'conv3d' else separate)(input, filters, op)
    if not usual_pair(x, filters):
        named = fast_path(*given) if op == 'conv3d' else op != 'atrous_conv2d' and not (
            op == 'convolution' and np.any(np.ravel(dilations if dilations is not None else 1) != 1))
        refuse_unpaired(x, filters, 'Conv3D' if (rank or x.ndim - 2) == 3 else 'Conv2D', named=named)
    if x.dtype.name == 'int32':       # (Conv3D refused it) TF's Conv2D convolves int32: conv2d's integer sums
        return integer_convolution(x, filters, strides, padding, _int32_layout(x, data_format, op), dilations, op)
    x = window_input(x, rank, op)
    rank = x.ndim - 2
    first = channels_first(data_format, rank, op)
    dilations = spatial(dilations if dilations is not None else 1, rank, first)
    if op == 'conv3d' and not runs_onednn(x._data.dtype) and np.any(np.ravel(dilations) != 1):
        # TF 2.21's own CPU Conv3D (Eigen's: float64, and float32 where oneDNN is off) refuses dilations
        # (tf.nn.convolution dilates through space_to_batch instead, and computes)
        raise kernel_error('Conv3D', 'CPU implementation of Conv3D currently only supports dilated rates of 1.',
                           named=True, note='conv3d: TensorFlow has no dilated 3-D convolution kernel for %s here (%s); '
                                            'call tf.nn.convolution' % (x.dtype.name, why_not_onednn(x._data.dtype)))
    if first and rank in (1, 2) and x.dtype.name in ('float16', 'bfloat16', 'float32', 'float64') and \
            not runs_onednn(x._data.dtype):
        # TF runs a 1-D / 2-D channels-first convolution as an NCHW Conv2D, which its own CPU kernels refuse
        # (oneDNN's take it); the dilated path (space to batch) prints no ' name: ' tail
        from .conv2d_channels_first import eigen_format_error
        raise eigen_format_error(x._data.dtype, named=not np.any(np.ravel(dilations) != 1))
    x = to_last(x, first)
    strides = spatial(strides if strides is not None else 1, rank, first)
    _refuse_depth(x, filters, rank, op, np.any(np.ravel(dilations) != 1))
    groups = _groups(x, filters, rank)
    if op in ('convolution', 'separable_conv2d') and _plain_conv2d_op(x, filters, dilations, groups, padding):
        out = _as_conv2d_op(x, filters, strides, padding, rank)
    else:
        out = _convolution_nd(x, filters, strides, padding, dilations, groups)
    return to_first(out, first)


def _refuse_depth(x, filters, rank, op, dilated):
    """TF 2.21's refusal of filters of the input's rank and dtype whose depth does not fit its channels (Conv2D's
    or Conv3D's kernel words; a dilated tf.nn.convolution's Python check), where conv_depth_errors has it."""
    if op not in ('convolution', 'atrous_conv2d', 'conv3d') or getattr(filters, 'ndim', None) != rank + 2 or \
            getattr(getattr(filters, 'dtype', None), 'name', None) != x.dtype.name:
        return
    error = depth_refusal(x, filters, rank, op in ('convolution', 'atrous_conv2d') and dilated,
                          runs_onednn(x._data.dtype), op)
    if error is not None:
        raise error


def _plain_conv2d_op(x, filters, dilations, groups, padding):
    """Whether TF 2.21 runs this undilated 1-D / 2-D convolution as its Conv2D op (convolution_internal's
    conv1d / conv2d; separable_conv2d's pointwise step), whose sums and gradients convolution.py has in TF's orders
    (convolution_nd's product sums in its own: tf.nn.convolution(strides=2)'s input gradient was an ulp off
    in 34 of 84 values). Operands convolution_nd would refuse keep its checks and words."""
    f = filters
    rank = x.ndim - 2
    return (rank in (1, 2) and groups == 1 and np.all(np.ravel(dilations) == 1) and isinstance(padding, str)
            and padding in ('SAME', 'VALID') and getattr(f, 'ndim', None) == rank + 2 and f.shape[-2] == x.shape[-1]
            and getattr(f, 'dtype', None) == x.dtype and x.dtype.name in ('float16', 'float32', 'float64')
            and int(np.prod(f.shape)) > 0
            and (padding == 'SAME' or all(n >= k for n, k in zip(x.shape[1:-1], f.shape[:-2]))))


def _as_conv2d_op(x, filters, strides, padding, rank):
    from .convolution import conv2d
    from .convolution1d import conv1d
    if rank == 2:
        return conv2d(x, filters, strides, padding)
    stride = list(np.ravel(strides))
    return conv1d(x, filters, int(stride[1] if len(stride) == 3 else stride[0]), padding)


@tf_named('convolution_v2')
@named_errors('convolution')
def convolution(input, filters, strides=None, padding='VALID', data_format=None, dilations=None,  # noqa: A002
                name=None):
    """``tf.nn.convolution``: an N-d convolution of (N, *spatial, C) input with (*kernel, C, O) filters."""
    return _convolve(input, filters, strides, refuse_lowercase(padding, 'convolution', input=input), data_format, dilations, None,
                     'convolution')


@named_errors('atrous_conv2d')
def atrous_conv2d(value, filters, rate, padding, name=None):
    """``tf.nn.atrous_conv2d``: ``conv2d`` of NHWC ``value`` with its kernel's taps ``rate`` apart."""
    padding = refuse_lowercase(padding, 'atrous_conv2d', "`padding` must be one of 'SAME' or 'VALID'.")
    return _convolve(value, filters, 1, padding, None, _rate(rate, 'atrous_conv2d'), 2, 'atrous_conv2d')


@named_errors('atrous_conv2d_transpose')
def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    """``tf.nn.atrous_conv2d_transpose``: the transpose of ``atrous_conv2d``; filters (KH, KW, C_out, C_in)."""
    padding = refuse_lowercase(padding, 'atrous_conv2d_transpose', "`padding` must be either 'VALID' or 'SAME'.")
    return _transpose_conv(value, filters, output_shape, 1, padding, None, _rate(rate, 'atrous_conv2d_transpose'),
                           2, 'atrous_conv2d_transpose')


def _rate(rate, op):
    if isinstance(rate, bool) or not isinstance(rate, int) or rate < 1:
        raise ValueError('%s: all values of `dilation_rate` must be positive. Received: rate=%r' % (op, rate))
    return rate


@tf_named('conv3d_v2')
@named_errors('conv3d')
def conv3d(input, filters, strides, padding, data_format='NDHWC', dilations=None, name=None):  # noqa: A002
    """``tf.nn.conv3d``: (N, D, H, W, C) input, (KD, KH, KW, C, O) filters; strides [1, s, s, s, 1]."""
    if strides is None:
        raise ValueError('conv3d: strides must be given (an int, 3 ints or [1, s, s, s, 1]), got None')
    return _convolve(input, filters, strides, refuse_lowercase(padding, 'conv3d'), data_format, dilations, 3, 'conv3d')


def _transpose_conv(input, filters, output_shape, strides, padding, data_format, dilations, rank, op):  # noqa: A002
    padding = refuse_lowercase(padding, op)
    x, filters = _transpose_operands(input, filters, output_shape, rank, op)
    if x.dtype.name == 'int32':       # (Conv3DBackpropInputV2 refused it) TF's Conv2DBackpropInput takes int32
        return integer_transpose(x, filters, output_shape, strides, padding, _int32_layout(x, data_format, op),
                                 dilations, op)
    x = window_input(x, rank, op)
    rank = x.ndim - 2
    first = channels_first(data_format, rank, op)
    shape = shape_ints(output_shape, op)
    if len(shape) != rank + 2:
        raise InvalidArgumentError('%s: output_shape must have %d entries (batch, *spatial, channels), got %r'
                                   % (op, rank + 2, output_shape))
    if first:
        shape = [shape[0]] + shape[2:] + [shape[1]]
    out = _conv_transpose_nd(to_last(x, first), filters, shape, spatial(strides, rank, first), padding,
                             spatial(dilations if dilations is not None else 1, rank, first),
                             via_space_to_batch=op == 'atrous_conv2d_transpose')
    return to_first(out, first)


def _int32_layout(x, data_format, op):
    """Whether an int32 1-D / 2-D input (the only ranks TF's int32 kernels take) puts its channels first."""
    if x.ndim not in (3, 4):
        raise InvalidArgumentError('%s: expected an input (batch, 1 or 2 spatial axes, channels) of int32, got shape %s'
                                   % (op, tuple(x.shape)))
    return channels_first(data_format, x.ndim - 2, op)


def _transpose_operands(input, filters, output_shape, rank, op):  # noqa: A002
    """The operands as TF's wrapper converts them, refused as its kernel refuses them (conv_operand_dtypes):
    tf.nn.conv_transpose picks its op by output_shape's length, the 2-D and 3-D ones take the operands as given (the
    filter first), conv1d_transpose and atrous_conv2d_transpose convert each first; only the 1-D one names."""
    if rank is None:
        rank = len(output_shape) - 2 if hasattr(output_shape, '__len__') else None
    direct = rank in (2, 3) and op != 'atrous_conv2d_transpose'
    f, x = matched(filters, input, op) if direct else separate(filters, input, op)
    if rank is None:
        rank = x.ndim - 2
    refuse_unpaired(x, f, 'Conv3DBackpropInputV2' if rank == 3 else 'Conv2DBackpropInput', named=rank == 1)
    return x, f


@named_errors('conv_transpose')
def conv_transpose(input, filters, output_shape, strides, padding='SAME', data_format=None,  # noqa: A002
                   dilations=None, name=None):
    """``tf.nn.conv_transpose``: the gradient of ``convolution`` with respect to its input;
    filters (*kernel, C_out, C_in), ``output_shape`` (N, *spatial, C_out)."""
    return _transpose_conv(input, filters, output_shape, strides, padding, data_format, dilations, None,
                           'conv_transpose')


@named_errors('conv1d_transpose')
def conv1d_transpose(input, filters, output_shape, strides, padding='SAME', data_format='NWC',  # noqa: A002
                     dilations=None, name=None):
    """``tf.nn.conv1d_transpose``: (N, W, C_in) input, (K, C_out, C_in) filters."""
    return _transpose_conv(input, filters, output_shape, strides, padding, data_format, dilations, 1,
                           'conv1d_transpose')


@tf_named('conv3d_transpose_v2')
@named_errors('conv3d_transpose')
def conv3d_transpose(input, filters, output_shape, strides, padding='SAME', data_format='NDHWC',  # noqa: A002
                     dilations=None, name=None):
    """``tf.nn.conv3d_transpose``: (N, D, H, W, C_in) input, (KD, KH, KW, C_out, C_in) filters."""
    return _transpose_conv(input, filters, output_shape, strides, padding, data_format, dilations, 3,
                           'conv3d_transpose')


@tf_named('depthwise_conv2d_v2')
@named_errors('depthwise_conv2d')
def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None):  # noqa: A002
    """``tf.nn.depthwise_conv2d``: each of the C input channels convolved with its own
    (KH, KW, C, M) filters, giving C * M channels; strides [1, s, s, 1], dilations 2 ints."""
    return _depthwise_conv2d(input, filter, strides, padding, data_format, dilations)


def _depthwise_conv2d(input, filter, strides, padding, data_format, dilations, kernel_name=''):  # noqa: A002
    # (kernel_name: the ' name: ' tail of TF's kernel errors; eagerly TF shows no user's name there)
    padding = refuse_lowercase(padding, 'depthwise_conv2d', input=input)
    x, filter = separate(input, filter, 'depthwise_conv2d')
    refuse_unpaired(x, filter, 'DepthwiseConv2dNative', name=kernel_name)
    x = window_input(x, 2, 'depthwise_conv2d')
    first = channels_first(data_format, 2, 'depthwise_conv2d')
    explicit = None       # an explicit padding's spatial (before, after) pairs: TF's gradients take its own kernels
    if is_explicit(padding):          # its kernel ignores batch and channel padding
        x, pairs = padded_input(x, padding, first, 'DepthwiseConv2dNative', strict=False), padding
        padding, explicit = 'VALID', tuple(tuple(int(v) for v in pair) for pair in (pairs[2:] if first else pairs[1:3]))
    out = _depthwise_nd(to_last(x, first), filter, spatial(strides, 2, first), padding,
                        dilations if dilations is not None else 1, name=kernel_name, explicit=explicit)
    return to_first(out, first)


@tf_named('separable_conv2d_v2')
@named_errors('separable_conv2d')
def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                     dilations=None, name=None):
    """``tf.nn.separable_conv2d``: ``depthwise_conv2d`` then a 1x1 convolution with
    (1, 1, C * M, O) ``pointwise_filter``."""
    depthwise = _depthwise_conv2d(input, depthwise_filter, strides, refuse_lowercase(padding, 'separable_conv2d'),
                                  data_format, dilations, kernel_name='depthwise')     # (TF's op name inside it)
    return _convolve(depthwise, pointwise_filter, 1, 'VALID', data_format, 1, 2, 'separable_conv2d')
