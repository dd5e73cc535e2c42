"""``tf.nn.batch_normalization`` and ``tf.nn.local_response_normalization``, composed of framework ops
(so their gradients are the composition's, as in TensorFlow)."""
import numpy as np

from .. import backend
from .operands import as_float_tensor, as_tensor, named_errors
from . import arithmetic, linalg, shapes, unary


@named_errors('batch_normalization')
def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """``(x - mean) * scale / sqrt(variance + variance_epsilon) + offset``, in TensorFlow's order
    (``x * inv + (offset - mean * inv)``); offset and scale may be None."""
    op = 'batch_normalization'
    x = as_float_tensor(x, op)
    mean, variance = as_tensor(mean, op, dtype=x.dtype), as_tensor(variance, op, dtype=x.dtype)
    inv = unary.rsqrt(arithmetic.add(variance, as_tensor(variance_epsilon, op, dtype=x.dtype)))
    if scale is not None:
        inv = arithmetic.multiply(inv, as_tensor(scale, op, dtype=x.dtype))
    shift = arithmetic.negative(arithmetic.multiply(mean, inv))
    if offset is not None:
        shift = arithmetic.add(as_tensor(offset, op, dtype=x.dtype), shift)
    return arithmetic.add(arithmetic.multiply(x, inv), shift)


@named_errors('local_response_normalization')
def local_response_normalization(input, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, name=None):  # noqa: A002
    """``input / (bias + alpha * s) ** beta`` where ``s`` sums the squares of the channels within
    ``depth_radius`` of each channel (``tf.nn.lrn``); ``input`` is 4-D, channels last.

    Raises:
        ValueError: an input that is not 4-D, or a negative depth_radius.
    """
    op = 'local_response_normalization'
    x = as_float_tensor(input, op)
    if x.ndim != 4:
        raise ValueError('%s: input must be 4-D (batch, height, width, channels), got shape %s' % (op, tuple(x.shape)))
    if isinstance(depth_radius, bool) or int(depth_radius) != depth_radius or depth_radius < 0:
        raise ValueError('%s: depth_radius must be an int >= 0, got %r' % (op, depth_radius))
    channels = x.shape[-1]
    # The window sum over channels as a product with a band matrix: one matmul, its gradient for free.
    index = np.arange(channels)
    band = (np.abs(index[:, None] - index[None, :]) <= int(depth_radius)).astype(x._data.dtype)
    xp = backend.array_module(x._data)
    band = as_tensor(xp.asarray(band), op)
    squares = shapes.reshape(arithmetic.multiply(x, x), (-1, channels))
    window = shapes.reshape(linalg.matmul(squares, band), tuple(x.shape))
    base = arithmetic.add(arithmetic.multiply(window, as_tensor(alpha, op, dtype=x.dtype)),
                          as_tensor(bias, op, dtype=x.dtype))
    return arithmetic.multiply(x, arithmetic.pow(base, as_tensor(-beta, op, dtype=x.dtype)))


@named_errors('lrn')
def lrn(input, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, name=None):  # noqa: A002
    """``local_response_normalization`` under its short name (errors say 'lrn')."""
    return local_response_normalization(input, depth_radius, bias, alpha, beta)
