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
    return Tensor(backend.place(np.asarray(unit * np.asarray(scale, dtype) + np.asarray(offset, dtype), dtype)))
