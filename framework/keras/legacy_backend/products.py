"""tf.keras.backend's products and affine helpers: dot, batch_dot, bias_add, batch_normalization."""
import math

import framework as tf
from .. import backend as _config
from .shapes import int_shape

__all__ = ['batch_dot', 'batch_normalization', 'bias_add', 'dot']


def dot(x, y):
    """Theano-style dot: ``x``'s last axis against ``y``'s second-to-last, for any ranks
    ((2, 3, 4) . (4, 5) -> (2, 3, 5); (2, 3) . (7, 3, 5) -> (2, 7, 5))."""
    x, y = _dense(x), _dense(y)
    if isinstance(x, tf.SparseTensor):
        return tf.sparse.sparse_dense_matmul(x, y)
    xs, ys = int_shape(x), int_shape(y)
    if len(xs) <= 2 and len(ys) <= 2:
        return tf.matmul(x, y)
    order = list(range(len(ys)))
    order = [order.pop(-2)] + order                      # y's contracted axis first
    flat_x = tf.reshape(x, [-1, xs[-1]])
    flat_y = tf.reshape(tf.transpose(y, perm=order), [ys[-2], -1])
    return tf.reshape(tf.matmul(flat_x, flat_y), list(xs[:-1] + ys[:-2] + ys[-1:]))


def _dense(x):
    return x if isinstance(x, tf.SparseTensor) else tf.convert_to_tensor(x)


def batch_dot(x, y, axes=None):
    """Per-sample dot product of two batches, contracting ``x``'s axis ``axes[0]`` with ``y``'s
    ``axes[1]`` (default: x's last with y's last if y is 2D, else y's second-to-last).

    (32, 20) and (32, 20) with axes=1 give (32, 1); (32, 5, 20) and (32, 20, 30) give (32, 5, 30).

    Raises:
        ValueError: a rank below 2, different batch sizes, nested axes, axis 0, or contracted
            axes of different lengths (Keras 2's messages).
    """
    x, y = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    xs, ys = int_shape(x), int_shape(y)
    if len(xs) < 2 or len(ys) < 2:
        raise ValueError('Cannot do batch_dot on inputs with rank < 2. Received inputs with tf.shapes %s and %s.'
                         % (x.shape, y.shape))
    if xs[0] != ys[0]:
        raise ValueError('Cannot do batch_dot on inputs with different batch sizes. Received inputs with '
                         'tf.shapes %s and %s.' % (x.shape, y.shape))
    if isinstance(axes, int):
        axes = [axes, axes]
    if axes is None:
        axes = [len(xs) - 1, len(ys) - 1 if len(ys) == 2 else len(ys) - 2]
    if any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError('Multiple target dimensions are not supported. Expected: None, int, (int, int), '
                         'Provided: %s' % (axes,))
    ax, ay = axes[0] % len(xs) if axes[0] < 0 else axes[0], axes[1] % len(ys) if axes[1] < 0 else axes[1]
    if 0 in (ax, ay):
        raise ValueError('Cannot perform batch_dot over axis 0. If your inputs are not batched, add a dummy batch '
                         'dimension to your inputs using K.expand_dims(x, 0)')
    if xs[ax] != ys[ay]:
        raise ValueError('Cannot do batch_dot on inputs with tf.shapes %s and %s with axes=%s. '
                         'x.shape[%d] != y.shape[%d] (%d != %d).' % (x.shape, y.shape, [ax, ay], ax, ay, xs[ax], ys[ay]))
    # x as (batch, rest of x, contracted) and y as (batch, contracted, rest of y): one batched matmul.
    x_rest = [d for i, d in enumerate(xs) if i not in (0, ax)]
    y_rest = [d for i, d in enumerate(ys) if i not in (0, ay)]
    x3 = tf.reshape(tf.transpose(x, [0] + [i for i in range(1, len(xs)) if i != ax] + [ax]),
                    [xs[0], math.prod(x_rest), xs[ax]])
    y3 = tf.reshape(tf.transpose(y, [0, ay] + [i for i in range(1, len(ys)) if i != ay]),
                    [ys[0], ys[ay], math.prod(y_rest)])
    out = tf.matmul(x3, y3)
    if len(xs) == 2 and len(ys) == 2:                    # (batch, 1, 1): Keras 2 keeps one of the two
        return tf.reshape(out, [xs[0], 1])
    return tf.reshape(out, [xs[0]] + x_rest + y_rest)


def bias_add(x, bias, data_format=None):
    """x + bias along the channel axis (``data_format``, default image_data_format()); a bias of
    rank ndim(x) - 1 is added over all but the batch axis.

    Raises:
        ValueError: an unknown data_format, or a bias that is neither 1D nor of rank ndim(x) - 1.
    """
    data_format = data_format or _config.image_data_format()
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError('Unknown data_format: %s' % (data_format,))
    x, bias = tf.convert_to_tensor(x), tf.convert_to_tensor(bias)
    bias_shape, rank = int_shape(bias), len(int_shape(x))
    if len(bias_shape) != 1 and len(bias_shape) != rank - 1:
        raise ValueError('Unexpected bias dimensions %d. Expected it to be 1 or %d dimensions'
                         % (len(bias_shape), rank - 1))
    if len(bias_shape) == 1:
        return tf.nn.bias_add(x, bias, data_format='NCHW' if data_format == 'channels_first' else 'NHWC')
    if rank in (3, 4, 5):
        if data_format == 'channels_first':
            return x + tf.reshape(bias, (1, bias_shape[-1]) + bias_shape[:-1])
        return x + tf.reshape(bias, (1,) + bias_shape)
    return tf.nn.bias_add(x, bias)


def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """(x - mean) / sqrt(var + epsilon) * gamma + beta (tf.nn.batch_normalization; ``axis`` unused)."""
    return tf.nn.batch_normalization(x, mean, var, beta, gamma, epsilon)
