"""``keras.preprocessing.image.smart_resize``: resize without distorting the aspect ratio, by
cropping the largest centred window of the target's ratio first (Keras 3's rule)."""
import numpy as np


def smart_resize(x, size, interpolation='bilinear', data_format='channels_last', **kwargs):
    """``x`` (one image or a batch) centre-cropped to ``size``'s aspect ratio, then resized to it
    with keras.ops.image.resize. A numpy input gives a numpy array, a tensor a tensor.

    Raises:
        TypeError: unknown keyword arguments. ValueError: a size that is not 2 integers, or an
            input of rank other than 3 or 4.
    """
    from .. import ops
    kwargs.pop('backend_module', None)
    if kwargs:
        raise TypeError('smart_resize() got unexpected keyword arguments: %s' % (list(kwargs.keys()),))
    if len(size) != 2:
        raise ValueError('Expected `size` to be a tuple of 2 integers, but got: %s.' % (size,))
    img = ops.convert_to_tensor(x)
    if len(img.shape) < 3 or len(img.shape) > 4:
        raise ValueError('Expected an image array with shape `(height, width, channels)`, or `(batch_size, height, '
                         'width, channels)`, but got input with incorrect rank, of shape %s.' % (tuple(img.shape),))
    shape = tuple(img.shape)
    height, width = shape[-3:-1] if data_format == 'channels_last' else shape[-2:]
    target_height, target_width = size
    crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
    crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
    top, left = int(float(height - crop_height) / 2), int(float(width - crop_width) / 2)
    rows, cols = slice(top, top + crop_height), slice(left, left + crop_width)
    if data_format == 'channels_last':
        img = img[..., rows, cols, :]
    else:
        img = img[..., rows, cols]
    img = ops.image.resize(img, size=size, interpolation=interpolation, data_format=data_format)
    return np.array(img) if isinstance(x, np.ndarray) else img
