"""Keras 1's single-image augmentations (``tf.keras.preprocessing.image.random_rotation``,
``apply_affine_transform`` ...): numpy arrays of one image, random draws from numpy's global
generator, the affine warp done by scipy.ndimage (Keras needs scipy for it too).

A single image here is channels-first by default (row_axis=1, col_axis=2, channel_axis=0), as in
Keras; ImageDataGenerator passes its own axes.
"""
import numpy as np

__all__ = ['apply_affine_transform', 'apply_brightness_shift', 'apply_channel_shift', 'flip_axis',
           'random_brightness', 'random_channel_shift', 'random_rotation', 'random_shear', 'random_shift',
           'random_zoom', 'transform_matrix_offset_center']


def flip_axis(x, axis):
    """``x`` reversed along ``axis``."""
    return np.flip(np.asarray(x), axis)


def transform_matrix_offset_center(matrix, x, y):
    """``matrix`` (3 x 3, homogeneous) applied about the centre of an x-by-y image instead of its corner."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    to_centre = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    from_centre = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return np.dot(np.dot(to_centre, matrix), from_centre)


def _compose(*matrices):
    out = None
    for matrix in matrices:
        if matrix is not None:
            out = matrix if out is None else np.dot(out, matrix)
    return out


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode='nearest', cval=0.0, order=1):
    """Rotate by ``theta`` degrees, shift by (tx rows, ty columns), shear by ``shear`` degrees and
    zoom by (zx, zy), about the image centre, each channel through scipy.ndimage.affine_transform.

    Raises:
        ValueError: axes that are not 0, 1, 2 in some order, a channel axis in the middle, or an
            array that is not one multi-channel 2D image.
        ImportError: scipy is not installed.
    """
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    if {row_axis, col_axis, channel_axis} != {0, 1, 2}:
        raise ValueError("Invalid axis' indices: %s" % ({row_axis, col_axis, channel_axis} - {0, 1, 2},))
    if x.ndim != 3:
        raise ValueError('Input arrays must be multi-channel 2D images.')
    if channel_axis not in (0, 2):
        raise ValueError('Channels are allowed and the first and last dimensions.')
    rotation = shift = shear_matrix = zoom = None
    if theta != 0:
        theta = np.deg2rad(theta)
        rotation = np.array([[np.cos(theta), -np.sin(theta), 0], [np.sin(theta), np.cos(theta), 0], [0, 0, 1]])
    if tx != 0 or ty != 0:
        shift = np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]])
    if shear != 0:
        shear = np.deg2rad(shear)
        shear_matrix = np.array([[1, -np.sin(shear), 0], [0, np.cos(shear), 0], [0, 0, 1]])
    if zx != 1 or zy != 1:
        zoom = np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]])
    matrix = _compose(rotation, shift, shear_matrix, zoom)
    if matrix is None:
        return x
    try:
        from scipy import ndimage
    except ImportError:
        raise ImportError('apply_affine_transform needs scipy (pip install scipy), as Keras does') from None
    matrix = transform_matrix_offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    channels = np.rollaxis(x, channel_axis, 0)
    if col_axis > row_axis:                 # the matrix is written for (row, col); scipy reads the array's order
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    warped = [ndimage.affine_transform(channel, matrix[:2, :2], matrix[:2, 2], order=order, mode=fill_mode,
                                       cval=cval) for channel in channels]
    return np.rollaxis(np.stack(warped, axis=0), 0, channel_axis + 1)


def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode='nearest', cval=0.0,
                    interpolation_order=1):
    """Rotate by a uniform draw in [-rg, rg] degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode='nearest', cval=0.0,
                 interpolation_order=1):
    """Shift by uniform fractions of the height (``hrg``) and width (``wrg``)."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode='nearest', cval=0.0,
                 interpolation_order=1):
    """Shear by a uniform draw in [-intensity, intensity] degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode='nearest', cval=0.0,
                interpolation_order=1):
    """Zoom rows and columns by two uniform draws in ``zoom_range`` (a pair)."""
    if len(zoom_range) != 2:
        raise ValueError('`zoom_range` should be a tuple or list of two floats. Received: %s' % (zoom_range,))
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def apply_channel_shift(x, intensity, channel_axis=0):
    """Add ``intensity`` to every channel, clipped to the image's own [min, max]."""
    channels = np.rollaxis(x, channel_axis, 0)
    low, high = np.min(channels), np.max(channels)
    shifted = np.stack([np.clip(channel + intensity, low, high) for channel in channels], axis=0)
    return np.rollaxis(shifted, 0, channel_axis + 1)


def random_channel_shift(x, intensity_range, channel_axis=0):
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """Brightness scaled by ``brightness`` through PIL's ImageEnhance (needs Pillow, as in Keras)."""
    from ..images import array_to_img, img_to_array
    try:
        from PIL import ImageEnhance
    except ImportError:
        raise ImportError('apply_brightness_shift needs PIL: install Pillow (pip install pillow)') from None
    low, high = np.min(x), np.max(x)
    outside_bytes = low < 0 or high > 255
    img = ImageEnhance.Brightness(array_to_img(x, scale=outside_bytes or scale)).enhance(brightness)
    x = img_to_array(img)
    if not scale and outside_bytes:
        x = x / 255 * (high - low) + low
    return x


def random_brightness(x, brightness_range, scale=True):
    if len(brightness_range) != 2:
        raise ValueError('`brightness_range should be tuple or list of two floats. Received: %s' % (brightness_range,))
    return apply_brightness_shift(x, np.random.uniform(brightness_range[0], brightness_range[1]), scale)
