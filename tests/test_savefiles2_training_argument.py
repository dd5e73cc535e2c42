"""Functional configs record a layer's default ``training`` as Keras 3 does, and reading
them back leaves the layer training when the model trains.

Expected kwargs: TF 2.21 / Keras 3.15, ``keras.Model(x, layer(x)).get_config()['layers'][1]
['inbound_nodes'][0]['kwargs']`` on keras.Input((5, 3)) for each layer below.
"""
import json
import zipfile

import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('make, kwargs', [
    (lambda: keras.layers.LSTM(4), {'training': False, 'mask': None}),
    (lambda: keras.layers.GRU(4), {'training': False, 'mask': None}),
    (lambda: keras.layers.SimpleRNN(4), {'training': False, 'mask': None}),
    (lambda: keras.layers.Dropout(0.1), {'training': False}),
    (lambda: keras.layers.Bidirectional(keras.layers.LSTM(2)), {'mask': None}),
    (lambda: keras.layers.Dense(2), {}),
])
def test_recorded_kwargs(make, kwargs):
    x = keras.Input((5, 3))
    recorded = keras.Model(x, make()(x)).get_config()['layers'][1]['inbound_nodes'][0]['kwargs']
    assert recorded == kwargs and list(recorded) == list(kwargs)      # Keras's order too


def test_a_reloaded_dropout_still_drops_while_training(tmp_path):
    keras.utils.set_random_seed(0)
    x = keras.Input((50,))
    model = keras.Model(x, keras.layers.Dropout(0.5)(x))
    model.save(tmp_path / 'm.keras')
    nodes = json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json'))['config']['layers'][1]
    assert nodes['inbound_nodes'][0]['kwargs'] == {'training': False}
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    ones = np.ones((2, 50), 'float32')
    assert (loaded(ones, training=True).numpy() == 0).any()
    np.testing.assert_array_equal(loaded(ones, training=False).numpy(), ones)
