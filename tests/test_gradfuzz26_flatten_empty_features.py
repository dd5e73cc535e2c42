"""Flatten reshapes to (batch, features) as Keras 3 does (ops.reshape(inputs, (input_shape[0], flattened_dim))):
with no features a -1 batch was inferred from the other axes, so Flatten of a (2, 3, 0, 1) tensor gave
(6, 0) where TF 2.21 gives (2, 0). Probe notes/progs/gradfuzz26/fl.py (found by the layer fuzzer, seed 5 #38)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('shape, expected', [((2, 3, 0, 1), (2, 0)), ((0, 3, 0, 1), (0, 0)), ((0, 3, 2), (0, 6)),
                                             ((3, 0), (3, 0)), ((0,), (0, 1)), ((2, 3, 4), (2, 12))])
def test_flatten_keeps_the_batch(shape, expected):
    # TF 2.21 gives these shapes
    x = tf.zeros(shape)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = keras.layers.Flatten()(x)
    assert tuple(y.shape) == expected
    assert tuple(tape.gradient(y, x).shape) == shape
    assert tuple(tf.function(lambda t: keras.layers.Flatten()(t))(x).shape) == expected


def test_flatten_in_a_model_of_unknown_batch():
    model = keras.Sequential([keras.Input((3, 0, 1)), keras.layers.Flatten()])
    assert tuple(model.output_shape) == (None, 0)
    assert tuple(model(tf.zeros((2, 3, 0, 1))).shape) == (2, 0)
