"""tf.nn.softmax / log_softmax given an axis that is no integer, or None, as TF 2.21's Python wrapper takes it.

TF compares the axis with -1 and the last axis first (1.0 on a matrix softmaxes its rows), then range-checks
it with Python's comparison (a string: TypeError); axis=None is the last axis. Golden values and texts
printed by TF 2.21 (progs/errors35/sm.py, sm2.py), e.g.
    tf.nn.softmax(tf.ones([2, 3]), axis='x')
    -> TypeError: '<=' not supported between instances of 'int' and 'str'
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = tf.constant([[1.0, 2.0, 3.0], [0.0, 5.0, 1.0]])
STR_TEXT = "'<=' not supported between instances of 'int' and 'str'"


@pytest.mark.parametrize('call', [
    lambda: tf.nn.softmax(tf.ones([2, 3]), axis='x'),
    lambda: tf.nn.log_softmax(tf.ones([2, 3]), axis='x'),
    lambda: tf.nn.softmax(tf.ones([2, 3, 4]), axis='a'),
    lambda: keras.ops.softmax(tf.ones([2, 3]), axis='x'),
    lambda: keras.activations.softmax(tf.ones([2, 3]), axis='x'),
])
def test_string_axis_is_pythons_comparison_error(call):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == STR_TEXT


def test_softmax_layer_wraps_it_in_its_call_text():
    with pytest.raises(TypeError) as info:
        keras.layers.Softmax(axis='x')(tf.ones([2, 3]))
    assert str(info.value).startswith('Exception encountered when calling Softmax.call().')
    assert STR_TEXT in str(info.value)


@pytest.mark.parametrize('fn, axis', [(tf.nn.softmax, 1.0), (tf.nn.log_softmax, -1.0), (tf.nn.softmax, None),
                                      (tf.nn.log_softmax, None), (tf.math.softmax, None)])
def test_float_last_axis_and_none_are_the_last_axis(fn, axis):
    np.testing.assert_array_equal(fn(X, axis=axis).numpy(), fn(X, axis=-1).numpy())


def test_float_axis_softmax_has_its_gradient():
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = tf.nn.softmax(X, axis=1.0)[:, 0]
    with tf.GradientTape() as reference:
        reference.watch(X)
        z = tf.nn.softmax(X, axis=1)[:, 0]
    np.testing.assert_array_equal(tape.gradient(y, X).numpy(), reference.gradient(z, X).numpy())


def test_float_axis_that_is_not_last_is_still_refused():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.softmax(X, axis=0.0)       # TF 2.21: Transpose's 'Tperm' attr error, same class
