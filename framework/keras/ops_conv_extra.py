"""``keras.ops.nn`` convolutions and pooling beyond ``conv``: depthwise_conv,
separable_conv, conv_transpose, adaptive pools, depth_to_space, space_to_depth,
unfold and fold.

Depthwise convolution gathers the input's windows (``_patches``: one gather,
whose gradient scatters back) and contracts them with einsum, so dilation
comes free; conv_transpose is tapeflow's conv2d_transpose with the output
shape Keras 3 computes. Inputs are 1-D or 2-D, (batch, [height,] width,
channels), or channels first.
"""
import numpy as np

from framework import ops as _ops
from framework.errors import InvalidArgumentError
from .ops_arguments import integer
from .ops_conv_dtypes import forward_kernel, transpose_kernel
from .ops_conv_nd import conv_transpose_nd
from .ops_dtypes import cast_all, floating, same_dtype_operand, tensor
from .ops_conv_pool import refuse_integer_input, restore, spatial
from .data_format import standardize_data_format
from .activation_inputs import shape_read
from .ops_adaptive_pool import adaptive_average_pool, adaptive_max_pool

__all__ = ['adaptive_average_pool', 'adaptive_max_pool', 'conv_transpose', 'depth_to_space', 'depthwise_conv',
           'fold', 'separable_conv', 'space_to_depth', 'unfold']


def _two(value, one_d, op, what):
    values = [integer(v, what, op) for v in (value if isinstance(value, (list, tuple)) else [value])]
    low = 0 if what in ('output_padding', 'padding') else 1
    if len(values) not in (1, 1 if one_d else 2) or min(values) < low:
        raise ValueError('keras.ops.%s: %s must be %s, got %r' % (
            op, what, ('an int >= %d' % low) + ('' if one_d else ' or a pair of them'), value))
    return ([1] + values) if one_d else (values * 2 if len(values) == 1 else values)


def _keras_backend_checks(inputs, kernel, data_format, op, kernel_axis=-2, rank_text=None):
    """Keras 3's TF backend checks before tapeflow's own: the rank (``rank_text``, given the number of spatial
    axes), then check_conv_input_channels (kernel_axis -2) or check_conv_transpose_input_channels (-1) on the
    shapes as given, so a 2-D input's last axis is taken as its channels there."""
    shape, kernel_shape = tensor(inputs, op).shape, tensor(kernel, op).shape
    if rank_text is not None and len(shape) - 2 > 2:
        raise ValueError(rank_text(len(shape)))
    first = standardize_data_format(data_format, 'keras.ops.' + op) == 'channels_first'
    if len(shape) < (2 if first else 1) or len(kernel_shape) < -kernel_axis:
        return
    channels = shape[1] if first else shape[-1]
    if channels != kernel_shape[kernel_axis]:
        error = ValueError("The number of input channels must match the kernel's input channels. Received: input "
                           "channels=%d, kernel input channels=%d, data_format='%s'."
                           % (channels, kernel_shape[kernel_axis], 'channels_first' if first else 'channels_last'))
        error.add_note('keras.ops.%s: the kernel\'s in_channels (axis %d) must be the input\'s channels'
                       % (op, kernel_axis))
        raise error


def _same_padding(size, kernel, stride, dilation):
    span = (kernel - 1) * dilation + 1
    total = max((-(-size // stride) - 1) * stride + span - size, 0)
    return total // 2, total - total // 2


def _window_taps(size, kernel, stride, dilation):
    """(windows, kernel) positions along an axis of ``size``: window i's taps at ``i * stride + k * dilation``
    for every window that fits (none: an empty table)."""
    count = (size - (kernel - 1) * dilation - 1) // stride + 1
    return np.arange(max(count, 0))[:, None] * stride + np.arange(kernel)[None, :] * dilation


def _patches(x, kernel, strides, padding, dilation, op):
    """(batch, out_h, out_w, kh, kw, channels) windows of an NHWC ``x`` (TensorFlow's 'same' split)."""
    if str(padding).lower() not in ('valid', 'same'):
        raise ValueError("keras.ops.%s: padding must be 'valid' or 'same', got %r" % (op, padding))
    pads = [_same_padding(x.shape[1 + i], kernel[i], strides[i], dilation[i]) if str(padding).lower() == 'same'
            else (0, 0) for i in range(2)]
    x = _ops.pad(x, [[0, 0], list(pads[0]), list(pads[1]), [0, 0]])
    index = [_window_taps(x.shape[1 + i], kernel[i], strides[i], dilation[i]) for i in range(2)]
    for i, taps in enumerate(index):
        if not len(taps):
            raise InvalidArgumentError('keras.ops.%s: the kernel (%d with dilation %d) is larger than the padded '
                                       'input (%d)' % (op, kernel[i], dilation[i], x.shape[1 + i]))
    rows = index[0][:, None, :, None]           # (out_h, 1, kh, 1)
    cols = index[1][None, :, None, :]           # (1, out_w, 1, kw)
    picked = _ops.getitem(_ops.transpose(x, [1, 2, 0, 3]), (rows, cols))     # (oh, ow, kh, kw, b, c)
    return _ops.transpose(picked, [4, 0, 1, 2, 3, 5])


def depthwise_conv(inputs, kernel, strides=1, padding='valid', data_format=None, dilation_rate=1):
    """Each input channel convolved with its own ``depth_multiplier`` filters: kernel
    (spatial..., channels, multiplier); output channels = channels * multiplier."""
    refuse_integer_input(inputs, 'depthwise_conv')
    _keras_backend_checks(inputs, kernel, data_format, 'depthwise_conv',
                          rank_text=lambda rank: '`inputs` rank must be 3 (1D conv) or 4 (2D conv). Received: %d.' % rank)
    x, one_d, first = spatial(inputs, data_format, 'depthwise_conv')
    # TF's oneDNN kernel takes float32 (its name then shows in the error), the plain one other floats
    k = same_dtype_operand(x, kernel, 'depthwise_conv', '_MklNativeDepthwiseConv2dNative'
                           if x.dtype.name == 'float32' else 'DepthwiseConv2dNative')
    if k.ndim == (3 if one_d else 4) and k.shape[-2] != x.shape[-1]:
        # Keras 3's check_conv_input_channels, before the backend runs (separable_conv's too)
        error = ValueError("The number of input channels must match the kernel's input channels. Received: input "
                           "channels=%d, kernel input channels=%d, data_format='%s'."
                           % (x.shape[-1], k.shape[-2], 'channels_first' if first else 'channels_last'))
        error.add_note('keras.ops.depthwise_conv: kernel must be (%s, in_channels=%d, multiplier), got shape %s'
                       % ('width' if one_d else 'height, width', x.shape[-1], tuple(k.shape)))
        raise error
    if k.ndim != (3 if one_d else 4):
        raise ValueError('keras.ops.depthwise_conv: kernel must be (%s, in_channels=%d, multiplier), got shape %s'
                         % ('width' if one_d else 'height, width', x.shape[-1], tuple(k.shape)))
    if one_d:
        k = _ops.expand_dims(k, 0)
    windows = _patches(x, list(k.shape[:2]), _two(strides, one_d, 'depthwise_conv', 'strides'), padding,
                       _two(dilation_rate, one_d, 'depthwise_conv', 'dilation_rate'), 'depthwise_conv')
    y = _ops.einsum('bhwijc,ijcm->bhwcm', windows, k)
    y = _ops.reshape(y, list(y.shape[:3]) + [y.shape[3] * y.shape[4]])
    return restore(y, one_d, first)


def separable_conv(inputs, depthwise_kernel, pointwise_kernel, strides=1, padding='valid', data_format=None,
                   dilation_rate=1):
    """``depthwise_conv`` followed by a 1x1 convolution with ``pointwise_kernel`` (1[, 1], channels, filters)."""
    first = data_format == 'channels_first'
    _keras_backend_checks(inputs, depthwise_kernel, data_format, 'separable_conv', rank_text=lambda rank: (
        '`num_spatial_dims` must be 1 or 2. Received: num_spatial_dims=%d.' % (rank - 2)))
    y = depthwise_conv(inputs, depthwise_kernel, strides, padding, data_format, dilation_rate)
    p = forward_kernel(y, pointwise_kernel, 'separable_conv', 2, False)     # TF's pointwise Conv2D pairing
    channels = y.shape[1] if first else y.shape[-1]
    if p.ndim < 2 or p.shape[-2] != channels or any(n != 1 for n in p.shape[:-2]):
        raise ValueError('keras.ops.separable_conv: pointwise_kernel must be (1[, 1], %d, filters), got shape %s'
                         % (channels, tuple(p.shape)))
    matrix = _ops.cast(_ops.reshape(p, p.shape[-2:]), y.dtype)
    if first:
        return _ops.einsum('bc...,cf->bf...', y, matrix)
    return _ops.tensordot(y, matrix, 1)


def conv_transpose(inputs, kernel, strides=1, padding='valid', output_padding=None, data_format=None,
                   dilation_rate=1):
    """The transpose of ``conv`` (1-D, 2-D or 3-D, dilated too): kernel (spatial..., out_channels, in_channels);
    the output size follows Keras 3's rule ((in - 1) * stride + kernel + output_padding for 'valid', in * stride
    for 'same'; a dilated kernel counts its dilated extent)."""
    dilations = dilation_rate if isinstance(dilation_rate, (list, tuple)) else [dilation_rate]
    raw = tensor(inputs, 'conv_transpose')
    transpose_kernel(raw, kernel, 'conv_transpose', raw.ndim - 2)
    _keras_backend_checks(inputs, kernel, data_format, 'conv_transpose', kernel_axis=-1)
    if str(padding).lower() not in ('valid', 'same'):      # Keras's output-shape arithmetic reads it next
        raise ValueError("The `padding` argument must be one of 'valid', 'same'. Received: padding=%s" % (padding,))
    if np.ndim(inputs) >= 5 or any(d != 1 for d in dilations):
        return conv_transpose_nd(inputs, kernel, strides, padding, output_padding, data_format, dilation_rate)
    x, one_d, first = spatial(inputs, data_format, 'conv_transpose')
    k = floating(kernel, 'conv_transpose')
    x, k = cast_all([x, k], 'conv_transpose')
    if k.ndim != (3 if one_d else 4) or k.shape[-1] != x.shape[-1]:
        raise ValueError('keras.ops.conv_transpose: kernel must be (spatial..., out_channels, in_channels=%d), '
                         'got shape %s' % (x.shape[-1], tuple(k.shape)))
    if str(padding).lower() not in ('valid', 'same'):
        raise ValueError("keras.ops.conv_transpose: padding must be 'valid' or 'same', got %r" % (padding,))
    if one_d:
        k = _ops.expand_dims(k, 0)
    strides = _two(strides, one_d, 'conv_transpose', 'strides')
    extra = [None, None] if output_padding is None else _two(output_padding, one_d, 'conv_transpose', 'output_padding')
    size = []
    for i in range(2):
        n, kernel_size, s, more = x.shape[1 + i], k.shape[i], strides[i], extra[i]
        if str(padding).lower() == 'valid':
            size.append((n - 1) * s + kernel_size + (max(kernel_size, s) - kernel_size if more is None else more))
        else:
            size.append(n * s if more is None else (n - 1) * s + kernel_size % 2 + more)
    if one_d:
        size[0] = 1
    y = _ops.conv2d_transpose(x, k, [x.shape[0]] + size + [k.shape[2]], strides, padding=str(padding).upper())
    return restore(y, one_d, first)


# ---- rearrangements of blocks ------------------------------------------------------------------------
def _image(x, op, data_format):
    t = tensor(x, op)
    if t.ndim != 4:
        raise InvalidArgumentError('keras.ops.%s: x must be 4-D images, got shape %s' % (op, tuple(t.shape)))
    data_format = standardize_data_format(data_format, 'keras.ops.' + op)
    return _ops.transpose(t, [0, 2, 3, 1]) if data_format == 'channels_first' else t


def _blocks_moved(op, x, block_size, data_format, name):
    """Keras 3's depth_to_space / space_to_depth on its TensorFlow backend: its own checks (the data format,
    then ``block_size < 2`` as Python compares it: a string is Python's TypeError), then tf.nn's op, which
    words every other refusal as TensorFlow's kernel does; channels first is transposed to channels last and
    back around it (TensorFlow's CPU kernels are NHWC only), so a rank other than 4 meets Transpose's error."""
    data_format = standardize_data_format(data_format, 'keras.ops.' + name)
    if block_size < 2:
        raise ValueError('`block_size` must be at least 2. Received: block_size=%s' % (block_size,))
    if data_format == 'channels_last':
        return op(x, block_size, data_format='NHWC')
    return _ops.transpose(op(_ops.transpose(x, [0, 2, 3, 1]), block_size, data_format='NHWC'), [0, 3, 1, 2])


def depth_to_space(x, block_size, data_format='channels_last'):
    """Channels moved into block_size x block_size spatial blocks (TensorFlow's DepthToSpace order)."""
    return _blocks_moved(_ops.depth_to_space, x, block_size, data_format, 'depth_to_space')


def space_to_depth(x, block_size, data_format='channels_last'):
    """block_size x block_size spatial blocks moved into channels (the inverse of depth_to_space)."""
    return _blocks_moved(_ops.space_to_depth, x, block_size, data_format, 'space_to_depth')


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding blocks of an NCHW batch, as torch.nn.functional.unfold: (N, C * kh * kw, L)."""
    shape_read(x, 'unfold')         # Keras 3 checks x.shape's rank itself, in its words, before converting
    if len(x.shape) != 4:
        raise ValueError('Input must be a 4D tensor. Received: input.shape=%s' % (tuple(x.shape),))
    t = _image(x, 'unfold', 'channels_first')
    kernel, dilation, stride = (_two(v, False, 'unfold', n) for v, n in
                                ((kernel_size, 'kernel_size'), (dilation, 'dilation'), (stride, 'stride')))
    pad = _two(padding, False, 'unfold', 'padding')
    t = _ops.pad(t, [[0, 0], [pad[0]] * 2, [pad[1]] * 2, [0, 0]])
    windows = _patches(t, kernel, stride, 'valid', dilation, 'unfold')     # (n, oh, ow, kh, kw, c)
    n, oh, ow = windows.shape[:3]
    columns = _ops.transpose(windows, [0, 5, 3, 4, 1, 2])
    return _ops.reshape(columns, [n, -1, oh * ow])


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """The adjoint of ``unfold``: (N, C * kh * kw, L) blocks summed back into (N, C, H, W)."""
    t = floating(x, 'fold')
    height, width = _two(output_size, False, 'fold', 'output_size')
    kernel, dilation, stride = (_two(v, False, 'fold', n) for v, n in
                                ((kernel_size, 'kernel_size'), (dilation, 'dilation'), (stride, 'stride')))
    pad = _two(padding, False, 'fold', 'padding')
    size = [height + 2 * pad[0], width + 2 * pad[1]]
    counts = [(size[i] - (kernel[i] - 1) * dilation[i] - 1) // stride[i] + 1 for i in range(2)]
    if t.ndim != 3 or t.shape[1] % (kernel[0] * kernel[1]) or t.shape[2] != counts[0] * counts[1]:
        raise ValueError('keras.ops.fold: x must be (N, C * %d, %d) for these sizes, got shape %s'
                         % (kernel[0] * kernel[1], counts[0] * counts[1], tuple(t.shape)))
    n, c = t.shape[0], t.shape[1] // (kernel[0] * kernel[1])
    rows = (np.arange(counts[0])[:, None] * stride[0] + np.arange(kernel[0])[None, :] * dilation[0])
    cols = (np.arange(counts[1])[:, None] * stride[1] + np.arange(kernel[1])[None, :] * dilation[1])
    # Flat position of each (i, j, oh, ow) block element in the padded image, matching unfold's column order.
    position = rows.T[:, None, :, None] * size[1] + cols.T[None, :, None, :]
    blocks = _ops.reshape(t, [n, c, -1])                                     # (n, c, kh * kw * L)
    summed = _ops.unsorted_segment_sum(_ops.transpose(blocks, [2, 0, 1]), position.reshape(-1).astype('int32'),
                                       size[0] * size[1])
    image = _ops.reshape(_ops.transpose(summed, [1, 2, 0]), [n, c] + size)
    return image[:, :, pad[0]:pad[0] + height, pad[1]:pad[1] + width]
