"""Random image augmentations of ``tf.image``: ``random_*`` draw from tapeflow's seeded
streams (``framework.random``), ``stateless_random_*`` from a (2,) integer seed.

The ranges, shapes, argument checks and draws are TensorFlow's: each op asks its
stream for the values TensorFlow's op asks for (one float per flip decision or
factor, one int32 per cropped axis), so a seeded program crops and flips alike.
"""
import numpy as np

from ... import random as _random
from ...partial_shape_refusal import refuse_partial_shape
from ..operands import as_tensor
from ..unary import round as round_
from ..shapes import cast, reverse, reshape
from ..stateless_random import stateless_uniform
from .color import adjust_brightness, adjust_contrast, adjust_hue, adjust_saturation
from .layout import AT_LEAST_3D, batched
from ...errors import InvalidArgumentError, kernel_error, noted
from ..operands import named_errors


def _draw(shape, low, high, seed, stateless, dtype='float32'):
    if stateless:
        return stateless_uniform(shape, seed, low, high, dtype=dtype)
    return _random.uniform(shape, low, high, dtype=dtype, seed=seed)


def _flip(image, axis, seed, stateless, op):
    x, _ = batched(image, op, tf_rank=AT_LEAST_3D)
    if as_tensor(image, op).ndim == 3:
        # One draw; TensorFlow mirrors when it falls below 1/2.
        return reverse(x, [axis])[0] if _draw([], 0, 1.0, seed, stateless).numpy() < 0.5 else x[0]
    # One draw per image, rounded (half to even) to a 0/1 weight: TensorFlow mirrors the images
    # whose draw lies above 1/2 (the opposite side from the single-image case) and blends
    # flips * mirrored + (1 - flips) * image, so a NaN or inf anywhere in a row spreads as it does there.
    flips = cast(round_(reshape(_draw([x.shape[0]], 0, 1.0, seed, stateless), [-1, 1, 1, 1])), x.dtype)
    return flips * reverse(x, [axis]) + (1 - flips) * x


def _range(lower, upper, op, what='lower'):
    lower, upper = float(lower), float(upper)
    if upper <= lower:
        raise noted(ValueError('upper must be > lower.'), '%s: got lower=%r, upper=%r' % (op, lower, upper))
    if lower < 0:
        raise noted(ValueError('%s must be non-negative.' % what), '%s: got %s=%r' % (op, what, lower))
    return lower, upper


def _brightness(image, max_delta, seed, stateless, op):
    delta = float(max_delta)
    if delta < 0:
        raise noted(ValueError('max_delta must be non-negative.'), '%s: got max_delta=%r' % (op, delta))
    return adjust_brightness(image, _draw([], -delta, delta, seed, stateless))


def _contrast(image, lower, upper, seed, stateless, op):
    lower, upper = _range(lower, upper, op)
    return adjust_contrast(image, _draw([], lower, upper, seed, stateless))


def _saturation(image, lower, upper, seed, stateless, op):
    lower, upper = _range(lower, upper, op)
    return adjust_saturation(image, _draw([], lower, upper, seed, stateless))


def _hue(image, max_delta, seed, stateless, op):
    delta = float(max_delta)
    if delta > 0.5:
        raise noted(ValueError('max_delta must be <= 0.5.'), '%s: got max_delta=%r' % (op, delta))
    if delta < 0:
        raise noted(ValueError('max_delta must be non-negative.'), '%s: got max_delta=%r' % (op, delta))
    return adjust_hue(image, _draw([], -delta, delta, seed, stateless))


def _crop(value, size, seed, stateless, op):
    x = as_tensor(value, op)
    refuse_partial_shape(size, '%s: size must have one integer per axis of value, got %r' % (op, size))
    dims = [int(d) for d in (size.numpy() if hasattr(size, 'numpy') else np.asarray(size)).reshape(-1)]
    sentence = ('%s: size must have one entry per axis of value (shape %s), each between 0 and that axis, got %s'
                % (op, tuple(x.shape), dims))
    if len(dims) != x.ndim:        # TF compares shape(value) >= size first: the GreaterEqual kernel's words
        raise kernel_error('GreaterEqual', 'Incompatible shapes: [%d] vs. [%d]' % (x.ndim, len(dims)), named=True,
                           note=sentence)
    if any(d > n for d, n in zip(dims, x.shape)):       # then its Assert, in its words
        raise noted(InvalidArgumentError("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                                         "data: b'Need value.shape >= size, got '\n%s\n%s"
                                         % (', '.join(map(str, x.shape)), ', '.join(map(str, dims)))), sentence)
    if any(d < 0 for d in dims):
        raise ValueError(sentence)
    limits = np.asarray(x.shape) - np.asarray(dims) + 1
    # TensorFlow draws one int32 per axis over [0, int32 max) and keeps it modulo the room on that axis.
    draws = _draw([x.ndim], 0, np.iinfo(np.int32).max, seed, stateless, dtype='int32')
    offsets = draws.numpy().astype(np.int64) % limits
    return x[tuple(slice(o, o + d) for o, d in zip(offsets, dims))]


@named_errors('image.random_flip_left_right')
def random_flip_left_right(image, seed=None):
    """Each image mirrored along its width with probability 1/2."""
    return _flip(image, 2, seed, False, 'image.random_flip_left_right')


@named_errors('image.random_flip_up_down')
def random_flip_up_down(image, seed=None):
    """Each image mirrored along its height with probability 1/2."""
    return _flip(image, 1, seed, False, 'image.random_flip_up_down')


@named_errors('image.random_brightness')
def random_brightness(image, max_delta, seed=None):
    """adjust_brightness by a delta drawn from [-max_delta, max_delta)."""
    return _brightness(image, max_delta, seed, False, 'image.random_brightness')


@named_errors('image.random_contrast')
def random_contrast(image, lower, upper, seed=None):
    """adjust_contrast by a factor drawn from [lower, upper)."""
    return _contrast(image, lower, upper, seed, False, 'image.random_contrast')


@named_errors('image.random_saturation')
def random_saturation(image, lower, upper, seed=None):
    """adjust_saturation by a factor drawn from [lower, upper)."""
    return _saturation(image, lower, upper, seed, False, 'image.random_saturation')


@named_errors('image.random_hue')
def random_hue(image, max_delta, seed=None):
    """adjust_hue by a delta drawn from [-max_delta, max_delta), max_delta in [0, 0.5]."""
    return _hue(image, max_delta, seed, False, 'image.random_hue')


@named_errors('image.random_crop')
def random_crop(value, size, seed=None, name=None):
    """A window of shape ``size`` at a random offset (any rank; size has one entry per axis)."""
    return _crop(value, size, seed, False, 'image.random_crop')


@named_errors('image.stateless_random_flip_left_right')
def stateless_random_flip_left_right(image, seed):
    """random_flip_left_right decided by ``seed`` (two integers)."""
    return _flip(image, 2, seed, True, 'image.stateless_random_flip_left_right')


@named_errors('image.stateless_random_flip_up_down')
def stateless_random_flip_up_down(image, seed):
    """random_flip_up_down decided by ``seed`` (two integers)."""
    return _flip(image, 1, seed, True, 'image.stateless_random_flip_up_down')


@named_errors('image.stateless_random_brightness')
def stateless_random_brightness(image, max_delta, seed):
    """random_brightness decided by ``seed`` (two integers)."""
    return _brightness(image, max_delta, seed, True, 'image.stateless_random_brightness')


@named_errors('image.stateless_random_contrast')
def stateless_random_contrast(image, lower, upper, seed):
    """random_contrast decided by ``seed`` (two integers)."""
    return _contrast(image, lower, upper, seed, True, 'image.stateless_random_contrast')


@named_errors('image.stateless_random_saturation')
def stateless_random_saturation(image, lower, upper, seed):
    """random_saturation decided by ``seed`` (two integers)."""
    return _saturation(image, lower, upper, seed, True, 'image.stateless_random_saturation')


@named_errors('image.stateless_random_hue')
def stateless_random_hue(image, max_delta, seed):
    """random_hue decided by ``seed`` (two integers)."""
    return _hue(image, max_delta, seed, True, 'image.stateless_random_hue')


@named_errors('image.stateless_random_crop')
def stateless_random_crop(value, size, seed, name=None):
    """random_crop decided by ``seed`` (two integers)."""
    return _crop(value, size, seed, True, 'image.stateless_random_crop')
