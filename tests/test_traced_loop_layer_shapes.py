"""A Keras layer called inside ``for i in tf.range(n)`` in a tf.function: its output has the static shape
TensorFlow's shape inference gives it, so the loop's check of its variables passes as on TF 2.21 (which
prints 9.0 for each of these); tapeflow raised "'s' has shape () before the loop, but shape <unknown> after
one iteration" (the layer's output, and a captured tensor, were of unknown shape once tf.range opened a length).
"""
import numpy as np

import framework as tf
from framework import keras

X = np.ones((4, 3), 'float32')


def _dense():
    return keras.layers.Dense(1, kernel_initializer='ones')


def test_layer_on_an_argument_slice_in_a_range_loop():
    d = _dense()

    @tf.function
    def f(x, n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            s += tf.cast(i, tf.float32) * d(x[:1])[0, 0]
        return s
    assert f(tf.constant(X), tf.constant(3)).numpy() == 9.0


def test_layer_on_an_open_batch_argument_in_a_range_loop():
    d = _dense()

    @tf.function(input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((), tf.int32)])
    def g(x, n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            s += tf.cast(i, tf.float32) * d(x[:1])[0, 0]
        return s
    assert g(tf.constant(X), tf.constant(3)).numpy() == 9.0


def test_layer_on_a_captured_tensor_in_a_range_loop():
    d = _dense()
    x = tf.constant(X)

    @tf.function
    def h(n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            s += tf.cast(i, tf.float32) * d(x[:1])[0, 0]
        return s
    assert h(tf.constant(3)).numpy() == 9.0


def test_model_output_accumulated_in_a_range_loop():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones'),
                              keras.layers.Dense(1, kernel_initializer='ones')])

    @tf.function
    def q(x, n):
        s = tf.zeros((2, 1))
        for _ in tf.range(n):
            s += model(x[1:3])
        return s
    np.testing.assert_array_equal(q(tf.constant(X), tf.constant(2)).numpy(), [[12.0], [12.0]])


def test_a_loop_variable_that_really_changes_shape_still_raises():
    @tf.function
    def r(n):
        s = tf.zeros((2,))
        for _ in tf.range(n):
            s = tf.concat([s, s], 0)
        return s
    try:
        r(tf.constant(2))
    except ValueError as error:
        assert "'s' has shape (2,) before the loop, but shape (4,) after one iteration" in str(error)
    else:
        raise AssertionError('the growing loop variable was accepted')
