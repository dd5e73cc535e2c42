"""tf.keras.backend's convolution, pooling and resizing functions (``K.conv2d``, ``K.pool2d``,
``K.resize_images`` ...): Keras names ('same', 'channels_last') turned into TensorFlow's
('SAME', 'NHWC') around the tf.nn op."""
import framework as tf
from .. import backend as _config
from .shapes import permute_dimensions, repeat_elements, temporal_padding

__all__ = ['conv1d', 'conv2d', 'conv2d_transpose', 'conv3d', 'depthwise_conv2d', 'pool2d', 'pool3d',
           'resize_images', 'resize_volumes', 'separable_conv2d']

_LAYOUTS = {3: ('NWC', 'NCW'), 4: ('NHWC', 'NCHW'), 5: ('NDHWC', 'NCDHW')}


def _data_format(data_format):
    data_format = data_format or _config.image_data_format()
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError('Unknown data_format: %s' % (data_format,))
    return data_format


def _layout(rank, data_format):
    return _LAYOUTS[rank][data_format == 'channels_first']


def _padding(padding):
    if padding not in ('same', 'valid'):
        raise ValueError('Invalid padding: %s' % (padding,))
    return padding.upper()


def _full_strides(strides, layout):
    """(sh, sw) as the 4- or 5-long list TensorFlow's window ops take for ``layout``."""
    strides = tuple(strides)
    return (1,) + strides + (1,) if layout.endswith('C') else (1, 1) + strides


def _convolve(x, kernel, strides, padding, data_format, dilation_rate):
    x = tf.convert_to_tensor(x)
    return tf.nn.convolution(x, kernel, strides=strides, padding=_padding(padding),
                             data_format=_layout(len(x.shape), _data_format(data_format)), dilations=dilation_rate)


def conv1d(x, kernel, strides=1, padding='valid', data_format=None, dilation_rate=1):
    """1D convolution; padding='causal' pads dilation_rate * (kernel width - 1) zeros on the left."""
    if padding == 'causal':
        x = temporal_padding(x, (dilation_rate * (int(kernel.shape[0]) - 1), 0))
        padding = 'valid'
    return _convolve(x, kernel, strides, padding, data_format, dilation_rate)


def conv2d(x, kernel, strides=(1, 1), padding='valid', data_format=None, dilation_rate=(1, 1)):
    return _convolve(x, kernel, strides, padding, data_format, dilation_rate)


def conv3d(x, kernel, strides=(1, 1, 1), padding='valid', data_format=None, dilation_rate=(1, 1, 1)):
    return _convolve(x, kernel, strides, padding, data_format, dilation_rate)


def conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding='valid', data_format=None,
                     dilation_rate=(1, 1)):
    """Transposed 2D convolution to ``output_shape`` (its batch entry may be None)."""
    data_format = _data_format(data_format)
    x = tf.convert_to_tensor(x)
    transposed = data_format == 'channels_first' and tuple(dilation_rate) != (1, 1)
    if transposed:                                      # the atrous op takes NHWC only
        x = tf.transpose(x, (0, 2, 3, 1))
        output_shape = (output_shape[0], output_shape[2], output_shape[3], output_shape[1])
    layout = 'NHWC' if transposed else _layout(4, data_format)
    output_shape = [int(x.shape[0]) if output_shape[0] is None else output_shape[0]] + list(output_shape[1:])
    if tuple(dilation_rate) == (1, 1):
        out = tf.nn.conv2d_transpose(x, kernel, output_shape, _full_strides(strides, layout),
                                     padding=_padding(padding), data_format=layout)
    else:
        if dilation_rate[0] != dilation_rate[1]:
            raise ValueError('Expected the 2 dimensions of the `dilation_rate` argument to be equal to each other. '
                             'Received: dilation_rate=%s' % (dilation_rate,))
        out = tf.nn.atrous_conv2d_transpose(x, kernel, output_shape, rate=dilation_rate[0], padding=_padding(padding))
    return tf.transpose(out, (0, 3, 1, 2)) if transposed else out


def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding='valid', data_format=None, dilation_rate=(1, 1)):
    layout = _layout(4, _data_format(data_format))
    return tf.nn.depthwise_conv2d(x, depthwise_kernel, strides=_full_strides(strides, layout),
                                  padding=_padding(padding), dilations=dilation_rate, data_format=layout)


def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1), padding='valid', data_format=None,
                     dilation_rate=(1, 1)):
    layout = _layout(4, _data_format(data_format))
    if len(strides) != 2:
        raise ValueError('`strides` must be a tuple of 2 integers.')
    return tf.nn.separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=_full_strides(strides, layout),
                                  padding=_padding(padding), dilations=dilation_rate, data_format=layout)


def _pool(x, pool_size, strides, padding, data_format, pool_mode, rank):
    layout = _layout(rank, _data_format(data_format))
    ops = {4: (tf.nn.max_pool2d, tf.nn.avg_pool2d), 5: (tf.nn.max_pool3d, tf.nn.avg_pool3d)}[rank]
    if pool_mode not in ('max', 'avg'):
        raise ValueError('Invalid pooling mode: %s' % (pool_mode,))
    op = ops[pool_mode == 'avg']
    return op(x, _full_strides(pool_size, layout), _full_strides(strides, layout), padding=_padding(padding),
              data_format=layout)


def pool2d(x, pool_size, strides=(1, 1), padding='valid', data_format=None, pool_mode='max'):
    """2D max ('max') or average ('avg') pooling."""
    if len(pool_size) != 2:
        raise ValueError('`pool_size` must be a tuple of 2 integers.')
    if len(strides) != 2:
        raise ValueError('`strides` must be a tuple of 2 integers.')
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 4)


def pool3d(x, pool_size, strides=(1, 1, 1), padding='valid', data_format=None, pool_mode='max'):
    """3D max ('max') or average ('avg') pooling."""
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 5)


_RESIZE_METHODS = ('area', 'bicubic', 'bilinear', 'gaussian', 'lanczos3', 'lanczos5', 'mitchellcubic', 'nearest')


def resize_images(x, height_factor, width_factor, data_format, interpolation='nearest'):
    """Rows times ``height_factor`` and columns times ``width_factor`` (tf.image.resize).

    Raises:
        ValueError: an unknown data_format or interpolation.
    """
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError('Invalid `data_format` argument: %s' % (data_format,))
    if interpolation not in _RESIZE_METHODS:
        raise ValueError('`interpolation` argument should be one of: %s. Received: "%s".'
                         % ('"' + '", "'.join(_RESIZE_METHODS) + '"', interpolation))
    x = tf.convert_to_tensor(x)
    rows = 2 if data_format == 'channels_first' else 1
    size = [int(x.shape[rows]) * height_factor, int(x.shape[rows + 1]) * width_factor]
    if data_format == 'channels_first':
        x = permute_dimensions(x, [0, 2, 3, 1])
    x = tf.image.resize(x, size, method=interpolation)
    return permute_dimensions(x, [0, 3, 1, 2]) if data_format == 'channels_first' else x


def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """Each voxel repeated along the depth, height and width axes."""
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError('Invalid data_format: %s' % (data_format,))
    first = 2 if data_format == 'channels_first' else 1
    for axis, factor in zip(range(first, first + 3), (depth_factor, height_factor, width_factor)):
        x = repeat_elements(x, factor, axis=axis)
    return x
