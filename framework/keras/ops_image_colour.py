"""``keras.ops.image`` colour conversions: rgb_to_grayscale, rgb_to_hsv, hsv_to_rgb,
with TensorFlow's weights and formulas (compositions of tapeflow ops, so differentiable)."""
import numpy as np

from framework import ops as _ops
from framework.ops.operands import named_errors
from framework.ops.unregistered_gradient import not_differentiable
from .ops_dtypes import tensor


def _public(fn):
    return named_errors('keras.ops.image.' + fn.__name__)(fn)


def _nhwc(images, data_format, op, to_float=True):
    from .ops_image import _nhwc as nhwc
    return nhwc(images, data_format, op, to_float)


@_public
def rgb_to_grayscale(images, data_format=None):
    """0.2989 R + 0.5870 G + 0.1140 B, keeping a channel axis of 1 (one channel: unchanged)."""
    raw = tensor(images, 'image.rgb_to_grayscale')
    x, undo = _nhwc(raw, data_format, 'rgb_to_grayscale')
    if x.shape[-1] == 1:
        return raw
    if x.shape[-1] != 3:
        raise ValueError('keras.ops.image.rgb_to_grayscale: images must have 3 channels, got %d' % x.shape[-1])
    grey = _ops.tensordot(x, _ops.constant(np.array([[0.2989], [0.5870], [0.1140]], x._data.dtype)), 1)
    return undo(_ops.cast(grey, raw.dtype) if raw._data.dtype.kind in 'iu' else grey)


def _three_channels(images, data_format, op):
    x, undo = _nhwc(images, data_format, op)
    if x.shape[-1] != 3:
        raise ValueError('keras.ops.image.%s: images must have 3 channels, got %d' % (op, x.shape[-1]))
    return _ops.unstack(x, axis=-1), undo


@_public
def rgb_to_hsv(images, data_format=None):
    """RGB in [0, 1] to hue, saturation, value in [0, 1] (TensorFlow's formulas)."""
    (r, g, b), undo = _three_channels(images, data_format, 'rgb_to_hsv')
    value = _ops.maximum(_ops.maximum(r, g), b)
    spread = value - _ops.minimum(_ops.minimum(r, g), b)
    saturation = _ops.where(value > 0, spread / _ops.where(value > 0, value, 1.0), 0.0)
    norm = 1.0 / (6.0 * _ops.where(spread > 0, spread, 1.0))
    hue = _ops.where(value == r, norm * (g - b), _ops.where(value == g, norm * (b - r) + 2.0 / 6.0,
                                                            norm * (r - g) + 4.0 / 6.0))
    hue = _ops.where(spread > 0, hue, 0.0)
    hue = _ops.where(hue < 0, hue + 1.0, hue)
    return undo(_ops.stack([hue, saturation, value], -1))


@_public
def hsv_to_rgb(images, data_format=None):
    """Hue, saturation, value in [0, 1] to RGB (TensorFlow's formulas)."""
    (h, s, v), undo = _three_channels(images, data_format, 'hsv_to_rgb')
    # Keras 3 on TF runs tf.image.hsv_to_rgb, which TF registers as NotDifferentiable: no gradient
    h, s, v = (not_differentiable('keras.ops.image.hsv_to_rgb', c) for c in (h, s, v))
    sector = h * 6.0
    red = _ops.clip_by_value(_ops.abs(sector - 3.0) - 1.0, 0.0, 1.0)
    green = _ops.clip_by_value(2.0 - _ops.abs(sector - 2.0), 0.0, 1.0)
    blue = _ops.clip_by_value(2.0 - _ops.abs(sector - 4.0), 0.0, 1.0)
    return undo(_ops.stack([((c - 1.0) * s + 1.0) * v for c in (red, green, blue)], -1))
