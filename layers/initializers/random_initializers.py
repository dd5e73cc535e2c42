"""Random initializers with Keras 3's names, defaults, formulas and seeds.

As in Keras 3, an initializer made without a seed takes one from Python's ``random``
module when it is made (so ``keras.utils.set_random_seed`` fixes it), and every call
draws with that seed through ``keras.random``: the same values on every call, and
Keras's own values for the same seed (TensorFlow's stateless ops, framework/philox.py).
A ``keras.random.SeedGenerator`` as the seed gives new values on each call.
"""
import math

import numpy as np

from framework import dtypes, philox
from framework.backend import array_module
from framework.errors import InvalidArgumentError
from framework.ops import eigen_blocked_qr, eigen_householder_qr
from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator, draw_seed, make_default_seed
from framework.ops.index_operands import refuse_operand_dtype
from framework.ops.shapes import cast
from framework.ops.stateless_random import stateless_uniform
from framework.tensor import Tensor, convert_to_tensor

from .initializer import Initializer

# The standard deviation of a unit normal truncated to [-2, 2]: dividing by it
# gives the truncated draw the variance asked for (Keras 3's constant).
TRUNCATED_STDDEV_CORRECTION = 0.87962566103423978


def _dtype(dtype):
    """The dtype to draw in: floatx() for None (float64 after set_floatx('float64')). Others are not refused
    here: Keras's initializers hand them to its backend's draws, whose errors (or integer draws) TF 2.21 gives."""
    if dtype is None:
        from framework.keras.backend import floatx
        dtype = floatx()
    return dtypes.numpy_dtype(dtype)


def _uniform(shape, minval, maxval, dtype, seed):
    """Keras's backend uniform, which its initializers call (not keras.random.uniform and its float-only check):
    tf.random.stateless_uniform between the bounds cast to ``dtype``. An integer dtype draws integers
    (GlorotUniform(seed=1)((3, 2), 'int32') is [[0, -1], [-1, -1], [0, -1]] in TF 2.21) or meets
    'Need minval < maxval, got 0 >= 0' (RandomUniform's +-0.05 cast to 0); a string is Cast's error, a bool or
    uint8 the op's 'Argument `dtype` got invalid value' ValueError."""
    if dtypes.is_floating(dtype):
        return keras_random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype, seed=seed)
    pair = draw_seed(seed, 'keras.random.uniform')
    # (tf.random.stateless_uniform of integers runs StatelessRandomUniformIntV2, keras.random.randint's kernel)
    return stateless_uniform(keras_random.draw_shape(shape, 'randint'), pair, cast(minval, dtype), cast(maxval, dtype),
                             dtype)


class RandomInitializer(Initializer):
    """An initializer that draws: keeps the seed it was given (for its config) and the one it draws with."""

    def __init__(self, seed=None):
        if seed is not None and not isinstance(seed, SeedGenerator) and (
                not isinstance(seed, int) or isinstance(seed, bool)):     # Keras 3 refuses numpy's ints
            raise ValueError('`seed` argument should be an instance of `keras.random.SeedGenerator()` or an '
                             'integer. Received: seed=%s' % (seed,))
        self._init_seed = None if seed is None or isinstance(seed, SeedGenerator) else int(seed)
        self.seed = make_default_seed() if seed is None else seed if isinstance(seed, SeedGenerator) else int(seed)

    def get_config(self):
        return {'seed': self._init_seed}


class RandomNormal(RandomInitializer):
    """N(mean, stddev**2) samples."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev = mean, stddev
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return keras_random.normal(shape, mean=self.mean, stddev=self.stddev, dtype=_dtype(dtype),
                                   seed=self.seed)

    def get_config(self):
        return {'seed': self._init_seed, 'mean': self.mean, 'stddev': self.stddev}


class TruncatedNormal(RandomNormal):
    """Normal samples redrawn until within two standard deviations of the mean."""

    def __call__(self, shape, dtype=None):
        return keras_random.truncated_normal(shape, mean=self.mean, stddev=self.stddev,
                                             dtype=_dtype(dtype), seed=self.seed)


class RandomUniform(RandomInitializer):
    """Uniform samples in [minval, maxval)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval = minval, maxval
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return _uniform(shape, self.minval, self.maxval, _dtype(dtype), self.seed)

    def get_config(self):
        return {'seed': self._init_seed, 'minval': self.minval, 'maxval': self.maxval}


def compute_fans(shape, input_axes=None, output_axes=None):
    """(fan_in, fan_out) of a weight shape, as Keras 3 counts them.

    A kernel (in, out) has fan_in = in, fan_out = out; a convolution kernel
    (..., in, out) multiplies both by the receptive field (the product of
    the leading axes); a vector has both equal to its length; a scalar 1.
    Explicit ``input_axes`` / ``output_axes`` multiply those axes instead.
    """
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return (int(np.prod([shape[a] for a in input_axes], dtype=np.int64)),
                int(np.prod([shape[a] for a in output_axes], dtype=np.int64)))
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return int(shape[0]), int(shape[0])
    if len(shape) == 2:
        return int(shape[0]), int(shape[1])
    receptive_field = int(np.prod(shape[:-2], dtype=np.int64))
    return int(shape[-2]) * receptive_field, int(shape[-1]) * receptive_field


class VarianceScaling(RandomInitializer):
    """Samples with variance ``scale / n``, n the fan chosen by ``mode``.

    n is fan_in, fan_out or their mean (at least 1). 'truncated_normal' (or
    'normal') draws a normal truncated at two standard deviations with
    stddev sqrt(scale / n) / 0.87962566103423978; 'untruncated_normal' uses
    stddev sqrt(scale / n); 'uniform' draws in [-limit, limit) with
    limit = sqrt(3 * scale / n).

    Raises:
        ValueError: scale <= 0, or an unknown mode or distribution.
    """

    def __init__(self, scale=1.0, mode='fan_in', distribution='truncated_normal', seed=None,
                 input_axes=None, output_axes=None):
        if scale <= 0.0:        # Keras 3's test: nan is taken, None / a string is Python's '<=' TypeError
            raise ValueError('Argument `scale` must be positive float. Received: scale=%r' % (scale,))
        # Keras 3 prints its allowed values as a set, so their order follows the process's string hashing
        allowed_modes = {'fan_in', 'fan_out', 'fan_avg'}
        if mode not in allowed_modes:
            raise ValueError('Invalid `mode` argument: %s. Please use one of %s' % (mode, allowed_modes))
        distribution = distribution.lower()     # as Keras 3: None is Python's AttributeError on 'lower'
        if distribution == 'normal':
            distribution = 'truncated_normal'
        allowed_distributions = {'uniform', 'truncated_normal', 'untruncated_normal'}
        if distribution not in allowed_distributions:
            raise ValueError('Invalid `distribution` argument: %s.Please use one of %s'   # sic: Keras 3 has no space
                             % (distribution, allowed_distributions))
        self.scale, self.mode, self.distribution = scale, mode, distribution
        self.input_axes, self.output_axes = input_axes, output_axes
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        dtype = _dtype(dtype)
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        n = {'fan_in': fan_in, 'fan_out': fan_out, 'fan_avg': (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        if self.distribution == 'truncated_normal':
            return keras_random.truncated_normal(shape, mean=0.0, stddev=math.sqrt(scale) / TRUNCATED_STDDEV_CORRECTION,
                                                 dtype=dtype, seed=self.seed)
        if self.distribution == 'untruncated_normal':
            return keras_random.normal(shape, mean=0.0, stddev=math.sqrt(scale), dtype=dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return _uniform(shape, -limit, limit, dtype, self.seed)

    def get_config(self):
        return {'seed': self._init_seed, 'scale': self.scale, 'mode': self.mode, 'distribution': self.distribution,
                'input_axes': self.input_axes, 'output_axes': self.output_axes}


class _Preset(VarianceScaling):
    """A VarianceScaling with fixed settings; only the seed (and fan axes) vary."""
    SETTINGS = None

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        # (each public class gets this under its own name: framework/own_init_names.py, as Keras 3's errors)
        scale, mode, distribution = self.SETTINGS
        super().__init__(scale, mode, distribution, seed, input_axes, output_axes)

    def get_config(self):
        return {'seed': self._init_seed, 'input_axes': self.input_axes, 'output_axes': self.output_axes}


class GlorotUniform(_Preset):
    """Uniform in +-sqrt(6 / (fan_in + fan_out)) (Glorot & Bengio, 2010)."""
    SETTINGS = (1.0, 'fan_avg', 'uniform')


class GlorotNormal(_Preset):
    """Truncated normal, stddev sqrt(2 / (fan_in + fan_out)) after truncation."""
    SETTINGS = (1.0, 'fan_avg', 'truncated_normal')


class HeNormal(_Preset):
    """Truncated normal, stddev sqrt(2 / fan_in) after truncation (He et al., 2015)."""
    SETTINGS = (2.0, 'fan_in', 'truncated_normal')


class HeUniform(_Preset):
    """Uniform in +-sqrt(6 / fan_in)."""
    SETTINGS = (2.0, 'fan_in', 'uniform')


class LecunNormal(_Preset):
    """Truncated normal, stddev sqrt(1 / fan_in) after truncation (for selu)."""
    SETTINGS = (1.0, 'fan_in', 'truncated_normal')


class LecunUniform(_Preset):
    """Uniform in +-sqrt(3 / fan_in)."""
    SETTINGS = (1.0, 'fan_in', 'uniform')


class Orthogonal(RandomInitializer):
    """``gain`` times a random orthogonal matrix (QR of a normal draw, signs
    fixed by the diagonal of R); shapes of rank > 2 are flattened to
    (prod(shape[:-1]), shape[-1])."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        dtype = _dtype(dtype)
        if len(shape) < 2:
            raise ValueError('The tensor to initialize must be at least two-dimensional. '
                             'Received: shape=%s of rank %d.' % (shape, len(shape)))
        # Keras 3 multiplies the leading sizes in Python and draws a (max, min) matrix: a None or 'a' entry is
        # Python's own TypeError there, a float entry the draw's (or at the end Reshape's) Tshape error
        rows = 1
        for dim in shape[:-1]:
            rows *= dim
        cols = shape[-1]
        flat_shape = keras_random.draw_shape((max(cols, rows), min(cols, rows)), 'normal')
        refuse_operand_dtype('reshape', shape)      # Keras's final ops.reshape(q, shape): Reshape's Tshape error
        shape = tuple(int(d) for d in shape)
        if self.gain is None:       # numpy would scale by NaN; TensorFlow refuses to convert None
            convert_to_tensor(self.gain)
        if isinstance(self.gain, (str, bytes)):     # Keras's gain * q: "Cannot convert 'a' to EagerTensor of
            convert_to_tensor(self.gain, dtype)     # dtype float"
        rows, cols = int(rows), int(cols)
        if dtype.kind == 'V':
            # Keras draws the bfloat16 matrix, then TensorFlow's Qr kernel, which has no bfloat16, refuses it
            from framework.ops.linalg_decompositions import qr
            try:
                qr(keras_random.normal(flat_shape, dtype=dtype, seed=self.seed))
            except InvalidArgumentError as err:
                err.add_note('the Orthogonal initializer needs a QR: make the weight float32 (or float16)')
                raise
        # Keras's draw, in the weight's dtype.
        a = keras_random.normal(flat_shape, dtype=dtype, seed=self.seed)._data
        xp = array_module(a)
        if xp is np and eigen_householder_qr.covers(a.shape, a.dtype):
            # TF's Qr kernel in the weight's dtype, bit for bit: the recurrent kernels of
            # LSTM / GRU / SimpleRNN then start where TF's do.
            q, r = eigen_householder_qr.householder_qr(a)
            q = q * np.sign(np.diagonal(r))
            gain = a.dtype.type(self.gain)
        elif xp is np and eigen_blocked_qr.covers(a.shape, a.dtype) and philox._libm_exact((a.size + 3) // 4):
            # 48 columns or more (LSTM(64) and up): Eigen's blocked QR, TF's bits too, where the
            # normal draw has TF's bits (the mode's size limit: else the QR's cost buys nothing)
            q, r = eigen_blocked_qr.reduced_qr(a)
            q = q * np.sign(np.diagonal(r))
            gain = a.dtype.type(self.gain)
        else:   # float64 or larger weights from 48 columns on, or a GPU: a float64 QR, close to TF's but not its bits
            q, r = xp.linalg.qr(a.astype(np.float64))
            q = q * xp.sign(xp.diagonal(r))
            gain = self.gain
        if rows < cols:
            q = q.T
        # C order: q.T is a Fortran-ordered view, and numpy's matmul with a Fortran-ordered
        # operand (an RNN's recurrent kernel at every step) runs ~40x slower than in C order.
        return Tensor(xp.ascontiguousarray((gain * q.reshape(shape)).astype(dtype)))

    def get_config(self):
        return {'seed': self._init_seed, 'gain': self.gain}

