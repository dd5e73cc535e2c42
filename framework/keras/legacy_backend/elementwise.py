"""tf.keras.backend's elementwise functions: math, activations, comparisons (Keras 2's ``K.*``).

Each is the TensorFlow op tf.keras's legacy backend calls, so ``K.square(x)`` is ``tf.square(x)``
bit for bit; the few with a rule of their own (sqrt clamps at 0, hard_sigmoid is 0.2 x + 0.5,
relu's alpha / max_value / threshold) compute it in the same steps.
"""
import numpy as np

import framework as tf
from .. import backend as _config

__all__ = ['abs', 'cast', 'cast_to_floatx', 'clip', 'cos', 'elu', 'equal', 'exp', 'greater', 'greater_equal',
           'hard_sigmoid', 'l2_normalize', 'less', 'less_equal', 'log', 'maximum', 'minimum', 'not_equal', 'pow',
           'relu', 'round', 'sigmoid', 'sign', 'sin', 'softmax', 'softplus', 'softsign', 'sqrt', 'square', 'tanh']


def abs(x):
    return tf.abs(x)


def cos(x):
    return tf.cos(x)


def sin(x):
    return tf.sin(x)


def exp(x):
    return tf.exp(x)


def log(x):
    return tf.math.log(x)


def square(x):
    return tf.square(x)


def sqrt(x):
    """sqrt(max(x, 0)): negative inputs give 0, not NaN (Keras 2's rule)."""
    x = tf.convert_to_tensor(x)
    return tf.sqrt(tf.maximum(x, tf.zeros([], x.dtype)))


def sign(x):
    return tf.sign(x)


def round(x):
    """Rounds half to even, as tf.round."""
    return tf.round(x)


def pow(x, a):
    return tf.pow(x, a)


def tanh(x):
    return tf.tanh(x)


def sigmoid(x):
    return tf.sigmoid(x)


def hard_sigmoid(x):
    """clip(0.2 * x + 0.5, 0, 1), Keras 2's piecewise-linear sigmoid (Keras 3's slope is 1/6)."""
    x = tf.convert_to_tensor(x)
    return tf.clip_by_value(x * tf.constant(0.2, x.dtype) + tf.constant(0.5, x.dtype), 0.0, 1.0)


def softplus(x):
    return tf.math.softplus(x)


def softsign(x):
    return tf.math.softsign(x)


def elu(x, alpha=1.0):
    """elu(x) for x > 0, alpha * (exp(x) - 1) elsewhere."""
    out = tf.nn.elu(x)
    return out if alpha == 1 else tf.where(x > 0, out, alpha * out)


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """Keras 2's relu: x above ``threshold`` (else ``alpha * (x - threshold)``), capped at ``max_value``."""
    x = tf.convert_to_tensor(x)
    if alpha != 0.0 and max_value is None and threshold == 0:
        return tf.nn.leaky_relu(x, alpha=alpha)
    negative = tf.nn.relu(threshold - x if threshold != 0 else -x) if alpha != 0.0 else None
    capped = max_value is not None
    if threshold != 0:
        x = x * tf.cast(tf.greater(x, threshold), x.dtype)
    elif max_value == 6:
        x, capped = tf.nn.relu6(x), False
    else:
        x = tf.nn.relu(x)
    if capped:
        x = tf.clip_by_value(x, tf.zeros([], x.dtype), tf.constant(max_value, x.dtype))
    if negative is not None:
        x = x - tf.constant(alpha, x.dtype) * negative
    return x


def softmax(x, axis=-1):
    """Softmax over ``axis`` (an int, or a list of axes normalised together).

    Raises:
        ValueError: a tensor of rank 0 or 1, as Keras 2.
    """
    x = tf.convert_to_tensor(x)
    if x.shape.rank <= 1:
        raise ValueError('Cannot apply softmax to a tensor that is 1D. Received input: %s' % (x,))
    if isinstance(axis, int):
        return tf.nn.softmax(x, axis=axis)
    shifted = tf.exp(x - tf.reduce_max(x, axis=axis, keepdims=True))
    return shifted / tf.reduce_sum(shifted, axis=axis, keepdims=True)


def l2_normalize(x, axis=None):
    return tf.linalg.l2_normalize(x, axis=axis)


def clip(x, min_value, max_value):
    """x clipped to [min_value, max_value]; None is unbounded; a max below the min becomes the min."""
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    return tf.clip_by_value(x, -np.inf if min_value is None else min_value, np.inf if max_value is None else max_value)


def maximum(x, y):
    return tf.maximum(x, y)


def minimum(x, y):
    return tf.minimum(x, y)


def equal(x, y):
    return tf.equal(x, y)


def not_equal(x, y):
    return tf.not_equal(x, y)


def greater(x, y):
    return tf.greater(x, y)


def greater_equal(x, y):
    return tf.greater_equal(x, y)


def less(x, y):
    return tf.less(x, y)


def less_equal(x, y):
    return tf.less_equal(x, y)


def cast(x, dtype):
    return tf.cast(x, dtype)


def cast_to_floatx(x):
    """A tensor cast to floatx(); anything else becomes a numpy array of floatx()."""
    if isinstance(x, (tf.Tensor, tf.Variable, tf.SparseTensor)):
        return tf.cast(x, _config.floatx())
    return np.asarray(x, dtype=_config.floatx())
