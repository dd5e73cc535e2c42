"""TextVectorization's symbolic output shape in encoding modes, as Keras 3.15 computes it and so
writes it into saved configs (the next layer's build_config and inbound shapes) and summaries.

Keras appends a token axis for the split, which the encoding then replaces: a (batch, 1) string
input reads (batch, 1, depth) although a call returns (batch, depth). The table is what
TF 2.21 / Keras 3.15 printed for ``tv(keras.Input(shape, dtype='string')).shape`` after adapting
on TEXTS (9 tokens with OOV for split='whitespace', 5 whole strings for split=None).
"""
import json

import numpy as np
import pytest

from framework import keras

L = keras.layers
TEXTS = ['the cat sat', 'the dog ran far', 'a cat ran', 'dog and cat']
KERAS_SHAPES = [('tf_idf', (1,), 'whitespace', (None, 1, 9)), ('multi_hot', (), 'whitespace', (None, 9)),
                ('count', (1,), None, (None, 5)), ('count', (), None, (None, 5)),
                ('multi_hot', (2,), 'whitespace', (None, 2, 9))]


@pytest.mark.parametrize('mode,shape,split,expected', KERAS_SHAPES)
def test_symbolic_shape_is_keras(mode, shape, split, expected):
    vectorize = L.TextVectorization(max_tokens=10, output_mode=mode, split=split)
    vectorize.adapt(np.array(TEXTS))
    assert tuple(vectorize(keras.Input(shape, dtype='string')).shape) == expected
    assert tuple(vectorize.compute_output_shape((None,) + shape)) == expected


def test_saved_config_carries_keras_shape_and_calls_still_return_rows(tmp_path):
    vectorize = L.TextVectorization(max_tokens=10, output_mode='tf_idf')
    vectorize.adapt(np.array(TEXTS))
    text = keras.Input((1,), dtype='string')
    model = keras.Model(text, L.Dense(1)(vectorize(text)))
    dense = json.loads(model.to_json())['config']['layers'][2]
    # Keras 3.15's config.json for this model: build_config [null, 1, 9] and the same inbound shape
    assert dense['build_config'] == {'input_shape': [None, 1, 9]}
    assert dense['inbound_nodes'][0]['args'][0]['config']['shape'] == [None, 1, 9]
    assert model.layers[2].kernel.shape == (9, 1)
    probe = keras.ops.convert_to_tensor(np.array([['the cat'], ['zebra']]))
    assert tuple(model(probe).shape) == (2, 1)
