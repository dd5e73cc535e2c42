"""A layer whose call tests a tensor in a Python `if` cannot be traced symbolically: Keras 3's Sequential.build
re-raises the TypeError, so TF 2.21 refuses `keras.Sequential([keras.Input((2,)), Gate(), ...])` at construction
(OperatorNotAllowedInGraphError 'Exception encountered when calling Gate.call(). Using a symbolic `tf.Tensor` as
a Python `bool` is not allowed. ...', progs/autograph8/p10.py under TF 2.21)."""
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError


class Gate(keras.layers.Layer):
    def call(self, x):
        if tf.reduce_sum(x) > 0:
            return x * 2.0
        return -x


def test_a_sequential_with_an_input_refuses_the_layer_at_construction():
    with pytest.raises(OperatorNotAllowedInGraphError,
                       match=r'(?s)Exception encountered when calling Gate.call\(\).*Using a symbolic `tf.Tensor` as a '
                             r'Python `bool` is not allowed'):
        keras.Sequential([keras.Input((2,)), Gate(), keras.layers.Dense(2)])


def test_without_an_input_the_first_call_builds_and_refuses_too_while_the_layer_alone_runs():
    # TF 2.21: keras.Sequential([Gate()])(tf.ones([1, 2])) raises the same error (its build traces the layers);
    # Gate()(tf.ones([1, 2])) alone is eager and gives [[2. 2.]]
    with pytest.raises(OperatorNotAllowedInGraphError, match=r'(?s)Using a symbolic `tf.Tensor` as a Python `bool`'):
        keras.Sequential([Gate()])(tf.ones([1, 2]))
    assert Gate()(tf.ones([1, 2])).numpy().tolist() == [[2.0, 2.0]]
