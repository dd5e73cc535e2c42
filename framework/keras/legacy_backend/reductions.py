"""tf.keras.backend's reductions (``K.mean(x, axis, keepdims)``, ``K.sum``, ``K.argmax`` ...).

Keras 2 argument order: ``(x, axis=None, keepdims=False)``; mean, std and var of a bool tensor
compute in floatx(); all / any read any tensor as bool.
"""
import framework as tf
from .. import backend as _config

__all__ = ['all', 'any', 'argmax', 'argmin', 'cumprod', 'cumsum', 'in_top_k', 'max', 'mean', 'min', 'prod', 'std',
           'sum', 'var']


def _floats_if_bool(x):
    x = tf.convert_to_tensor(x)
    return tf.cast(x, _config.floatx()) if x.dtype == tf.bool else x


def all(x, axis=None, keepdims=False):
    return tf.reduce_all(tf.cast(x, tf.bool), axis, keepdims)


def any(x, axis=None, keepdims=False):
    return tf.reduce_any(tf.cast(x, tf.bool), axis, keepdims)


def argmax(x, axis=-1):
    return tf.argmax(x, axis)


def argmin(x, axis=-1):
    return tf.argmin(x, axis)


def max(x, axis=None, keepdims=False):
    return tf.reduce_max(x, axis, keepdims)


def min(x, axis=None, keepdims=False):
    return tf.reduce_min(x, axis, keepdims)


def sum(x, axis=None, keepdims=False):
    return tf.reduce_sum(x, axis, keepdims)


def prod(x, axis=None, keepdims=False):
    return tf.reduce_prod(x, axis, keepdims)


def mean(x, axis=None, keepdims=False):
    return tf.reduce_mean(_floats_if_bool(x), axis, keepdims)


def std(x, axis=None, keepdims=False):
    return tf.math.reduce_std(_floats_if_bool(x), axis=axis, keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    return tf.math.reduce_variance(_floats_if_bool(x), axis=axis, keepdims=keepdims)


def cumsum(x, axis=0):
    return tf.cumsum(x, axis=axis)


def cumprod(x, axis=0):
    return tf.math.cumprod(x, axis=axis)


def in_top_k(predictions, targets, k):
    """Whether each target's prediction is among its row's ``k`` largest (Keras 2's argument order)."""
    return tf.math.in_top_k(targets=targets, predictions=predictions, k=k)
