"""Which layers a saved functional config gives a build_config, and which calls a mask=None,
as Keras 3 writes them.

The literals are what Keras 3.15 wrote (``model.to_json()``) for the same two
models built with ``keras.layers`` there: Keras records the shape of a layer's
first call unless the layer is built when made (activations, pooling, dropout
and noise layers, Reshape, ...), and ``mask=None`` for a layer whose ``call``
takes a mask, called on one unmasked tensor.
"""
import json

from framework import keras

L = keras.layers

KERAS_SHAPES_SMALL = [('InputLayer', None), ('MaxPooling2D', None), ('Reshape', None), ('ReLU', None),
                      ('Flatten', [None, 2, 4]), ('Dropout', None), ('GaussianNoise', None), ('Dense', [None, 8]),
                      ('Activation', None)]
KERAS_SHAPES_WIDE = [('InputLayer', None), ('Conv2D', [None, 4, 4, 2]), ('UpSampling2D', [None, 4, 4, 2]),
                     ('ZeroPadding2D', [None, 8, 8, 2]), ('Cropping2D', [None, 10, 10, 2]),
                     ('Permute', [None, 4, 4, 2]), ('Rescaling', [None, 4, 4, 2]),
                     ('Add', [[None, 4, 4, 2], [None, 4, 4, 2]]), ('Concatenate', [[None, 4, 4, 2], [None, 4, 4, 2]]),
                     ('Reshape', None), ('LayerNormalization', [None, 16, 4]), ('Conv1D', [None, 16, 4]),
                     ('GlobalAveragePooling1D', None), ('RepeatVector', [None, 3]),
                     ('Attention', [[None, 2, 3], [None, 2, 3]]), ('SimpleRNN', [None, 2, 3]),
                     ('UnitNormalization', None), ('Dense', [None, 2]), ('LeakyReLU', None)]
# The layers whose recorded call has a 'mask' entry in Keras's config (all None here).
KERAS_MASK_NONE_CALLS = ['GlobalAveragePooling1D', 'SimpleRNN']


def _small():
    inputs = keras.Input((4, 4, 2))
    h = L.MaxPooling2D()(inputs)
    h = L.Reshape((2, 4))(h)
    h = L.ReLU()(h)
    h = L.Flatten()(h)
    h = L.Dropout(0.5)(h)
    h = L.GaussianNoise(0.1)(h)
    h = L.Dense(2)(h)
    return keras.Model(inputs, L.Activation('relu')(h))


def _wide():
    inputs = keras.Input((4, 4, 2))
    a = L.Conv2D(2, 1)(inputs)
    b = L.UpSampling2D()(a)
    b = L.ZeroPadding2D(1)(b)
    b = L.Cropping2D(3)(b)
    b = L.Permute((2, 1, 3))(b)
    b = L.Rescaling(0.5)(b)
    c = L.Add()([a, b])
    d = L.Concatenate()([a, c])
    e = L.Reshape((16, 4))(d)
    e = L.LayerNormalization()(e)
    e = L.Conv1D(3, 2)(e)
    f = L.GlobalAveragePooling1D()(e)
    g = L.RepeatVector(2)(f)
    g = L.Attention()([g, g])
    g = L.SimpleRNN(2)(g)
    g = L.UnitNormalization()(g)
    g = L.Dense(2)(g)
    return keras.Model(inputs, L.LeakyReLU()(g))


def _layer_entries(model):
    return json.loads(model.to_json())['config']['layers']


def _shapes(model):
    return [(entry['class_name'], (entry.get('build_config') or {}).get('input_shape'))
            for entry in _layer_entries(model)]


def test_build_configs_are_those_keras_writes():
    assert _shapes(_small()) == KERAS_SHAPES_SMALL
    assert _shapes(_wide()) == KERAS_SHAPES_WIDE


def test_calls_record_mask_none_where_keras_does():
    masked = [entry['class_name'] for entry in _layer_entries(_wide())
              if any('mask' in node['kwargs'] for node in entry['inbound_nodes'])]
    assert masked == KERAS_MASK_NONE_CALLS
    for entry in _layer_entries(_wide()):
        for node in entry['inbound_nodes']:
            assert node['kwargs'].get('mask') is None


def test_a_rebuilt_model_keeps_them():
    model = keras.models.model_from_json(_wide().to_json())
    assert _shapes(model) == KERAS_SHAPES_WIDE
