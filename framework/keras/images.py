"""``keras.utils`` image helpers: ``img_to_array``, ``array_to_img``, ``load_img``, ``save_img``.

As in Keras, Pillow is optional: ``img_to_array`` works on anything numpy
can read (arrays, nested lists, PIL images); the others need PIL and raise
ImportError naming it when it is missing (``pip install pillow``).
"""
import io
import os
import pathlib
import warnings

import numpy as np

from .backend import floatx, image_data_format

# Pillow's resampling filter for each of Keras's interpolation names.
_INTERPOLATIONS = ('nearest', 'bilinear', 'bicubic', 'hamming', 'box', 'lanczos')


def _pil_image(who):
    try:
        from PIL import Image
    except ImportError:
        error = ImportError('Could not import PIL.Image. The use of `%s` requires PIL.' % who)   # Keras 3's words
        error.add_note('install Pillow: pip install pillow')
        raise error from None
    return Image


def _data_format(data_format, who):
    data_format = image_data_format() if data_format is None else str(data_format).lower()
    if data_format not in ('channels_first', 'channels_last'):      # Keras 3's standardize_data_format words
        error = ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                           'Received: data_format=%s' % data_format)
        error.add_note("%s: data_format must be 'channels_first' or 'channels_last', got %r" % (who, data_format))
        raise error
    return data_format


def img_to_array(img, data_format=None, dtype=None):
    """A 3-D float array (floatx) of an image: (height, width, channels), or channels first.

    Args:
        img: a PIL image, or an array / nested list of rank 2 (grayscale) or 3.
        data_format: 'channels_last' (default: ``image_data_format()``) or 'channels_first'.
        dtype: the array's dtype (default: floatx()).
    Raises:
        ValueError: an image of another rank.
    """
    data_format = _data_format(data_format, 'img_to_array')
    x = np.asarray(img, dtype=floatx() if dtype is None else dtype)
    if x.ndim == 3:
        return x.transpose(2, 0, 1) if data_format == 'channels_first' else x
    if x.ndim == 2:
        return x.reshape((1,) + x.shape if data_format == 'channels_first' else x.shape + (1,))
    error = ValueError('Unsupported image shape: %s' % (x.shape,))
    error.add_note('img_to_array: expected (height, width) or (height, width, channels)')
    raise error


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """A PIL image of a 3-D array: RGB (3 channels), RGBA (4) or grayscale (1).

    Args:
        scale: rescale the values to [0, 255] first (min to 0, max to 255).
    Raises:
        ImportError: Pillow is not installed.
        ValueError: an array that is not rank 3, or another number of channels.
    """
    data_format = _data_format(data_format, 'array_to_img')
    image = _pil_image('array_to_img')
    x = np.asarray(x, dtype=floatx() if dtype is None else dtype)
    if x.ndim != 3:
        raise ValueError('array_to_img: expected an image array of rank 3 (one image), got shape %s' % (x.shape,))
    if data_format == 'channels_first':
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        top = np.max(x)
        if top != 0:
            x /= top
        x *= 255
    channels = x.shape[2]
    if channels in (3, 4):
        return image.fromarray(x.astype('uint8'), 'RGB' if channels == 3 else 'RGBA')
    if channels == 1:
        if np.max(x) > 255:          # beyond 8 bits: PIL's 32-bit integer grayscale
            return image.fromarray(x[:, :, 0].astype('int32'), 'I')
        return image.fromarray(x[:, :, 0].astype('uint8'), 'L')
    raise ValueError('array_to_img: unsupported number of channels %d; expected 1, 3 or 4' % channels)


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Save an image array to ``path`` (format from the suffix unless ``file_format`` says).

    Raises:
        ImportError: Pillow is not installed.
    """
    data_format = _data_format(data_format, 'save_img')
    if file_format is None and isinstance(path, (str, pathlib.Path)):
        file_format = pathlib.Path(path).suffix[1:].lower()
    if file_format and file_format.lower() == 'jpg':
        file_format = 'jpeg'
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == 'RGBA' and file_format == 'jpeg':
        warnings.warn('The JPEG format does not support RGBA images, converting to RGB.', stacklevel=2)
        img = img.convert('RGB')
    img.save(path, format=file_format, **kwargs)


def load_img(path, color_mode='rgb', target_size=None, interpolation='nearest', keep_aspect_ratio=False):
    """A PIL image read from a file path or a BytesIO.

    Args:
        color_mode: 'rgb', 'rgba' or 'grayscale'.
        target_size: (height, width) to resize to, or None.
        interpolation: one of 'nearest', 'bilinear', 'bicubic', 'hamming', 'box', 'lanczos'.
        keep_aspect_ratio: crop the centre to the target aspect ratio before resizing.
    Raises:
        ImportError: Pillow is not installed.
        TypeError: a path of another type. ValueError: a bad color_mode or interpolation.
    """
    image = _pil_image('load_img')
    if isinstance(path, io.BytesIO):
        img = image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str)):
        with open(os.fspath(path), 'rb') as f:
            img = image.open(io.BytesIO(f.read()))
    else:
        raise TypeError('load_img: path should be path-like or io.BytesIO, not %s' % type(path).__name__)
    if color_mode == 'grayscale':
        if img.mode not in ('L', 'I;16', 'I'):
            img = img.convert('L')
    elif color_mode in ('rgb', 'rgba'):
        if img.mode != color_mode.upper():
            img = img.convert(color_mode.upper())
    else:
        raise ValueError('load_img: color_mode must be "grayscale", "rgb", or "rgba", got %r' % (color_mode,))
    if target_size is None:
        return img
    size = (target_size[1], target_size[0])      # PIL sizes are (width, height)
    if img.size == size:
        return img
    if interpolation not in _INTERPOLATIONS:
        raise ValueError('load_img: invalid interpolation method %r; supported methods are %s'
                         % (interpolation, ', '.join(_INTERPOLATIONS)))
    resample = getattr(getattr(image, 'Resampling', image), interpolation.upper())
    if not keep_aspect_ratio:
        return img.resize(size, resample)
    width, height = img.size
    crop_height = min(height, (width * size[1]) // size[0])
    crop_width = min(width, (height * size[0]) // size[1])
    top, left = (height - crop_height) // 2, (width - crop_width) // 2
    return img.resize(size, resample, box=[left, top, left + crop_width, top + crop_height])
