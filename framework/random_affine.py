"""``unit * scale + offset`` for random draws (normal's stddev and mean), in the draw's dtype.

Plain numbers run on numpy; a tensor or variable scale or offset runs through the framework's
ops, so a tape records it and gives TensorFlow's gradients with respect to mean and stddev.
"""
import numpy as np

from . import backend
from .tensor import Tensor, convert_to_tensor


def scaled(unit, scale, offset, dtype):
    """``unit * scale + offset`` as a tensor of ``dtype``; ``unit`` is a host array of draws."""
    for value in (scale, offset):
        if value is None:       # numpy would make it NaN; TensorFlow refuses to convert it
            convert_to_tensor(value)
    if isinstance(scale, Tensor) or isinstance(offset, Tensor):
        draws = Tensor(backend.place(np.asarray(unit, dtype=dtype)))
        return draws * convert_to_tensor(scale, dtype=dtype) + convert_to_tensor(offset, dtype=dtype)
    try:
        return Tensor(backend.place(np.asarray(unit * np.asarray(scale, dtype) + np.asarray(offset, dtype), dtype)))
    except ValueError:
        raise affine_error(unit, scale, offset, dtype) from None


def affine_error(unit, scale, offset, dtype):
    """TF's error for a scale or offset it cannot use: a string is its conversion's TypeError (the
    offset converts first), a shape the draws do not broadcast with its Mul's or AddV2's kernel error."""
    from .errors import kernel_error
    from .tensor import _kernel_name
    for value in (offset, scale):
        if isinstance(value, (str, bytes)):
            return TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(np.dtype(dtype))))
    for kernel, value in (('Mul', scale), ('AddV2', offset)):
        try:
            np.broadcast_shapes(np.shape(unit), np.shape(value))
        except ValueError:
            return kernel_error(kernel, 'Incompatible shapes: [%s] vs. [%s]' % (
                ','.join(map(str, np.shape(unit))), ','.join(map(str, np.shape(value)))), named=True,
                note='random: a mean / stddev (minval / maxval) of shape %s for draws of shape %s'
                     % (np.shape(value), np.shape(unit)))
    return ValueError('random: cannot scale draws of shape %s by %r and shift them by %r'
                      % (np.shape(unit), scale, offset))
