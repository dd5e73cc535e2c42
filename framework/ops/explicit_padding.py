"""Explicit padding for tf.nn's conv2d, depthwise_conv2d (and separable_conv2d), max_pool2d, max_pool1d and
max_pool: ``padding=[[0, 0], [top, bottom], [left, right], [0, 0]]`` (TensorFlow's 'EXPLICIT' padding).

The input is padded with tf.pad (zeros before a convolution; before a max pool the dtype's lowest value,
which no window takes, as TensorFlow's MaxPool ignores its padding) and the 'VALID' kernel runs on it:
TensorFlow's values, and gradients through pad's.
"""
import numpy as np

from ..errors import kernel_error


def is_explicit(padding):
    return isinstance(padding, (list, tuple))


def checked_list(padding, size):
    """``padding`` as TF's Python wrappers check a list (ValueError), for an input of rank ``size``."""
    if isinstance(padding, str) and padding == 'EXPLICIT':
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    for i, pair in enumerate(padding):
        if not isinstance(pair, (list, tuple)):
            raise ValueError('When `padding` is a list, each element of `padding` must be a list/tuple of size 2. '
                             'Received: padding=%s with element at index %d of type %s' % (padding, i, type(pair)))
        if len(pair) != 2:
            raise ValueError('When `padding` is a list, each element of `padding` must be a list/tuple of size 2. '
                             'Received: padding=%s with element at index %d of size %d' % (padding, i, len(pair)))
    if len(padding) != size:
        raise ValueError('When padding is a list, it must be of size %d. Received: padding=%s of size %d'
                         % (size, padding, len(padding)))
    return [(int(a), int(b)) for a, b in padding]


def padded_input(x, padding, first, kernel, strict=True, window=None, sides=None):
    """``x`` padded by the checked list ``padding`` (one pair per axis, channels first or last), for 'VALID'.

    Args:
        kernel: TensorFlow's kernel, whose words the errors take ('Conv2D', 'MaxPool').
        strict: whether padding of the batch or channel axis is refused (oneDNN's float32 Conv2D and the
            depthwise kernel ignore it).
        window: the pool's spatial window sizes; each pad must be smaller (a window of padding only).
        sides: the spatial axes' (before, after) names in the kernel's errors.
    """
    from .shapes import pad
    pairs = checked_list(padding, x.ndim)
    if any(v < 0 for pair in pairs for v in pair):
        raise kernel_error(kernel, 'All elements of explicit_paddings must be nonnegative', named=True,
                           note='padding %s holds a negative width' % (padding,))
    outer = (0, 1) if first else (0, x.ndim - 1)
    if any(pairs[i] != (0, 0) for i in outer):
        if strict:
            raise kernel_error(kernel, 'Nonzero explicit padding in the batch or depth dimensions is not supported',
                               named=True, note='padding %s pads the batch or channel axis' % (padding,))
        pairs = [(0, 0) if i in outer else p for i, p in enumerate(pairs)]
    spatial = pairs[2:] if first else pairs[1:-1]
    for size, (before, after), names in zip(window or (), spatial, sides or ()):
        for width, side in zip((before, after), names):
            if width >= size:
                raise kernel_error(kernel, '%s padding %d needs to be smaller than the window size %d'
                                   % (side, width, size), named=True)
    if not any(before or after for before, after in spatial):
        return x
    a = x._data
    fill = 0 if window is None else (-np.inf if a.dtype.kind == 'f' else np.iinfo(a.dtype).min)
    return pad(x, pairs, constant_values=fill)
