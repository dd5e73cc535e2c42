"""MultiHeadAttention / GroupQueryAttention record their build shapes as Keras 3 does.

TF 2.21 (/work/notes/progs/kerasio38/p31.py), get_build_config() of a layer
    called eagerly on (2, 5, 4) and (2, 6, 4): {'shapes_dict': {'query_shape': (2, 5, 4), 'value_shape': (2, 6, 4)}}
    (with a key: 'key_shape': (2, 6, 4); GroupQueryAttention the same)
    in a functional model (symbolic call):      (None, 5, 4) / (None, 6, 4) tuples
    after load_model of that model:             [None, 5, 4] / [None, 6, 4], the file's lists
tapeflow always gave lists with a None batch ([None, 5, 4]), so an eagerly called layer's build
config (in a custom layer's or subclassed model's saved config) differed.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
QUERY = np.ones((2, 5, 4), 'float32')
VALUE = np.ones((2, 6, 4), 'float32')


def _layers():
    return [L.MultiHeadAttention(2, 3), L.GroupQueryAttention(4, 2, 1)]


@pytest.mark.parametrize('index', [0, 1], ids=['mha', 'gqa'])
def test_eager_call_keeps_the_batch_as_tuples(index):
    layer = _layers()[index]
    layer(QUERY, VALUE)
    assert layer.get_build_config() == {'shapes_dict': {'query_shape': (2, 5, 4), 'value_shape': (2, 6, 4)}}
    assert all(type(s) is tuple for s in layer.get_build_config()['shapes_dict'].values())
    with_key = _layers()[index]
    with_key(QUERY, VALUE, VALUE)
    assert with_key.get_build_config()['shapes_dict']['key_shape'] == (2, 6, 4)


@pytest.mark.parametrize('index', [0, 1], ids=['mha', 'gqa'])
def test_symbolic_call_then_load(tmp_path, index):
    keras.backend.clear_session()
    q, v = keras.Input((5, 4)), keras.Input((6, 4))
    model = keras.Model([q, v], _layers()[index](q, v))
    shapes = model.layers[-1].get_build_config()['shapes_dict']
    assert shapes == {'query_shape': (None, 5, 4), 'value_shape': (None, 6, 4)}
    assert all(type(s) is tuple for s in shapes.values())
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert loaded.layers[-1].get_build_config() == {'shapes_dict': {'query_shape': [None, 5, 4],
                                                                    'value_shape': [None, 6, 4]}}
    np.testing.assert_array_equal(loaded.predict([QUERY, VALUE], verbose=0), model.predict([QUERY, VALUE], verbose=0))
