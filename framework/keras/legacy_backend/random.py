"""tf.keras.backend's random functions: TensorFlow's stateful ops with an op seed.

An unseeded call draws its op seed from numpy's global generator (``np.random.randint(10e6)``,
10e8 for the ``*_variable`` makers), as Keras 2 does; so after ``keras.utils.set_random_seed``
the values are TensorFlow's. In a traced step the seed is drawn when TensorFlow would trace it
(framework/trace_time_values.py).
"""
import numpy as np

import framework as tf
from framework.trace_time_values import trace_time_value
from .. import backend as _config
from .variables import variable

__all__ = ['dropout', 'random_bernoulli', 'random_normal', 'random_normal_variable', 'random_uniform',
           'random_uniform_variable', 'truncated_normal']


def _seed(seed, high=10e6):
    # Drawn when TensorFlow traces a step, not at each call of its graph (trace_time_values.py)
    return trace_time_value(lambda: np.random.randint(high)) if seed is None else seed


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf.random.normal(shape, mean=mean, stddev=stddev, dtype=dtype or _config.floatx(), seed=_seed(seed))


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return tf.random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or _config.floatx(), seed=_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf.random.truncated_normal(shape, mean, stddev, dtype=dtype or _config.floatx(), seed=_seed(seed))


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """1 where a uniform draw is <= p, else 0."""
    dtype = dtype or _config.floatx()
    draw = tf.random.uniform(shape, dtype=dtype, seed=_seed(seed))
    return tf.where(draw <= p, tf.ones(shape, dtype=dtype), tf.zeros(shape, dtype=dtype))


def dropout(x, level, noise_shape=None, seed=None):
    """tf.nn.dropout at rate ``level`` (kept values scaled by 1 / (1 - level))."""
    return tf.nn.dropout(x, rate=level, noise_shape=noise_shape, seed=_seed(seed))


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    """A variable of normal draws (mean, standard deviation ``scale``)."""
    dtype = dtype or _config.floatx()
    value = tf.random.normal(shape, mean, scale, dtype=tf.as_dtype(dtype), seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    """A variable of uniform draws in [low, high)."""
    dtype = dtype or _config.floatx()
    value = tf.random.uniform(shape, low, high, dtype=tf.as_dtype(dtype), seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)
