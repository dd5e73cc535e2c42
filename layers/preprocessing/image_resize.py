"""Image resizing as ``tf.image.resize`` computes it (half-pixel centers, no antialiasing),
and the center boxes Keras crops or pads to before resizing to keep an aspect ratio.

Images are channels-last arrays (..., height, width, channels); each axis is
resized separately, as a gather of a few source rows and a weighted sum.
"""
import math

import numpy as np

from framework.backend import array_module

INTERPOLATIONS = ('bilinear', 'nearest', 'bicubic')
_TABLE = 1024          # TensorFlow's bicubic kernel is tabulated at 1/1024 steps of the offset
_KEYS_A = -0.5         # the Keys cubic kernel's parameter (half-pixel resize_bicubic)


def _bilinear_taps(in_size, out_size):
    scale = in_size / out_size
    centre = (np.arange(out_size) + 0.5) * scale - 0.5
    low = np.floor(centre)
    frac = centre - low
    lower = np.maximum(low, 0).astype(np.int64)
    upper = np.minimum(np.ceil(centre), in_size - 1).astype(np.int64)
    return np.stack([lower, upper], 1), np.stack([1 - frac, frac], 1)


def _nearest_taps(in_size, out_size):
    scale = in_size / out_size
    index = np.minimum(np.floor((np.arange(out_size) + 0.5) * scale), in_size - 1).astype(np.int64)
    return index[:, None], np.ones((out_size, 1))


def _cubic(x, a=_KEYS_A):
    """The Keys cubic convolution kernel at distance |x| < 2."""
    x = abs(x)
    if x <= 1:
        return ((a + 2) * x - (a + 3)) * x * x + 1
    return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a


def _bicubic_taps(in_size, out_size):
    scale = in_size / out_size
    index = np.zeros((out_size, 4), np.int64)
    weight = np.zeros((out_size, 4))
    for i in range(out_size):
        centre = (i + 0.5) * scale - 0.5
        base = math.floor(centre)
        # the offset as TensorFlow's table holds it: rounded to 1/1024
        step = int(np.rint((centre - base) * _TABLE)) / _TABLE
        for k, distance in enumerate((1 + step, step, 1 - step, 2 - step)):
            source = base - 1 + k
            index[i, k] = min(max(source, 0), in_size - 1)
            # taps outside the image get no weight; the rest are renormalised to sum to 1
            weight[i, k] = _cubic(distance) if 0 <= source < in_size else 0.0
        total = weight[i].sum()
        if abs(total) >= 1000 * np.finfo(np.float32).eps:
            weight[i] /= total
    return index, weight


_TAPS = {'bilinear': _bilinear_taps, 'nearest': _nearest_taps, 'bicubic': _bicubic_taps}


def _resize_axis(images, axis, size, interpolation):
    xp = array_module(images)
    index, weight = _TAPS[interpolation](images.shape[axis], size)
    out = None
    for k in range(index.shape[1]):
        shape = [1] * images.ndim
        shape[axis] = size
        taken = xp.take(images, xp.asarray(index[:, k]), axis=axis)
        term = taken * xp.asarray(weight[:, k].astype(np.float32)).reshape(shape)
        out = term if out is None else out + term
    return out


def resize(images, height, width, interpolation='bilinear'):
    """``images`` (..., H, W, C) resized to (..., height, width, C) as float32, as tf.image.resize does."""
    data = images.astype(np.float32) if images.dtype != np.float32 else images
    if interpolation == 'nearest':
        xp = array_module(data)
        rows = _nearest_taps(data.shape[-3], height)[0][:, 0]
        cols = _nearest_taps(data.shape[-2], width)[0][:, 0]
        return xp.take(xp.take(data, xp.asarray(rows), axis=-3), xp.asarray(cols), axis=-2)
    return _resize_axis(_resize_axis(data, data.ndim - 3, height, interpolation), data.ndim - 2, width, interpolation)


def aspect_crop_box(height, width, target_height, target_width):
    """(top, left, crop_height, crop_width) of the centered box with the target's aspect ratio (Keras)."""
    crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
    crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
    return int(float(height - crop_height) / 2), int(float(width - crop_width) / 2), crop_height, crop_width


def aspect_pad(images, target_height, target_width, fill_value):
    """``images`` padded with ``fill_value`` toward the target's aspect ratio (Keras's pad_to_aspect_ratio:
    the same margin, half the shortfall rounded down, on both sides)."""
    xp = array_module(images)
    height, width = images.shape[-3], images.shape[-2]
    pad_height = max(height, int(float(width * target_height) / target_width))
    pad_width = max(width, int(float(height * target_width) / target_height))
    top, left = int(float(pad_height - height) / 2), int(float(pad_width - width) / 2)
    out = xp.full(images.shape[:-3] + (height + 2 * top, width + 2 * left, images.shape[-1]), fill_value,
                  dtype=images.dtype)
    out[..., top:top + height, left:left + width, :] = images
    return out
