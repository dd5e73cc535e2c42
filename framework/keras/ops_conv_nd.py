"""``keras.ops.conv`` and ``conv_transpose`` where the 2-D fast path does not reach: dilated
kernels, 3-D inputs and grouped kernels (in_channels a divisor of the input's channels), over
tapeflow's N-d convolution. Keras 3's TF backend computes these with ``tf.nn.convolution`` /
``tf.nn.conv_transpose``; TensorFlow's CPU kernels refuse a dilated transposed convolution
(its GPU ones compute it, as this does).
"""
import numpy as np

from framework import ops as _ops
from framework.ops.convolution_nd import conv_transpose as _conv_transpose_nd
from framework.ops.convolution_nd import convolution as _convolution_nd
from framework.ops.convolution_nd import normalize_tuple

from .ops_dtypes import cast_all
from .data_format import standardize_data_format


def _channels_last(inputs, kernel, data_format, op):
    x, k = cast_all([inputs, kernel], op)
    if x.ndim not in (3, 4, 5) or k.ndim != x.ndim:
        raise ValueError('keras.ops.%s: inputs must be (batch, *spatial, channels) with 1 to 3 spatial axes and '
                         'the kernel of the same rank; got shapes %s and %s' % (op, tuple(x.shape), tuple(k.shape)))
    data_format = standardize_data_format(data_format, 'keras.ops.' + op)
    first = data_format == 'channels_first'
    if first:
        x = _ops.transpose(x, [0] + list(range(2, x.ndim)) + [1])
    return x, k, first


def _restore(y, first):
    return _ops.transpose(y, [0, y.ndim - 1] + list(range(1, y.ndim - 1))) if first else y


def _windows(x, strides, dilation_rate, padding, op):
    rank = x.ndim - 2
    given = (dilation_rate,) * rank if isinstance(dilation_rate, int) else dilation_rate
    if op == 'conv' and isinstance(given, (list, tuple)) and all(isinstance(d, int) for d in given) \
            and min(given, default=1) < 1:
        # tf.nn.convolution's check (its Convolution class, which a dilation other than 1 reaches)
        error = ValueError('all values of `dilation_rate` must be positive. Received: dilation_rate=%s'
                           % np.array(given))
        error.add_note('keras.ops.%s: dilation_rate must be positive, got %r' % (op, dilation_rate))
        raise error
    strides = normalize_tuple(strides, rank, 'strides', 'keras.ops.' + op)
    dilation = normalize_tuple(dilation_rate, rank, 'dilation_rate', 'keras.ops.' + op)
    if max(strides) > 1 and max(dilation) > 1 and op == 'conv':    # tf.nn.convolution's (numpy arrays printed)
        error = ValueError('`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: '
                           'strides=%s and dilation_rate=%s' % (np.array(strides), np.array(dilation)))
        error.add_note('keras.ops.%s: strides and dilation_rate cannot both exceed 1' % op)
        raise error
    if max(strides) > 1 and max(dilation) > 1:
        # (TF 2.21 computes a strided, dilated keras.ops.conv_transpose; tapeflow has no kernel for it)
        raise ValueError('keras.ops.%s: `strides > 1` not supported in conjunction with `dilation_rate > 1`. '
                         'Received: strides=%s and dilation_rate=%s' % (op, list(strides), list(dilation)))
    if str(padding).lower() not in ('valid', 'same'):
        raise ValueError("keras.ops.%s: padding must be 'valid' or 'same', got %r" % (op, padding))
    return strides, dilation, str(padding).upper()


def conv_nd(inputs, kernel, strides, padding, data_format, dilation_rate):
    """``keras.ops.conv`` for any rank, dilation and grouped kernel."""
    x, k, first = _channels_last(inputs, kernel, data_format, 'conv')
    strides, dilation, padding = _windows(x, strides, dilation_rate, padding, 'conv')
    channels, per_group = x.shape[-1], k.shape[-2]
    if not per_group or channels % per_group:
        raise ValueError('keras.ops.conv: the kernel\'s in_channels (%d) must divide the input\'s channels (%d); '
                         'got kernel shape %s' % (per_group, channels, tuple(k.shape)))
    return _restore(_convolution_nd(x, k, strides, padding, dilation, groups=channels // per_group), first)


def transposed_size(size, kernel, stride, dilation, padding, output_padding):
    """Keras 3's output length of a transposed convolution (TensorFlow padding), the kernel dilated."""
    kernel = (kernel - 1) * dilation + 1
    if padding == 'VALID':
        return (size - 1) * stride + kernel + (max(kernel, stride) - kernel if output_padding is None
                                               else output_padding)
    return size * stride if output_padding is None else (size - 1) * stride + kernel % 2 + output_padding


def conv_transpose_nd(inputs, kernel, strides, padding, output_padding, data_format, dilation_rate):
    """``keras.ops.conv_transpose`` for any rank and dilation: kernel (*spatial, out_channels, in_channels)."""
    x, k, first = _channels_last(inputs, kernel, data_format, 'conv_transpose')
    strides, dilation, padding = _windows(x, strides, dilation_rate, padding, 'conv_transpose')
    rank = x.ndim - 2
    extra = (None,) * rank if output_padding is None else tuple(
        int(p) for p in ((output_padding,) * rank if isinstance(output_padding, int) else output_padding))
    if len(extra) != rank or any(p is not None and p < 0 for p in extra):
        raise ValueError('keras.ops.conv_transpose: output_padding must be an int >= 0 or %d of them, got %r'
                         % (rank, output_padding))
    if k.shape[-1] != x.shape[-1]:
        raise ValueError('keras.ops.conv_transpose: kernel must be (spatial..., out_channels, in_channels=%d), '
                         'got shape %s' % (x.shape[-1], tuple(k.shape)))
    size = [transposed_size(x.shape[1 + i], k.shape[i], strides[i], dilation[i], padding, extra[i])
            for i in range(rank)]
    y = _conv_transpose_nd(x, k, [x.shape[0]] + size + [k.shape[-2]], strides, padding, dilation)
    return _restore(y, first)
