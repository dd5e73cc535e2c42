"""TF 1's random initializers (``tensorflow/python/ops/init_ops.py``), as ``tf.compat.v1`` exports them:
``glorot_uniform_initializer``, ``truncated_normal_initializer(stddev=0.1)``, ``variance_scaling_initializer``,
``random_normal_initializer``..., the ones TF 1-era programs call as ``init([784, 256])`` or hand to
``tf.get_variable``. They differ from TF 2's of the same idea: a ``dtype`` given when made, TF 1's defaults
(``random_normal_initializer`` draws with stddev 1.0, ``random_uniform_initializer`` from [0, 1), where TF 2's
draw 0.05-wide), and each call is one stateful random op, so with ``tf.set_random_seed`` the draws follow the
global seed's op counter as ``tf.compat.v1.random_normal`` does (TF 2.21's values)."""
import math

import framework
from .. import dtypes
from ..deprecation import deprecated
from .v1_initializers import _Initializer


def _float_dtype(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError('Argument `dtype` is expected to be floating point. Received: %s.' % (dtype,))
    return dtype


def _fans(shape):
    """(fan_in, fan_out) of a weight shape: a convolution kernel's receptive field counts in both."""
    shape = [int(d) for d in shape]
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


class RandomUniform(_Initializer):
    """Uniform draws in [minval, maxval) (maxval None: 1 for floats)."""

    def __init__(self, minval=.0, maxval=None, seed=None, dtype='float32'):
        super().__init__(dtype)
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        return framework.random.uniform(shape, self.minval, self.maxval, dtype or self.dtype, seed=self.seed)

    def get_config(self):
        return {'minval': self.minval, 'maxval': self.maxval, 'seed': self.seed, 'dtype': self.dtype.name}


class RandomNormal(_Initializer):
    """Normal draws of ``mean`` and ``stddev`` (TF 1's default stddev is 1.0)."""

    _draw = staticmethod(lambda *args, **kwargs: framework.random.normal(*args, **kwargs))

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype='float32'):
        self.dtype = _float_dtype(dtype)
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        return self._draw(shape, self.mean, self.stddev, dtype or self.dtype, seed=self.seed)

    def get_config(self):
        return {'mean': self.mean, 'stddev': self.stddev, 'seed': self.seed, 'dtype': self.dtype.name}


class TruncatedNormal(RandomNormal):
    """Normal draws redrawn beyond two standard deviations."""

    _draw = staticmethod(lambda *args, **kwargs: framework.random.truncated_normal(*args, **kwargs))


class UniformUnitScaling(_Initializer):
    """Uniform in +-sqrt(3 / input size) * factor, the input size being all but the last dimension's product."""

    @deprecated('UniformUnitScaling.__init__', 'tensorflow.python.ops.init_ops',
                'Use tf.initializers.variance_scaling instead with distribution=uniform to get equivalent behavior.')
    def __init__(self, factor=1.0, seed=None, dtype='float32'):
        self.dtype = _float_dtype(dtype)
        self.factor, self.seed = factor, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        scale_shape = partition_info.full_shape if partition_info is not None else shape
        input_size = max(float(math.prod(int(d) for d in scale_shape[:-1])), 1.0)
        limit = math.sqrt(3 / input_size) * self.factor
        return framework.random.uniform(shape, -limit, limit, dtype or self.dtype, seed=self.seed)

    def get_config(self):
        return {'factor': self.factor, 'seed': self.seed, 'dtype': self.dtype.name}


class VarianceScaling(_Initializer):
    """Draws of variance ``scale / n``, n the fan in, the fan out or their mean: a normal truncated at two
    standard deviations (its stddev divided by 0.8796..., the truncated one's), an untruncated normal, or a
    uniform in +-sqrt(3 scale / n). ``'normal'`` is TF 1's old name of ``'truncated_normal'``.

    Raises:
        ValueError: a scale not positive, an unknown mode or distribution (TF's texts).
    """

    def __init__(self, scale=1.0, mode='fan_in', distribution='truncated_normal', seed=None, dtype='float32'):
        if scale <= 0.:
            raise ValueError('Argument `scale` must be a positive float. Received: %s' % (scale,))
        if mode not in {'fan_in', 'fan_out', 'fan_avg'}:
            raise ValueError("Argument `mode` should be one of ('fan_in', 'fan_out', 'fan_avg'). Received: %s"
                             % (mode,))
        distribution = distribution.lower()
        if distribution not in {'normal', 'uniform', 'truncated_normal', 'untruncated_normal'}:
            raise ValueError("Argument `distribution` should be one of ('normal', uniform', 'truncated_normal', "
                             "'untruncated_normal'). Received: %s" % (distribution,))
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = dtype or self.dtype
        fan_in, fan_out = _fans(partition_info.full_shape if partition_info is not None else shape)
        n = {'fan_in': fan_in, 'fan_out': fan_out, 'fan_avg': (fan_in + fan_out) / 2.}[self.mode]
        scale = self.scale / max(1., n)
        if self.distribution in ('normal', 'truncated_normal'):
            return framework.random.truncated_normal(shape, 0.0, math.sqrt(scale) / .87962566103423978, dtype,
                                                     seed=self.seed)
        if self.distribution == 'untruncated_normal':
            return framework.random.normal(shape, 0.0, math.sqrt(scale), dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return framework.random.uniform(shape, -limit, limit, dtype, seed=self.seed)

    def get_config(self):
        return {'scale': self.scale, 'mode': self.mode, 'distribution': self.distribution, 'seed': self.seed,
                'dtype': self.dtype.name}


class GlorotUniform(VarianceScaling):
    """Uniform in +-sqrt(6 / (fan_in + fan_out)): ``tf.get_variable``'s default for floats."""

    def __init__(self, seed=None, dtype='float32'):
        super().__init__(1.0, 'fan_avg', 'uniform', seed, dtype)

    def get_config(self):
        return {'seed': self.seed, 'dtype': self.dtype.name}


class GlorotNormal(VarianceScaling):
    """Truncated normal of stddev sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, seed=None, dtype='float32'):
        super().__init__(1.0, 'fan_avg', 'truncated_normal', seed, dtype)

    def get_config(self):
        return {'seed': self.seed, 'dtype': self.dtype.name}


class Orthogonal(_Initializer):
    """An orthogonal matrix (the Q of a normal draw's QR, its columns signed by R's diagonal), times ``gain``."""

    def __init__(self, gain=1.0, seed=None, dtype='float32'):
        self.dtype = _float_dtype(dtype)
        self.gain, self.seed = gain, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = dtype or self.dtype
        if len(shape) < 2:
            raise ValueError('The tensor to initialize, specified by argument `shape` must be at least '
                             'two-dimensional. Received shape=%s' % (shape,))
        rows, cols = int(math.prod(int(d) for d in shape[:-1])), int(shape[-1])
        a = framework.random.normal((cols, rows) if rows < cols else (rows, cols), dtype=dtype, seed=self.seed)
        q, r = framework.linalg.qr(a)
        q *= framework.sign(framework.linalg.diag_part(r))
        if rows < cols:
            q = framework.linalg.matrix_transpose(q)
        return self.gain * framework.reshape(q, shape)

    def get_config(self):
        return {'gain': self.gain, 'seed': self.seed, 'dtype': self.dtype.name}


class Identity(_Initializer):
    """``gain`` times the identity matrix of a 2-D shape."""

    def __init__(self, gain=1.0, dtype='float32'):
        self.dtype = _float_dtype(dtype)
        self.gain = gain

    def __call__(self, shape, dtype=None, partition_info=None):
        if len(shape) != 2:
            raise ValueError('The tensor to initialize, specified by argument `shape` must be at least '
                             'two-dimensional. Received shape=%s' % (shape,))
        return self.gain * framework.eye(*[int(d) for d in shape], dtype=dtype or self.dtype)

    def get_config(self):
        return {'gain': self.gain, 'dtype': self.dtype.name}


def lecun_normal(seed=None):
    return VarianceScaling(scale=1., mode='fan_in', distribution='truncated_normal', seed=seed)


def lecun_uniform(seed=None):
    return VarianceScaling(scale=1., mode='fan_in', distribution='uniform', seed=seed)


def he_normal(seed=None):
    return VarianceScaling(scale=2., mode='fan_in', distribution='truncated_normal', seed=seed)


def he_uniform(seed=None):
    return VarianceScaling(scale=2., mode='fan_in', distribution='uniform', seed=seed)


# tf.compat.v1's top-level names of them
TOP_LEVEL = {'random_uniform_initializer': RandomUniform, 'random_normal_initializer': RandomNormal,
             'truncated_normal_initializer': TruncatedNormal, 'uniform_unit_scaling_initializer': UniformUnitScaling,
             'variance_scaling_initializer': VarianceScaling, 'glorot_uniform_initializer': GlorotUniform,
             'glorot_normal_initializer': GlorotNormal, 'orthogonal_initializer': Orthogonal}
# and tf.compat.v1.initializers' (with zeros, ones, constant)
MODULE = {'random_uniform': RandomUniform, 'random_normal': RandomNormal, 'truncated_normal': TruncatedNormal,
          'uniform_unit_scaling': UniformUnitScaling, 'variance_scaling': VarianceScaling,
          'glorot_uniform': GlorotUniform, 'glorot_normal': GlorotNormal, 'orthogonal': Orthogonal, 'identity': Identity,
          'lecun_normal': lecun_normal, 'lecun_uniform': lecun_uniform, 'he_normal': he_normal,
          'he_uniform': he_uniform}
