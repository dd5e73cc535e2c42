"""TensorFlow 2's own initializer classes (``tf.constant_initializer``, ``tf.ones_initializer``,
``tf.zeros_initializer``, ``tf.random_normal_initializer``, ``tf.random_uniform_initializer``).

They are not Keras's: called as ``init(shape, dtype)`` (float32 by default), and a seeded random one
draws TensorFlow's stateless values for seed ``[seed, 0]``; an unseeded one draws from the global
random stream (``tf.random.set_seed``), as TensorFlow's init_ops_v2 does.
"""
import numpy as np

from . import dtypes
from .tensor import constant


class Initializer:
    """Base of TF 2's initializers: ``__call__(shape, dtype)`` and ``get_config``."""

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _numeric_dtype(dtype, cls, allow_bool=False):
    dtype = dtypes.as_dtype(dtype)
    kind = np.dtype(dtypes.numpy_dtype(dtype)).kind
    if kind not in ('fiub' if allow_bool else 'fiu'):
        raise ValueError('%s: Argument `dtype` expected to be numeric or boolean. Received %s.' % (cls, dtype.name))
    return dtype


class Zeros(Initializer):
    """Zeros of the given shape and dtype (float32 by default)."""

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        dtype = _numeric_dtype(dtype, 'zeros_initializer', allow_bool=True)
        return constant(np.zeros(tuple(shape), dtypes.numpy_dtype(dtype)))


class Ones(Initializer):
    """Ones of the given shape and dtype (float32 by default)."""

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        dtype = _numeric_dtype(dtype, 'ones_initializer', allow_bool=True)
        return constant(np.ones(tuple(shape), dtypes.numpy_dtype(dtype)))


class Constant(Initializer):
    """``value`` (a scalar, or as many values as the shape holds) in the given shape; the dtype
    defaults to the value's own."""

    def __init__(self, value=0, support_partition=False):
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError('Invalid type for initial value: %s. Expected Python scalar, list or tuple of values, '
                            'or numpy.ndarray.' % type(value).__name__)
        self.value = value

    def __call__(self, shape, dtype=None, **kwargs):
        return constant(self.value, dtype=dtype, shape=shape)

    def get_config(self):
        return {'value': self.value}


class _Random(Initializer):
    def __init__(self, seed):
        self.seed = seed

    def _stateless_seed(self):
        return [self.seed, 0]


class RandomNormal(_Random):
    """Normal values with ``mean`` and ``stddev`` (defaults 0.0 and 0.05, TensorFlow's)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        from . import random
        if self.seed is None:
            return random.normal(shape, self.mean, self.stddev, dtype=dtype)
        return random.stateless_normal(shape, self._stateless_seed(), self.mean, self.stddev, dtype=dtype)

    def get_config(self):
        return {'mean': self.mean, 'stddev': self.stddev, 'seed': self.seed}


class RandomUniform(_Random):
    """Uniform values in [minval, maxval) (defaults -0.05 and 0.05, TensorFlow's)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        from . import random
        _numeric_dtype(dtype, 'random_uniform_initializer')
        if self.seed is None:
            return random.uniform(shape, self.minval, self.maxval, dtype=dtype)
        return random.stateless_uniform(shape, self._stateless_seed(), self.minval, self.maxval, dtype=dtype)

    def get_config(self):
        return {'minval': self.minval, 'maxval': self.maxval, 'seed': self.seed}


constant_initializer, ones_initializer, zeros_initializer = Constant, Ones, Zeros
random_normal_initializer, random_uniform_initializer = RandomNormal, RandomUniform
