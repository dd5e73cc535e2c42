"""``keras.random``: Keras 3's random ops and ``SeedGenerator``.

Seeds follow Keras 3's rules (seed_generator.py), and normal, uniform, truncated_normal,
randint, shuffle, dropout, categorical, gamma, beta and binomial draw with TensorFlow's
stateless ops as Keras's TensorFlow backend does, so the same seeds give Keras's values.
Values are drawn on the host and placed on the current device. Keras's TensorFlow backend draws the
seed before TF's op checks the other arguments, so a call that fails there has still advanced its
SeedGenerator (or the global one); Keras's own checks (uniform's and randint's dtype, categorical's
logits rank) and a seed of the wrong type come before the draw.
"""
import numbers

import numpy as np

from framework import backend, dtypes
from framework import ops as _ops
from framework import random as _framework_random
from framework.errors import kernel_error
from framework.ops import stateless_random
from framework.ops.losses_nn import stateless_dropout
from framework.ops.operands import named_errors
from framework.random_binomial import stateless_binomial
from framework.random_gamma_poisson import stateless_gamma
from framework.random_multinomial_kernels import logits_refusal
from framework.errors import noted
from framework.tensor import ConversionError, Tensor, convert_to_tensor
from framework.partial_shape_refusal import refuse_partial_shape
from framework.tensor_shape import SHAPE_SEQUENCES
from .ops_arguments import integer
from .backend import floatx, standardize_dtype
from .ops_dtypes import floating, tensor
from .random_shape_errors import entry_dtype_error, negative_size_error, scalar_shape_error
from .seed_generator import SeedGenerator, draw_seed

__all__ = ['SeedGenerator', 'beta', 'binomial', 'categorical', 'dropout', 'gamma', 'normal', 'randint',
           'shuffle', 'truncated_normal', 'uniform']


def __dir__():
    return list(__all__)        # dir(keras.random): Keras 3's names, not the helpers imported above


def draw_shape(shape, op):
    """The shape a draw takes, checked as Keras 3 hands it to TF's stateless kernel (``op`` names the keras.random
    function, whose kernel's words the errors take): a tuple of non-negative ints."""
    # TensorFlow takes a shape as an int32 tensor, which refuses (2.5, 3): int() would make it (2, 3)
    refuse_partial_shape(shape, 'keras.random.%s: each entry of shape must be an integer, got %r' % (op, shape))
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    # (a list or tuple is the shape itself: np.ndim would hand its traced tensors, tf.shape(x)[0] in a
    # GAN's train_step, to NumPy, which refuses them in a trace)
    if shape is None:       # Keras hands it to TF's stateless kernel, whose conversion refuses it
        raise noted(ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                    'to a Tensor.'), 'keras.random.%s: shape is a tuple of ints' % op)
    if isinstance(shape, (str, bytes)):     # a string tensor: the kernel's registry refuses its dtype
        raise entry_dtype_error(op, shape, 'string')
    if isinstance(shape, SHAPE_SEQUENCES):
        dims = shape
    elif np.ndim(shape) == 0:
        raise scalar_shape_error(op, shape)     # a number where a shape belongs: the stateless kernel's check
    else:
        dims = shape
    if isinstance(dims, SHAPE_SEQUENCES) and None in dims:      # an unknown batch size: TF's conversion refuses it
        error = _framework_random.unknown_length_error(dims, list(dims))
        error.add_note('%s: each entry of shape must be an integer, got %r' % (op, tuple(dims)))
        raise error
    if isinstance(dims, SHAPE_SEQUENCES):
        texts = [isinstance(d, (str, bytes)) for d in dims]
        if any(texts) and not all(texts):      # ('a', 2): TF's conversion of the shape refuses the mix
            raise noted(ConversionError("Can't convert Python sequence with mixed types to Tensor."),
                        'keras.random.%s: each entry of shape must be an integer, got %r' % (op, tuple(dims)))
        if any(texts):
            raise entry_dtype_error(op, dims, 'string')
        if any(isinstance(d, (float, np.floating)) for d in dims):
            raise entry_dtype_error(op, dims, 'double' if any(isinstance(d, np.float64) for d in dims) else 'float')
        first_tensor = next((d for d in dims if isinstance(d, Tensor)), None)
        if first_tensor is not None and first_tensor._data.dtype.kind == 'f':
            # ((tf.shape(x)[0] / 2, 3)): TF packs the list in its first tensor's dtype, which the kernel refuses
            raise entry_dtype_error(op, dims, _framework_random.shape_list_dtype_name(dims))
    dims = tuple(integer(d, 'each entry of shape', op, 'keras.random') for d in dims)
    if any(d < 0 for d in dims):
        raise negative_size_error(op, dims)
    return dims


def _float_dtype(dtype, op, parameter=None):
    # None is floatx(), as Keras's ``dtype = dtype or floatx()``: float64 draws under set_floatx('float64').
    # ``parameter`` is the float TF converts to ``dtype`` first (normal's mean, gamma's alpha)
    given = dtype
    dtype = dtypes.numpy_dtype(dtype if dtype is not None else floatx())
    if not dtypes.is_floating(dtype):
        note = ('keras.random.%s: dtype must be floating, got %s; use keras.random.randint for integers'
                % (op, dtype.name))
        if op == 'uniform':         # Keras 3's own check (its text ends in a space)
            error = ValueError('`keras.random.uniform` requires a floating point `dtype`. '
                               'Received: dtype={} '.format(given))
        elif dtype.kind == 'c' and op in ('normal', 'truncated_normal'):
            return dtype        # 0.0 converts to a complex: the stateless kernel's dtype attribute refuses it
        elif isinstance(parameter, float):      # Keras hands the dtype to TF, whose conversion refuses the float
            error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (parameter, dtypes.as_dtype(dtype).name))
        else:
            error = ValueError(note)
            note = None
        if note:
            error.add_note(note)
        raise error
    return dtype



def _cast_bound(value, dtype):
    """Keras's tf.cast(bound, dtype): a Python float converts to float32 first, so float64 samples
    span float32-rounded bounds (GlorotUniform's sqrt(6 / fans) too)."""
    # (a string is Cast's UnimplementedError; a list of bounds broadcasts over the samples, as TF's)
    host = np.asarray(backend.to_host(_ops.cast(_ops.convert_to_tensor(value), dtype)._data))
    return float(host) if host.ndim == 0 else host


def _placed(values, dtype):
    return Tensor(backend.place(np.asarray(values).astype(dtype)))


@named_errors('keras.random.normal')
def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples of N(mean, stddev**2), floatx by default."""
    pair = draw_seed(seed, 'keras.random.normal')
    dtype = _float_dtype(dtype, 'normal', mean)
    return stateless_random.stateless_normal(draw_shape(shape, 'normal'), pair, mean, stddev, dtype)


@named_errors('keras.random.uniform')
def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Samples uniform in [minval, maxval), floatx by default."""
    dtype = _float_dtype(dtype, 'uniform')         # Keras's own dtype check comes before the draw
    pair = draw_seed(seed, 'keras.random.uniform')
    return stateless_random.stateless_uniform(draw_shape(shape, 'uniform'), pair, _cast_bound(minval, dtype),
                                              _cast_bound(maxval, dtype), dtype)


@named_errors('keras.random.truncated_normal')
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal samples redrawn until within two standard deviations of the mean."""
    pair = draw_seed(seed, 'keras.random.truncated_normal')
    dtype = _float_dtype(dtype, 'truncated_normal', mean)
    return stateless_random.stateless_truncated_normal(draw_shape(shape, 'truncated_normal'), pair, mean, stddev,
                                                       dtype)


@named_errors('keras.random.randint')
def randint(shape, minval, maxval, dtype='int32', seed=None):
    """Integers uniform in [minval, maxval)."""
    given, dtype = dtype, dtypes.numpy_dtype(standardize_dtype(dtype))     # 'foo': Keras's 'Invalid dtype: foo'
    if dtype.kind not in 'iu':
        error = ValueError('`keras.random.randint` requires an integer `dtype`. Received: dtype={} '.format(given))
        error.add_note('keras.random.randint: dtype must be an integer type, got %s' % dtype.name)
        raise error
    drawn = 'int64' if dtype.name not in ('int32', 'int64') else dtype
    pair = draw_seed(seed, 'keras.random.randint')
    if minval is None or maxval is None:
        # tf.random.stateless_uniform's rule: neither bound draws over the dtype's full range, one is its ValueError
        if minval is not None or maxval is not None:
            raise ValueError('For integer `dtype` argument %s, argument `minval` and `maxval` must be both None or '
                             'not None. Got `minval`=%s and `maxval`=%s.' % (dtypes.as_dtype(drawn), minval, maxval))
        values = stateless_random.stateless_uniform(draw_shape(shape, 'randint'), pair, None, None, drawn)
        return _placed(values._data, dtype)
    minval, maxval = _integer_bound(minval, 'minval', drawn), _integer_bound(maxval, 'maxval', drawn)
    if maxval <= minval:
        raise kernel_error('StatelessRandomUniformIntV2', 'Need minval < maxval, got %d >= %d' % (minval, maxval),
                           named=True, note='keras.random.randint: maxval (%r) must be greater than minval (%r)'
                                            % (maxval, minval))
    values = stateless_random.stateless_uniform(draw_shape(shape, 'randint'), pair, minval, maxval, drawn)
    return _placed(values._data, dtype)


def _integer_bound(value, what, drawn):
    if isinstance(value, float):        # Keras hands it to TF, whose conversion to the drawn dtype refuses it
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, np.dtype(drawn).name))
        error.add_note('keras.random.randint: %s must be an integer, got %r' % (what, value))
        raise error
    return integer(value, what, 'randint', 'keras.random')


@named_errors('keras.random.shuffle')
def shuffle(x, axis=0, seed=None):
    """``x`` with its slices along ``axis`` in a random order (a gather: gradients flow back)."""
    pair = draw_seed(seed, 'keras.random.shuffle')
    t = tensor(x, 'shuffle')
    # Keras: the order that sorts one uniform draw per slice.
    if isinstance(axis, (int, np.integer)) and not -t.ndim <= axis < t.ndim:
        # Keras reads the axis's length off tf.shape(x)[axis]: StridedSlice's error, a negative axis once wrapped
        raise kernel_error('StridedSlice', 'slice index %d of dimension 0 out of bounds.'
                           % (axis if axis >= 0 else axis + t.ndim), named='strided_slice/',
                           note='keras.random.shuffle: axis must lie in [%d, %d), got %d' % (-t.ndim, t.ndim, axis))
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        # Keras's steps, whose errors TF words: tf.shape(x)[axis] (1.0: the index TypeError, True: 'mask cannot be
        # scalar.'), one uniform per slice (None: StatelessRandomUniformV2's shape error), tf.gather's axis ([1])
        keys = stateless_random.stateless_uniform(_ops.stack([_ops.shape(t)[axis]]), pair)
        return _ops.gather(t, _ops.argsort(keys), axis=axis)
    keys = stateless_random.stateless_uniform([t.shape[axis]], pair)
    order = np.argsort(backend.to_host(keys._data), kind='stable')
    return _ops.gather(t, order, axis=axis)


@named_errors('keras.random.dropout')
def dropout(inputs, rate, noise_shape=None, seed=None):
    """Zero each element with probability ``rate``, scaling the rest by 1 / (1 - rate).

    ``noise_shape`` entries of None take the input's size on that axis.
    """
    if isinstance(rate, Tensor) and rate.ndim == 0:
        rate = float(rate.numpy())
    if not isinstance(rate, numbers.Real):
        if rate != 0 and rate != 1:     # (Keras compares it with 1 and 0, then draws, then tf.nn refuses it)
            draw_seed(seed, 'keras.random.dropout')
        raise noted(ValueError('`rate` must be a scalar or scalar tensor. Received: rate=%s' % (rate,)),     # Keras's
                    'keras.random.dropout: `rate` must be a scalar or scalar tensor (a number in [0, 1)), got %r' % (rate,))
    # Keras's TensorFlow backend: rate 0 hands the inputs back as they came (a numpy array stays one), rate 1
    # gives zeros, and neither draws a seed; another rate draws one, then tf.nn's dropout checks it is in [0, 1)
    if rate == 0:
        return inputs
    # no cast: an integer or bool input is tf.nn's "`x.dtype` must be a floating point tensor" (rate 1: int zeros)
    x = tensor(inputs, 'dropout')
    if rate == 1:
        return _ops.zeros_like(x)
    pair = draw_seed(seed, 'keras.random.dropout')
    shape = tuple(x.shape) if noise_shape is None else tuple(
        x.shape[i] if d is None else d if type(d) is int else _noise_size(d, noise_shape)
        for i, d in enumerate(noise_shape))
    return stateless_dropout(x, rate, pair, noise_shape=shape)


def _noise_size(size, noise_shape):
    """A noise_shape entry that is no Python int, as an int; a float one ([tf.shape(x)[0] / 2, 6]) is refused as
    Keras's TF backend's stateless uniform refuses it, by its Tshape attribute."""
    if _framework_random.is_float_entry(size):
        raise entry_dtype_error('uniform', noise_shape, _framework_random.shape_list_dtype_name(noise_shape))
    return int(size)


@named_errors('keras.random.categorical')
def categorical(logits, num_samples, dtype='int32', seed=None):
    """``num_samples`` class indices per row of (batch, classes) unnormalised log-probabilities
    (TensorFlow's stateless multinomial draws, as Keras's TensorFlow backend)."""
    t = tensor(logits, 'categorical')
    if t._data.dtype.kind not in 'iub':
        t = floating(t, 'categorical')
    if t.ndim != 2:
        error = ValueError('`logits` should be a 2-D tensor with shape [batch_size, num_classes]. '
                           'Received: logits={}'.format(logits))       # Keras 3's words (a tensor: its numpy text)
        error.add_note('keras.random.categorical: logits must be (batch, classes), got shape %s' % (tuple(t.shape),))
        raise error
    pair = draw_seed(seed, 'keras.random.categorical')     # (after Keras's own logits check)
    if isinstance(num_samples, (float, np.floating)):      # TF converts it to an int32 tensor
        raise noted(TypeError('Cannot convert %r to EagerTensor of dtype int32' % (num_samples,)),
                    'keras.random.categorical: num_samples must be an integer, got %r' % (num_samples,))
    num_samples = integer(num_samples, 'num_samples', 'categorical', 'keras.random')
    if t._data.dtype.kind in 'iub':     # Keras 3 casts nothing: TF's kernel lookup refuses them first
        raise logits_refusal(t.dtype.name, op='keras.random.categorical')
    if num_samples < 0:     # the kernel's words; Keras's tensors take TF's fast path (a ' name: ' tail)
        raise kernel_error('StatelessMultinomial', 'num_samples should be non-negative, got %d' % num_samples,
                           named=True, note='keras.random.categorical: num_samples must be >= 0')
    drawn = _framework_random.stateless_categorical(t, num_samples, pair)
    return _placed(drawn._data, dtypes.numpy_dtype(dtype))


@named_errors('keras.random.gamma')
def gamma(shape, alpha, dtype=None, seed=None):
    """Gamma(alpha, 1) samples: TensorFlow's stateless_gamma on one draw's seed, as Keras's TF backend."""
    pair = draw_seed(seed, 'keras.random.gamma')
    dtype = _float_dtype(dtype, 'gamma', alpha)
    return stateless_gamma(draw_shape(shape, 'gamma'), pair, alpha, dtype=dtype)


@named_errors('keras.random.beta')
def beta(shape, alpha, beta, dtype=None, seed=None):
    """Beta(alpha, beta) samples as Keras's TF backend makes them: X / (X + Y) with X ~ Gamma(alpha)
    on one draw's seed pair and Y ~ Gamma(beta) on that pair plus 12 (int32 arithmetic, as TF's)."""
    first = draw_seed(seed, 'keras.random.beta')
    dtype = _float_dtype(dtype, 'beta')
    shape = draw_shape(shape, 'beta')
    second = (first.astype(np.int64) + 12 + 2 ** 31) % 2 ** 32 - 2 ** 31      # wraps as int32 does
    # Keras converts the parameters to dtype (a Python float straight to float64, not through float32)
    alpha = _ops.broadcast_to(convert_to_tensor(alpha, dtype=dtype), shape)
    beta = _ops.broadcast_to(convert_to_tensor(beta, dtype=dtype), shape)
    x = stateless_gamma(shape, first, alpha, dtype=dtype)
    y = stateless_gamma(shape, second.astype(np.int32), beta, dtype=dtype)
    return x / (x + y)


@named_errors('keras.random.binomial')
def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Binomial(counts, probabilities) samples, as floats (floatx) like Keras 3: TensorFlow's
    stateless_binomial on one draw's seed."""
    pair = draw_seed(seed, 'keras.random.binomial')
    dtype = _float_dtype(dtype, 'binomial')
    return stateless_binomial(draw_shape(shape, 'binomial'), pair, counts, probabilities, output_dtype=dtype)


# A missing name reads as Keras prints it ("module 'keras.random' has no attribute ..."), not with tapeflow's path
from ._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.random')
