"""``tf.compat.v1.zeros_initializer``, ``ones_initializer`` and ``constant_initializer``: TensorFlow 1's
initializers, which take their ``dtype`` when made (TF 2's take it when called) and are called as
``init(shape, dtype=None, partition_info=None)``; ``constant_initializer(value, verify_shape=True)``
refuses a shape other than the value's. Made eagerly, the values are ``tf.constant``'s."""
import numpy as np

import framework
from .. import dtypes


class _Initializer:
    def __init__(self, dtype='float32'):
        self.dtype = dtypes.as_dtype(dtype)

    def get_config(self):
        return {'dtype': self.dtype.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Zeros(_Initializer):
    """Zeros of the initializer's dtype (or the call's)."""

    def __call__(self, shape, dtype=None, partition_info=None):
        return framework.zeros(shape, dtype or self.dtype)


class Ones(_Initializer):
    """Ones of the initializer's dtype (or the call's)."""

    def __call__(self, shape, dtype=None, partition_info=None):
        return framework.ones(shape, dtype or self.dtype)


class Constant(_Initializer):
    """``value`` (a number, a list or an array) as a tensor of the called shape: a scalar fills it, a value of
    as many elements is reshaped to it, anything else is tf.constant's TypeError.

    Raises:
        TypeError: with ``verify_shape``, a called shape other than the value's (TF's words).
    """

    def __init__(self, value=0, dtype='float32', verify_shape=False):
        super().__init__(dtype)
        self.value, self._verify_shape = value, verify_shape

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None):
        dtype = dtypes.as_dtype(dtype or self.dtype)
        verify = self._verify_shape if verify_shape is None else verify_shape
        if verify:
            given = np.asarray(self.value)
            if tuple(given.shape) != tuple(int(d) for d in shape):
                raise TypeError('Expected Tensor %s (converted from %s) with shape %s, but got shape %s.'
                                % (given.astype(dtype.as_numpy_dtype), self.value, tuple(int(d) for d in shape),
                                   given.shape))
        return framework.constant(self.value, dtype=dtype, shape=shape)

    def get_config(self):
        return {'value': self.value, 'dtype': self.dtype.name}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
