"""A layer's call that cannot fit its symbolic inputs fails a functional build with ValueError, as TF's.

Keras 3's TF backend runs the call on graph placeholders: TensorFlow's shape inference refuses a
Reshape of the wrong size, a MatMul or Add of mismatched shapes, a Concat or Split that does not fit,
or a slice out of range with ValueError while the graph is built. tapeflow ran the call on zeros and
raised the kernels' InvalidArgumentError. Classes from TF 2.21 + Keras 3.15 (progs/kerasio11/d14a.py).
"""
import pytest

import framework as tf
from framework import keras


class Calls(keras.layers.Layer):
    def __init__(self, fn, **kwargs):
        super().__init__(**kwargs)
        self.fn = fn

    def call(self, x):
        return self.fn(x)


@pytest.mark.parametrize('fn', [
    lambda x: tf.reshape(x, [5, 3]),
    lambda x: tf.matmul(x, tf.ones((5, 2))),
    lambda x: x + tf.ones((7,)),
    lambda x: tf.concat([x, tf.ones((1, 2, 3))], axis=0),
    lambda x: x[:, 7],
    lambda x: tf.split(x, 2, axis=-1),
], ids=['reshape', 'matmul', 'add', 'concat', 'slice', 'split'])
def test_shape_failures_are_value_errors_with_kerass_wording(fn):
    with pytest.raises(ValueError, match='^Exception encountered when calling Calls.call') as info:
        Calls(fn)(keras.Input((4, 3)))
    assert not isinstance(info.value, tf.errors.InvalidArgumentError)


def test_the_same_call_on_a_tensor_keeps_the_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError):
        Calls(lambda x: tf.reshape(x, [5, 3]))(tf.ones((2, 4, 3)))


def test_other_failures_keep_their_class():
    def bad(x):
        raise TypeError('not this way')
    with pytest.raises(TypeError):
        Calls(bad)(keras.Input((4, 3)))
