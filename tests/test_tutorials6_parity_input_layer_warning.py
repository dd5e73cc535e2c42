"""InputLayer(input_shape=...) (the Convolutional VAE tutorial's encoder/decoder spelling) warns as
Keras 3 does on TF 2.21: UserWarning 'Argument `input_shape` is deprecated. Use `shape` instead.'
(text from keras/src/layers/core/input_layer.py, printed by the tutorial run under TF 2.21)."""
import warnings

import pytest

from framework import keras


def test_input_shape_keyword_warns_and_is_taken():
    with pytest.warns(UserWarning, match=r'^Argument `input_shape` is deprecated\. Use `shape` instead\.$'):
        layer = keras.layers.InputLayer(input_shape=(28, 28, 1))
    assert layer.batch_shape == (None, 28, 28, 1)


def test_shape_keyword_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        keras.layers.InputLayer(shape=(4,))
        keras.layers.InputLayer(batch_shape=(None, 4))


def test_sequential_with_input_layer_input_shape_builds():
    with pytest.warns(UserWarning, match='input_shape'):
        model = keras.Sequential([keras.layers.InputLayer(input_shape=(3,)), keras.layers.Dense(2)])
    assert model.output_shape == (None, 2)
