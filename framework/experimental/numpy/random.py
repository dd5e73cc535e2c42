"""``tf.experimental.numpy.random``: NumPy's random API over tapeflow's seeded streams (float64 results)."""
import numpy as np

from ... import dtypes, random as _random
from .conversion import default_float, numpy_dtype


def _shape(size):
    if size is None:
        return ()
    return (int(size),) if np.ndim(size) == 0 else tuple(int(s) for s in size)


def _float():
    return dtypes.as_dtype(np.dtype(default_float()).name)


def seed(s):
    """Seed the global stream (``tf.random.set_seed``)."""
    _random.set_seed(int(s))


def uniform(low=0.0, high=1.0, size=None):
    return _random.uniform(_shape(size), low, high, dtype=_float())


def random(size=None):
    return uniform(0.0, 1.0, size)


def rand(*size):
    return uniform(0.0, 1.0, size)


def standard_normal(size=None):
    return _random.normal(_shape(size), dtype=_float())


def randn(*size):
    return standard_normal(size)


def randint(low, high=None, size=None, dtype=np.int64):
    """Integers in [low, high) (or [0, low) without ``high``).

    Raises:
        ValueError: an empty range.
    """
    low, high = (0, low) if high is None else (low, high)
    if high <= low:
        raise ValueError('tf.experimental.numpy.random.randint: need low < high, got low=%r high=%r' % (low, high))
    return _random.uniform(_shape(size), int(low), int(high), dtype=dtypes.as_dtype(numpy_dtype(dtype).name))


def poisson(lam=1.0, size=None):
    """int64 Poisson(lam) counts of shape ``size`` (tf.random.poisson's draw from the global stream, as
    TF's tnp makes it)."""
    return _random.poisson(_shape(size), lam, dtype=dtypes.int64)


__all__ = ['poisson', 'rand', 'randint', 'randn', 'random', 'seed', 'standard_normal', 'uniform']
