"""``keras.random``: Keras 3's random ops and ``SeedGenerator``, on numpy generators.

Keras 3's seeding rules:
- ``seed=<int>``: stateless; the same call with the same int gives the same values.
- ``seed=SeedGenerator(...)``: each call advances the generator, so draws differ
  but the whole sequence repeats from the generator's seed.
- ``seed=None``: a fresh seed from the process stream, so draws repeat after
  ``keras.utils.set_random_seed`` (which seeds ``framework.random``).
Values are drawn on the host and placed on the current device.
"""
import numpy as np

from framework import backend, dtypes
from framework import ops as _ops
from framework import random as _framework_random
from framework.ops.operands import named_errors
from framework.tensor import Tensor
from .ops_dtypes import FLOATX, floating, tensor

__all__ = ['SeedGenerator', 'beta', 'binomial', 'categorical', 'dropout', 'gamma', 'normal', 'randint',
           'shuffle', 'truncated_normal', 'uniform']


def _check_int_seed(seed, where):
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ValueError('%s: seed must be an integer, None or a keras.random.SeedGenerator, got %r (%s)'
                         % (where, seed, type(seed).__name__))
    return int(seed)


class SeedGenerator:
    """A seed that advances on every use, so successive draws differ but repeat run to run.

    Args:
        seed: an int, or None for one drawn from the process stream
            (reproducible after ``keras.utils.set_random_seed``).
    """

    def __init__(self, seed=None, name=None, **kwargs):
        self._seed = _framework_random.draw_seed() if seed is None else \
            _check_int_seed(seed, 'keras.random.SeedGenerator')
        self._counter = 0
        self.name = name or 'seed_generator'

    @property
    def state(self):
        """(seed, draws so far) as an int64 tensor, the two numbers that fix the next draw."""
        return Tensor(np.asarray([self._seed, self._counter], dtype=np.int64))

    def next(self, ordered=True):
        """The seed material for one draw; advances the generator."""
        self._counter += 1
        return [self._seed, self._counter]

    def get_config(self):
        return {'seed': self._seed, 'name': self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _generator(seed, op):
    """A numpy Generator for one draw under Keras 3's seeding rules."""
    if seed is None:
        material = [_framework_random.draw_seed()]
    elif isinstance(seed, SeedGenerator):
        material = seed.next()
    elif isinstance(seed, (Tensor, np.ndarray, list, tuple)):
        material = [int(v) for v in np.asarray(seed).reshape(-1)]
    else:
        material = [_check_int_seed(seed, 'keras.random.' + op)]
    # The salt keeps an int seed's stream apart from a SeedGenerator's (seed, counter) pairs.
    return np.random.default_rng([0x6b657261] + [v % 2 ** 63 for v in material])


def _shape(shape):
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    return (int(shape),) if np.ndim(shape) == 0 else tuple(int(d) for d in shape)


def _float_dtype(dtype, op):
    dtype = dtypes.numpy_dtype(dtype) if dtype is not None else FLOATX
    if dtype.kind != 'f':
        raise ValueError('keras.random.%s: dtype must be floating, got %s; use keras.random.randint for '
                         'integers' % (op, dtype.name))
    return dtype


def _placed(values, dtype):
    return Tensor(backend.place(np.asarray(values).astype(dtype)))


@named_errors('keras.random.normal')
def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples of N(mean, stddev**2), floatx by default."""
    dtype = _float_dtype(dtype, 'normal')
    return _placed(_generator(seed, 'normal').normal(mean, stddev, _shape(shape)), dtype)


@named_errors('keras.random.uniform')
def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Samples uniform in [minval, maxval), floatx by default."""
    dtype = _float_dtype(dtype, 'uniform')
    return _placed(_generator(seed, 'uniform').uniform(minval, maxval, _shape(shape)), dtype)


@named_errors('keras.random.truncated_normal')
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal samples redrawn until within two standard deviations of the mean."""
    dtype = _float_dtype(dtype, 'truncated_normal')
    rng, shape = _generator(seed, 'truncated_normal'), _shape(shape)
    values = rng.standard_normal(shape)
    outside = np.abs(values) > 2
    while outside.any():
        values[outside] = rng.standard_normal(int(outside.sum()))
        outside = np.abs(values) > 2
    return _placed(values * stddev + mean, dtype)


@named_errors('keras.random.randint')
def randint(shape, minval, maxval, dtype='int32', seed=None):
    """Integers uniform in [minval, maxval)."""
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind not in 'iu':
        raise ValueError('keras.random.randint: dtype must be an integer type, got %s' % dtype.name)
    if int(maxval) <= int(minval):
        raise ValueError('keras.random.randint: maxval (%r) must be greater than minval (%r)' % (maxval, minval))
    return _placed(_generator(seed, 'randint').integers(int(minval), int(maxval), _shape(shape)), dtype)


@named_errors('keras.random.shuffle')
def shuffle(x, axis=0, seed=None):
    """``x`` with its slices along ``axis`` in a random order (a gather: gradients flow back)."""
    t = tensor(x, 'shuffle')
    if t.ndim == 0:
        raise ValueError('keras.random.shuffle: x must have rank >= 1, got a scalar')
    order = _generator(seed, 'shuffle').permutation(t.shape[axis])
    return _ops.gather(t, order, axis=axis)


@named_errors('keras.random.dropout')
def dropout(inputs, rate, noise_shape=None, seed=None):
    """Zero each element with probability ``rate``, scaling the rest by 1 / (1 - rate).

    ``noise_shape`` entries of None take the input's size on that axis.
    """
    x = floating(inputs, 'dropout')
    if not 0 <= rate < 1:
        raise ValueError('keras.random.dropout: rate must lie in [0, 1), got %r' % (rate,))
    shape = tuple(x.shape) if noise_shape is None else tuple(
        x.shape[i] if d is None else int(d) for i, d in enumerate(noise_shape))
    keep = _generator(seed, 'dropout').uniform(size=shape) >= rate
    return _ops.where(backend.place(keep), x * (1.0 / (1.0 - rate)), _ops.zeros_like(x))


@named_errors('keras.random.categorical')
def categorical(logits, num_samples, dtype='int32', seed=None):
    """``num_samples`` class indices per row of (batch, classes) unnormalised log-probabilities."""
    t = floating(logits, 'categorical')
    if t.ndim != 2:
        raise ValueError('keras.random.categorical: logits must be (batch, classes), got shape %s'
                         % (tuple(t.shape),))
    probabilities = np.asarray(_ops.softmax(_ops.cast(t, 'float64')), dtype=np.float64)
    rng = _generator(seed, 'categorical')
    rows = [rng.choice(p.shape[0], size=int(num_samples), p=p / p.sum()) for p in probabilities]
    return _placed(np.asarray(rows).reshape(t.shape[0], int(num_samples)), dtypes.numpy_dtype(dtype))


@named_errors('keras.random.gamma')
def gamma(shape, alpha, dtype=None, seed=None):
    """Gamma(alpha, 1) samples."""
    dtype = _float_dtype(dtype, 'gamma')
    return _placed(_generator(seed, 'gamma').gamma(alpha, 1.0, _shape(shape)), dtype)


@named_errors('keras.random.beta')
def beta(shape, alpha, beta, dtype=None, seed=None):
    """Beta(alpha, beta) samples."""
    dtype = _float_dtype(dtype, 'beta')
    return _placed(_generator(seed, 'beta').beta(alpha, beta, _shape(shape)), dtype)


@named_errors('keras.random.binomial')
def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Binomial(counts, probabilities) samples, as floats (floatx) like Keras 3."""
    dtype = _float_dtype(dtype, 'binomial')
    return _placed(_generator(seed, 'binomial').binomial(counts, probabilities, _shape(shape)), dtype)
