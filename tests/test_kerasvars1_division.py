"""Division with a Keras variable, as TF 2.21 runs it: tf.divide is ``x / y``, the variable's operator is Keras's
true_divide (integers divide in floatx, float32, where a tensor's int32 truediv is float64), and tf.math.truediv
converts both operands first and checks their dtypes. TF 2.21 gave every value and text below
(notes/progs/kerasvars1/p6.py, p9.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _kf():
    return keras.Variable(np.array([1., 2.], 'float32'))


def _ki():
    return keras.Variable(np.array([1, 2], 'int32'))


@pytest.mark.parametrize('operation, dtype, values', [
    (lambda: tf.divide(_kf(), tf.constant([1, 2])), 'float32', [1.0, 1.0]),
    (lambda: tf.divide(tf.constant([1, 2]), _kf()), 'float32', [1.0, 1.0]),
    (lambda: tf.divide(_kf(), _ki()), 'float32', [1.0, 1.0]),
    (lambda: tf.divide(tf.ones((2,)), keras.Variable(np.array([1., 2.]))), 'float64', [1.0, 0.5]),
    (lambda: tf.divide(_ki(), 1.5), 'float32', [0.6666666865348816, 1.3333333730697632]),
    (lambda: tf.divide(_kf(), tf.ones((2,))), 'float32', [1.0, 2.0]),
    (lambda: _ki() / tf.constant([1, 2]), 'float32', [1.0, 1.0]),
    (lambda: _ki() / _ki(), 'float32', [1.0, 1.0]),
    (lambda: _ki() / 2, 'float32', [0.5, 1.0]),
    (lambda: _ki() / np.int32(2), 'float32', [0.5, 1.0]),
    (lambda: keras.Variable(np.array([1, 2], 'int8')) / tf.constant([1, 2], tf.int8), 'float32', [1.0, 1.0]),
    # a tensor on the left keeps its own truediv (int32 / int32 is float64)
    (lambda: tf.constant([1, 2]) / _ki(), 'float64', [1.0, 1.0]),
    (lambda: tf.math.truediv(_kf(), tf.ones((2,))), 'float32', [1.0, 2.0]),
])
def test_division(operation, dtype, values):
    result = operation()
    assert result.dtype.name == dtype
    assert result.numpy().tolist() == values


@pytest.mark.parametrize('x, y, text', [
    (_kf, lambda: tf.constant([1, 2]), 'got tf.float32 != tf.int32.'),
    (lambda: tf.constant([1, 2]), _kf, 'got tf.int32 != tf.float32.'),
    (_ki, lambda: 1.5, 'got tf.int32 != tf.float32.'),
    (lambda: 1.5, _ki, 'got tf.float32 != tf.int32.'),
])
def test_truediv_checks_the_dtypes(x, y, text):
    with pytest.raises(TypeError) as raised:
        tf.math.truediv(x(), y())
    assert str(raised.value) == '`x` and `y` must have the same dtype, ' + text


def test_the_gradient_reaches_the_variable():
    kf = _kf()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.divide(kf, tf.constant([1, 2])))
    assert tape.gradient(y, kf).numpy().tolist() == [1.0, 0.5]
