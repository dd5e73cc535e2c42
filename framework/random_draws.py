"""``tf.random.normal``, ``uniform`` and ``shuffle``: TensorFlow's stateful draws (random.py's seeds and
Philox stream).

Their own module (tf.random re-exports them) so that they carry TF 2.21's Python names, random_normal,
random_uniform and random_shuffle (random_ops'): their repr shows them, Keras writes them when one is
passed as an initializer (guide/basics), Python's argument errors name them, and they pickle by
reference, as TF's do. tf_named binds those names here, which tf.random lacks.
"""
import numpy as np

from . import dtypes, op_seeds, philox
from .errors import noted
from .random import (NO_DTYPE, _float_dtype, _none_dtype, _parameter_conversions, _placed, _shape, _tf_draw,
                     draw_seed_pair)
from .random_affine import affine_error, scaled
from .random_seed_order import kernel_checked
from .tensor import Tensor
from .tf_python_names import tf_named


@tf_named('random_normal')
def normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    """Samples of N(mean, stddev**2): ``standard normal * stddev + mean`` in ``dtype``."""
    dtype, shape = kernel_checked(seed, lambda: (_float_dtype(dtype, 'normal', 'RandomStandardNormal'),
                                                 _shape(shape, 'normal', 'RandomStandardNormal')),
                                  *_parameter_conversions(mean, stddev, dtype))
    for convert in _parameter_conversions(mean, stddev, dtype):     # before the seeds, as TF
        convert()
    unit = _tf_draw('RandomStandardNormal', dtype, shape, seed,
                    lambda key, counter, n, start: philox.normal_values(key, counter, n, dtype, start))
    return scaled(unit, stddev, mean, dtype)


@tf_named('random_uniform')
def uniform(shape, minval=0, maxval=None, dtype='float32', seed=None, name=None):
    """Uniform samples in [minval, maxval); integer dtypes need maxval.

    Floats are computed as TensorFlow does: the unit draw as it is for [0, 1), times maxval
    when only maxval is given, else ``unit * (maxval - minval) + minval``."""
    _none_dtype(dtype, 'uniform', NO_DTYPE)
    if dtypes.as_dtype(dtype).name not in _UNIFORM_DTYPES:
        error = ValueError('Argument `dtype` got invalid value %s. Accepted dtypes are (tf.float16, tf.bfloat16, '
                           'tf.float32, tf.float64, tf.int32, tf.int64).' % (dtypes.as_dtype(dtype),))
        error.add_note('random.uniform: dtype must be floating or int32 / int64')
        raise error
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind in 'iu' and maxval is None:
        raise noted(ValueError('Must specify maxval for integer dtype tf.%s' % dtype.name),
                    'random.uniform: integer dtype %s needs maxval' % dtype.name)
    from .tensor import convert_to_tensor
    bound_conversions = (lambda: convert_to_tensor(minval, dtype=dtype, name='min'),
                         lambda: convert_to_tensor(1 if maxval is None else maxval, dtype=dtype, name='max'))
    shape = kernel_checked(seed, lambda: _shape(shape, 'uniform', 'RandomUniformInt' if dtype.kind in 'iu'
                                                else 'RandomUniform'), *bound_conversions)
    if dtype.kind in 'iu':
        from .random_int_bounds import integer_bounds
        lo, hi = kernel_checked(seed, lambda: integer_bounds(minval, maxval, dtype, 'RandomUniformInt',
                                                             'random.uniform'))
        return _placed(_tf_draw('RandomUniformInt', dtype, shape, seed,
                                lambda key, counter, n, start: philox.uniform_int_values(
                                    key, counter, n, lo, hi, dtype, start)), dtype)
    for bound in (minval, maxval):
        if isinstance(bound, (str, bytes)):     # TF converts the bounds to dtype first
            raise affine_error(np.zeros(shape), 1.0, bound, dtype)
    unit = _tf_draw('RandomUniform', dtype, shape, seed,
                    lambda key, counter, n, start: philox.uniform_values(key, counter, n, dtype, start))
    minval_is_zero = isinstance(minval, int) and minval == 0
    if maxval is None or (isinstance(maxval, int) and maxval == 1 and minval_is_zero):
        if not minval_is_zero:
            try:
                return _placed(unit * (np.asarray(1, dtype) - np.asarray(minval, dtype)) + np.asarray(minval, dtype),
                               dtype)
            except ValueError:      # a minval the draws do not broadcast with: Mul's kernel error, as in TF
                raise affine_error(unit, np.zeros(np.shape(minval)), minval, dtype) from None
        return _placed(unit, dtype)
    try:
        hi = np.asarray(_number(maxval), dtype)
        if minval_is_zero:
            return _placed(unit * hi, dtype)
        lo = np.asarray(_number(minval), dtype)
        return _placed(unit * (hi - lo) + lo, dtype)
    except ValueError:      # TF's words: a string bound's conversion error, Mul's for bounds of another shape
        span = np.broadcast_shapes(np.shape(_number(minval)), np.shape(_number(maxval))) \
            if not isinstance(minval, str) and not isinstance(maxval, str) else ()
        raise affine_error(unit, np.zeros(span), minval if isinstance(minval, str) else maxval, dtype) from None


_UNIFORM_DTYPES = frozenset(('float16', 'bfloat16', 'float32', 'float64', 'int32', 'int64'))



def _number(value):
    return value.numpy() if isinstance(value, Tensor) else value


@tf_named('random_shuffle')
def shuffle(value, seed=None, name=None):
    """The tensor with its first axis randomly permuted (TensorFlow's RandomShuffle order)."""
    from .ops import gather
    from .tensor import convert_to_tensor
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))   # TF's first step
    try:
        x = value if isinstance(value, Tensor) else convert_to_tensor(value)
    except (TypeError, ValueError) as err:      # TF's conversion error, as it is
        err.add_note('random.shuffle: cannot use %r as a tensor' % (value,))
        raise
    n = int(x.shape[0]) if x.ndim else 0
    if n <= 1:
        return x
    key, counter, start = op_seeds.reserve('RandomShuffle', x.dtype, seeds, n, blocks=(n - 1 + 3) // 4)
    order = philox.shuffle_order(key, counter, n, start)
    # RandomShuffle is not differentiable in TensorFlow: its input's gradient is None
    from .tape import ACTIVE, paused, record_blocked
    if ACTIVE:
        record_blocked('RandomShuffle', (x,))
        with paused():
            return gather(x, order)
    return gather(x, order)
