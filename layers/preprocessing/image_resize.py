"""Image resizing as ``tf.image.resize`` computes it (half-pixel centers, no antialiasing),
and the center boxes Keras crops or pads to before resizing to keep an aspect ratio.

Images are channels-last arrays (..., height, width, channels); each axis is
resized by tf.image.resize's own resampler (framework.ops.image).
"""
import numpy as np

from framework.backend import array_module
from framework.ops.image.resize import resample
from framework.tape import paused
from framework.tensor import Tensor

INTERPOLATIONS = ('bilinear', 'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area')     # Keras 3's TF backend's


def resize(images, height, width, interpolation='bilinear'):
    """``images`` (..., H, W, C) resized to (..., height, width, C) by tf.image.resize's own resampler
    (framework.ops.image) on the raw arrays: as float32, or in a float dtype of their own for 'nearest'."""
    keep = interpolation == 'nearest' and images.dtype.kind == 'f'
    data = images.astype(np.float32) if images.dtype != np.float32 and not keep else images
    lead = data.shape[:-3]
    with paused():
        out = resample(Tensor(data.reshape((-1,) + data.shape[-3:])), height, width, interpolation)._data
    return out.reshape(lead + out.shape[1:])


def aspect_crop_box(height, width, target_height, target_width):
    """(top, left, crop_height, crop_width) of the centered box with the target's aspect ratio (Keras)."""
    crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
    crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
    return int(float(height - crop_height) / 2), int(float(width - crop_width) / 2), crop_height, crop_width


def aspect_pad_margins(height, width, target_height, target_width):
    """(top, left): the margin added on both sides of an image padded toward the target's aspect ratio."""
    pad_height = max(height, int(float(width * target_height) / target_width))
    pad_width = max(width, int(float(height * target_width) / target_height))
    return int(float(pad_height - height) / 2), int(float(pad_width - width) / 2)


def integer_fill_value(fill_value, dtype):
    """The value Keras 3's ``tf.ones(..., images.dtype) * fill_value`` pads integer images with: an int
    wrapped to the dtype (-1 is 255 in uint8); a float is TF's conversion TypeError, even 0.0 (the default).

    Raises:
        TypeError: ``fill_value`` is no integer.
    """
    if isinstance(fill_value, (int, np.integer)):
        return np.array(int(fill_value)).astype(dtype)[()]
    raise TypeError('Cannot convert %s to EagerTensor of dtype %s' % (fill_value, np.dtype(dtype).name))


def aspect_pad(images, target_height, target_width, fill_value):
    """``images`` padded with ``fill_value`` toward the target's aspect ratio (Keras's pad_to_aspect_ratio:
    the same margin, half the shortfall rounded down, on both sides)."""
    xp = array_module(images)
    height, width = images.shape[-3], images.shape[-2]
    top, left = aspect_pad_margins(height, width, target_height, target_width)
    out = xp.full(images.shape[:-3] + (height + 2 * top, width + 2 * left, images.shape[-1]), fill_value,
                  dtype=images.dtype)
    out[..., top:top + height, left:left + width, :] = images
    return out
