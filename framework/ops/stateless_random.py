"""Stateless random draws (``tf.random.stateless_*``): the same ``seed`` pair gives the same values.

The values come from numpy's Philox generator keyed by the seed, so they
repeat across runs and machines but are not TensorFlow's bit patterns.
"""
import numpy as np

from .. import backend, dtypes
from ..tensor import Tensor


def _generator(seed, op):
    if isinstance(seed, Tensor):
        if seed._data.dtype.kind not in 'iu':
            raise TypeError('%s: seed must hold integers, got dtype %s' % (op, seed.dtype.name))
        seed = backend.to_host(seed._data)
    values = np.asarray(seed)
    if values.shape != (2,) or values.dtype.kind not in 'iu':
        raise ValueError('%s: seed must be two integers (shape [2]), got %r' % (op, seed))
    key = [int(v) % 2 ** 64 for v in values]
    return np.random.Generator(np.random.Philox(key=key[0] | (key[1] << 64)))


def _shape(shape, op):
    if isinstance(shape, Tensor):
        shape = backend.to_host(shape._data).tolist()
    dims = shape if isinstance(shape, (list, tuple, np.ndarray)) else [shape]
    if any(not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0 for d in dims):
        raise TypeError('%s: shape must be a list of non-negative ints, got %r' % (op, shape))
    return tuple(int(d) for d in dims)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype='float32', name=None, alg='auto_select'):
    """Normal samples N(mean, stddev**2) determined by ``seed`` (two integers)."""
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind != 'f':
        raise TypeError('stateless_normal: dtype must be floating, got %s' % dtype.name)
    values = _generator(seed, 'stateless_normal').standard_normal(_shape(shape, 'stateless_normal'))
    return Tensor(backend.place((values * _number(stddev, 'stddev') + _number(mean, 'mean')).astype(dtype)))


def _number(value, what):
    if isinstance(value, Tensor):
        value = value.numpy()
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError('stateless random: %s must be a number, got %r' % (what, value)) from None


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype='float32', name=None, alg='auto_select'):
    """Uniform samples in [minval, maxval) determined by ``seed`` (two integers).

    Floats default to [0, 1). Integer dtypes need both bounds, or neither for the
    dtype's full range.
    """
    dtype, shape = dtypes.numpy_dtype(dtype), _shape(shape, 'stateless_uniform')
    rng = _generator(seed, 'stateless_uniform')
    if dtype.kind in 'iu':
        if (minval is None) != (maxval is None):
            raise ValueError('stateless_uniform: for integer dtype %s give both minval and maxval or neither, '
                             'got minval=%r, maxval=%r' % (dtype.name, minval, maxval))
        if minval is None:
            info = np.iinfo(dtype)
            return Tensor(backend.place(rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)))
        lo, hi = int(_number(minval, 'minval')), int(_number(maxval, 'maxval'))
        if lo >= hi:
            raise ValueError('stateless_uniform: need minval < maxval, got %d and %d' % (lo, hi))
        return Tensor(backend.place(rng.integers(lo, hi, shape).astype(dtype)))
    if dtype.kind != 'f':
        raise TypeError('stateless_uniform: dtype must be floating or integer, got %s' % dtype.name)
    lo, hi = _number(minval, 'minval'), 1.0 if maxval is None else _number(maxval, 'maxval')
    return Tensor(backend.place((rng.random(shape) * (hi - lo) + lo).astype(dtype)))
