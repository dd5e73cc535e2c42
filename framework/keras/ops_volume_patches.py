"""``keras.ops.image.extract_patches_3d``: volume patches as tf.extract_volume_patches gives
them, each (depth, row, column, channel) window flattened into the channel axis; one
gather of the padded volume, whose gradient scatters back."""

from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_arguments import integer
from .ops_conv_extra import _same_padding, _window_taps
from .ops_dtypes import tensor


def _three(value, what):
    op = 'image.extract_patches_3d'
    values = [integer(v, what, op) for v in (value if isinstance(value, (list, tuple)) else [value] * 3)]
    if len(values) != 3 or min(values) < 1:
        raise ValueError('keras.ops.image.extract_patches_3d: %s must be an int >= 1 or three of them, got %r'
                         % (what, value))
    return values


@named_errors('keras.ops.image.extract_patches_3d')
def extract_patches_3d(volumes, size, strides=None, dilation_rate=1, padding='valid', data_format=None):
    """Patches of ``size`` (depth, height, width) every ``strides`` voxels from (batch,) depth, height,
    width, channels volumes: (batch, d', h', w', size_d * size_h * size_w * channels)."""
    t = tensor(volumes, 'image.extract_patches_3d')
    if t.ndim not in (4, 5):
        raise ValueError('keras.ops.image.extract_patches_3d: volumes must be 4-D (D, H, W, C) or 5-D (N, D, H, W, C),'
                         ' got shape %s' % (tuple(t.shape),))
    if data_format not in (None, 'channels_last', 'channels_first'):
        raise ValueError("keras.ops.image.extract_patches_3d: data_format must be 'channels_last' or "
                         "'channels_first', got %r" % (data_format,))
    if str(padding).lower() not in ('valid', 'same'):
        raise ValueError("keras.ops.image.extract_patches_3d: padding must be 'valid' or 'same', got %r" % (padding,))
    single, first = t.ndim == 4, data_format == 'channels_first'
    x = _ops.expand_dims(t, 0) if single else t
    if first:
        x = _ops.transpose(x, [0, 2, 3, 4, 1])
    kernel = _three(size, 'size')
    stride = kernel if strides is None else _three(strides, 'strides')
    dilation = _three(dilation_rate, 'dilation_rate')
    if str(padding).lower() == 'same':
        pads = [list(_same_padding(x.shape[1 + i], kernel[i], stride[i], dilation[i])) for i in range(3)]
        x = _ops.pad(x, [[0, 0]] + pads + [[0, 0]])
    index = [_window_taps(x.shape[1 + i], kernel[i], stride[i], dilation[i]) for i in range(3)]
    for i, taps in enumerate(index):
        if not len(taps):
            raise ValueError('keras.ops.image.extract_patches_3d: the patch (%d with dilation %d) is larger than the '
                             'volume (%d)' % (kernel[i], dilation[i], x.shape[1 + i]))
    # Output axes (d', h', w', kd, kh, kw): each index array broadcast over its two places.
    grids = [index[0][:, None, None, :, None, None], index[1][None, :, None, None, :, None],
             index[2][None, None, :, None, None, :]]
    picked = _ops.getitem(_ops.transpose(x, [1, 2, 3, 0, 4]), tuple(grids))     # (d', h', w', kd, kh, kw, n, c)
    n, c = x.shape[0], x.shape[-1]
    out = _ops.reshape(_ops.transpose(picked, [6, 0, 1, 2, 3, 4, 5, 7]),
                       [n] + list(picked.shape[:3]) + [kernel[0] * kernel[1] * kernel[2] * c])
    if first:
        out = _ops.transpose(out, [0, 4, 1, 2, 3])
    return out[0] if single else out
