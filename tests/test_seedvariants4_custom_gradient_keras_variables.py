"""Seed 002's @tf.custom_gradient softplus applied to a Keras layer's kernel, and a custom-gradient function
calling a Dense layer without a 'variables' argument, fail as in TF 2.21 / Keras 3: a Keras variable is read
through its backing tf.Variable, which TF counts as a variable the function uses (not an input), and its
error lists that tf.Variable ('dense/kernel:0').

Golden text printed by TF 2.21 (notes/progs/seedvariants4/cg27.py):
    keras.utils.set_random_seed(1); d = keras.layers.Dense(2); d.build((None, 2))
    @tf.custom_gradient
    def my_better_softplus(z):
        exp = tf.exp(z)
        def g(grad):
            return grad / (1 + 1 / exp)
        return tf.math.log(exp + 1.), g
    with tf.GradientTape() as t:
        z = tf.reduce_sum(my_better_softplus(d.kernel))
    # TypeError: @tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses
    # variables: [<tf.Variable 'dense/kernel:0' shape=(2, 2) dtype=float32, numpy=
    # array([[-0.5903275 ,  0.8878101 ],
    #        [ 1.0738579 , -0.38398606]], dtype=float32)>]
    (a tf.Variable([100.]) argument works: [1.])
"""
import pytest

import framework as tf
from framework import keras

_KERNEL = ("<tf.Variable 'dense/kernel:0' shape=(2, 2) dtype=float32, numpy=\n"
           "array([[-0.5903275 ,  0.8878101 ],\n       [ 1.0738579 , -0.38398606]], dtype=float32)>")
_PREFIX = "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses variables: "


@tf.custom_gradient
def my_better_softplus(z):
    exp = tf.exp(z)

    def g(grad):
        return grad / (1 + 1 / exp)
    return tf.math.log(exp + 1.), g


def _dense():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    d = keras.layers.Dense(2)
    d.build((None, 2))
    return d


def test_keras_variable_argument_counts_as_a_used_variable():
    d = _dense()
    with pytest.raises(TypeError) as info:
        with tf.GradientTape():
            my_better_softplus(d.kernel)
    assert str(info.value) == _PREFIX + '[' + _KERNEL + ']'
    v = tf.Variable([100.0])
    with tf.GradientTape() as tape:
        z = my_better_softplus(v)
    assert tape.gradient(z, [v])[0].numpy().tolist() == [1.0]


def test_layer_read_inside_lists_the_backing_tf_variables():
    d = _dense()

    @tf.custom_gradient
    def no_vars_arg(x):
        def grad(dy):
            return dy
        return d(x), grad
    with pytest.raises(TypeError) as info:
        no_vars_arg(tf.constant([[1.0, -1.0]]))
    assert str(info.value) == (_PREFIX + '[' + _KERNEL + ", <tf.Variable 'dense/bias:0' shape=(2,) dtype=float32, "
                               "numpy=array([0., 0.], dtype=float32)>]")
