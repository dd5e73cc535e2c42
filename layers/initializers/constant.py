"""Initializers with fixed values: Zeros, Ones, Constant, Identity."""
import numpy as np

from framework import dtypes
from framework.placement import current_xp
from framework.tensor import Tensor

from .initializer import Initializer


def _dtype(dtype):
    return dtypes.float32 if dtype is None else dtypes.as_dtype(dtype)


class Constant(Initializer):
    """Every element equal to ``value`` (a scalar)."""

    def __init__(self, value=0.0):
        if np.ndim(value) != 0:
            raise ValueError('Constant: value must be a scalar, got an array of shape %s; pass an array '
                             'itself as the initializer to use it whole' % (np.shape(value),))
        self.value = value

    def __call__(self, shape, dtype=None):
        return Tensor(current_xp().full(tuple(shape), self.value, dtype=_dtype(dtype)))

    def get_config(self):
        return {'value': self.value}


class Zeros(Initializer):
    """All zeros."""

    def __call__(self, shape, dtype=None):
        return Tensor(current_xp().zeros(tuple(shape), dtype=_dtype(dtype)))


class Ones(Initializer):
    """All ones."""

    def __call__(self, shape, dtype=None):
        return Tensor(current_xp().ones(tuple(shape), dtype=_dtype(dtype)))


class Identity(Initializer):
    """``gain`` times the identity matrix (2-D shapes only; rectangular allowed)."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError('Identity matrix initializer can only be used for 2D matrices. '
                             'Received: shape=%s of rank %d.' % (tuple(shape), len(shape)))
        return Tensor(current_xp().eye(*shape, dtype=_dtype(dtype)) * _dtype(dtype).type(self.gain))

    def get_config(self):
        return {'gain': self.gain}
