"""Keras convolutions with padding='same' over an empty spatial axis, as on TF 2.21 + Keras 3: Keras's
build check (compute_conv_output_shape) refuses 'valid' padding only, so 'same' gives an empty output and
an empty input gradient, where tapeflow refused at build with 'Computed output size would be zero or
negative'. Probes notes/progs/gradfuzz26/cz.py, cz2.py (found by the layer fuzzer lz.py, seed 4 #108)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers

# (layer, kwargs, input shape, TF 2.21's output shape)
SAME = [('Conv1D', dict(filters=2, kernel_size=3, padding='same'), (2, 0, 3), (2, 0, 2)),
        ('Conv1D', dict(filters=2, kernel_size=3, padding='same', strides=2), (1, 0, 2), (1, 0, 2)),
        ('Conv2D', dict(filters=2, kernel_size=(1, 3), padding='same'), (2, 0, 1, 2), (2, 0, 1, 2)),
        ('Conv2D', dict(filters=2, kernel_size=(1, 3), padding='same', dtype='float64'), (2, 1, 0, 2), (2, 1, 0, 2)),
        ('Conv2D', dict(filters=2, kernel_size=2, padding='same', dilation_rate=2), (2, 0, 3, 1), (2, 0, 3, 2)),
        ('Conv3D', dict(filters=2, kernel_size=2, padding='same'), (1, 0, 2, 2, 1), (1, 0, 2, 2, 2)),
        ('DepthwiseConv2D', dict(kernel_size=2, padding='same'), (1, 0, 2, 2), (1, 0, 2, 2)),
        ('DepthwiseConv1D', dict(kernel_size=2, padding='same'), (1, 0, 2), (1, 0, 2))]


@pytest.mark.parametrize('name, kwargs, shape, expected', SAME)
def test_same_padding_takes_an_empty_spatial_axis(name, kwargs, shape, expected):
    keras.utils.set_random_seed(1)
    layer = getattr(L, name)(**kwargs)
    x = tf.zeros(shape, kwargs.get('dtype', 'float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    assert tuple(y.shape) == expected
    assert tuple(layer.compute_output_shape(shape)) == expected
    assert tuple(tape.gradient(y, x).shape) == shape
    assert tuple(getattr(L, name)(**kwargs)(keras.Input(shape[1:])).shape) == (None,) + expected[1:]


def test_valid_padding_is_still_refused_in_keras_words():
    with pytest.raises(ValueError) as info:
        L.Conv2D(2, 2)(tf.zeros((2, 0, 3, 1)))
    assert str(info.value) == ('Computed output size would be zero or negative. Received `inputs shape=(2, 0, 3, 1)`, '
                               '`kernel shape=(2, 2, 1, 2)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.')
