"""Layers Keras 3 builds when made (no build() of their own: Dropout, Softmax, Masking, UnitNormalization,
pooling, Reshape, ...) record no build shape: get_build_config() is None after a call on KerasTensors, where
tapeflow returned {'input_shape': ...} (its saved files already left it out). Layers with a build keep theirs.

Expected values printed by TF 2.21 (notes progs/layers15/bc4.py), e.g.

    l = keras.layers.Dropout(0.1); l(keras.Input((3, 4))); print(l.built, l.get_build_config())   # True None
    l = keras.layers.Flatten(); l(keras.Input((3, 4))); print(l.get_build_config())   # {'input_shape': (None, 3, 4)}
"""
import pytest

from framework import keras

L = keras.layers

BUILT_WHEN_MADE = {
    'Dropout': lambda: L.Dropout(0.1), 'Softmax': L.Softmax, 'Masking': L.Masking, 'ReLU': L.ReLU,
    'UnitNormalization': L.UnitNormalization, 'GlobalAveragePooling1D': L.GlobalAveragePooling1D,
    'MaxPooling1D': L.MaxPooling1D, 'Reshape': lambda: L.Reshape((-1,)), 'GaussianNoise': lambda: L.GaussianNoise(0.1),
    'Activation': lambda: L.Activation('relu'), 'Identity': L.Identity,
}
WITH_BUILD = {'Flatten': L.Flatten, 'Dense': lambda: L.Dense(2), 'LayerNormalization': L.LayerNormalization,
              'Permute': lambda: L.Permute((2, 1)), 'ZeroPadding1D': L.ZeroPadding1D}


@pytest.mark.parametrize('name', sorted(BUILT_WHEN_MADE))
def test_built_when_made_records_no_build_shape(name):
    layer = BUILT_WHEN_MADE[name]()
    layer(keras.Input((3, 4)))
    assert layer.built
    assert layer.get_build_config() is None


@pytest.mark.parametrize('name', sorted(WITH_BUILD))
def test_layers_with_a_build_record_the_first_shape(name):
    layer = WITH_BUILD[name]()
    layer(keras.Input((3, 4)))
    assert layer.get_build_config() == {'input_shape': (None, 3, 4)}


def test_functional_model_lists_them_as_keras_does():
    inputs = keras.Input((3, 4))
    model = keras.Model(inputs, L.Dropout(0.1)(L.Dense(2)(inputs)))
    assert [layer.get_build_config() for layer in model.layers] == [None, {'input_shape': (None, 3, 4)}, None]
