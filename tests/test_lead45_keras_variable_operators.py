"""A Keras variable's operators are Keras 3's: keras.ops' dtype promotion (TF 2.21 printed every dtype and
value below; notes/progs/lead45/kvd.py, kvd2.py). A tf.Variable's stay TF's: they convert the other operand
to the variable's dtype, or fail."""
import numpy as np
import pytest

import framework as tf
from framework import keras

T = tf.ones((2,))
TI = tf.constant([1, 2])


def _ki():
    return keras.Variable(np.array([1, 2], 'int32'))


def _kd():
    return keras.Variable(np.array([1., 2.], 'float64'))


def _kf():
    return keras.Variable(np.array([1., 2.], 'float32'))


@pytest.mark.parametrize('operation, dtype, values', [
    (lambda: _ki() * T, 'float32', [1.0, 2.0]),
    (lambda: T * _ki(), 'float32', [1.0, 2.0]),
    (lambda: _kd() + T, 'float64', [2.0, 3.0]),
    (lambda: _ki() - T, 'float32', [0.0, 1.0]),
    (lambda: _ki() * 2.5, 'float32', [2.5, 5.0]),
    (lambda: 2.5 * _ki(), 'float32', [2.5, 5.0]),
    (lambda: 0.5 - _ki(), 'float32', [-0.5, -1.5]),
    (lambda: _kd() / T, 'float64', [1.0, 2.0]),
    (lambda: T / _kd(), 'float64', [1.0, 0.5]),
    (lambda: T // _kd(), 'float64', [1.0, 0.0]),
    (lambda: T % _kd(), 'float64', [0.0, 1.0]),
    (lambda: T ** _kd(), 'float64', [1.0, 1.0]),
    (lambda: T - _kd(), 'float64', [0.0, -1.0]),
    (lambda: TI * _kf(), 'float32', [1.0, 4.0]),
    (lambda: TI / _kf(), 'float32', [1.0, 1.0]),
    (lambda: _kf() // TI, 'float32', [1.0, 1.0]),
    (lambda: _ki() / 2, 'float32', [0.5, 1.0]),
    (lambda: _ki() // 2, 'int32', [0, 1]),
    (lambda: _ki() % 2, 'int32', [1, 0]),
    (lambda: 3 - _ki(), 'int32', [2, 1]),
    (lambda: _ki() ** 2, 'int32', [1, 4]),
    (lambda: _ki() * np.float64(2.5), 'float64', [2.5, 5.0]),
    (lambda: _kf() * np.array([1., 2.]), 'float64', [1.0, 4.0]),
    (lambda: _kf() + [1, 2], 'float32', [2.0, 4.0]),
])
def test_keras_promotion(operation, dtype, values):
    out = operation()
    assert out.dtype.name == dtype and np.asarray(out).tolist() == values


@pytest.mark.parametrize('operation, kernel', [
    (lambda: T + _ki(), 'AddV2'),         # add converts the operand to the tensor's dtype: no promotion
    (lambda: tf.reshape(T, (1, 2)) @ tf.reshape(_kd(), (2, 1)), 'MatMul'),
])
def test_add_and_matmul_of_a_tensor_refuse_another_dtype(operation, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        operation()
    assert str(caught.value).endswith('[Op:%s] name: ' % kernel)


def test_a_tf_variable_keeps_tfs_conversions():
    v = tf.Variable([1, 2])
    assert (v / 2).dtype == tf.float64
    assert (v * 2).numpy().tolist() == [2, 4]
    with pytest.raises(tf.errors.InvalidArgumentError):
        v * T


def test_gradients_flow_through_keras_operators():
    w = _kf()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(w * np.array([3., 4.]))
    assert y.dtype == tf.float64
    np.testing.assert_array_equal(tape.gradient(y, w).numpy(), [3., 4.])
