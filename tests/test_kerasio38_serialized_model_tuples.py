"""keras.saving.serialize_keras_object(model) keeps the config's tuples, as Keras 3 returns it.

TF 2.21 (/work/notes/progs/kerasio38/p22.py, p23.py, /tmp probe k38_ls2.py):
    m = keras.Sequential([keras.Input((2,)), Dense(2, name='a')])
    s = keras.utils.serialize_keras_object(m)
    s['config']['layers'][0]['config']['batch_shape'] -> (None, 2)
    s['build_config'] -> {'input_shape': (None, 2)}; s['config']['build_input_shape'] -> (None, 2)
and a functional model's inbound node shape (None, 3); so serialize_keras_object(m) ==
keras.layers.serialize(m) (True on TF). tapeflow returned the JSON form (lists: [None, 2]).
The file and to_json still hold lists (JSON has no tuples).
"""
import json

from framework import keras

L = keras.layers


def test_sequential_config_keeps_tuples():
    model = keras.Sequential([keras.Input((2,)), L.Dense(2, name='a')], name='sq')
    config = keras.saving.serialize_keras_object(model)
    assert config['config']['layers'][0]['config']['batch_shape'] == (None, 2)
    assert isinstance(config['config']['layers'][0]['config']['batch_shape'], tuple)
    assert config['build_config'] == {'input_shape': (None, 2)}
    assert isinstance(config['build_config']['input_shape'], tuple)
    assert isinstance(config['config']['build_input_shape'], tuple)
    assert config == keras.layers.serialize(model)
    assert json.loads(model.to_json())['config']['layers'][0]['config']['batch_shape'] == [None, 2]


def test_functional_inbound_shapes_are_tuples_and_round_trip():
    inp = keras.Input((3,), name='x')
    model = keras.Model(inp, L.Dense(1, name='d')(inp))
    model.compile(optimizer='sgd', loss='mse')
    config = keras.saving.serialize_keras_object(model)
    node_arg = config['config']['layers'][1]['inbound_nodes'][0]['args'][0]
    assert isinstance(node_arg['config']['shape'], tuple) and node_arg['config']['shape'] == (None, 3)
    rebuilt = keras.saving.deserialize_keras_object(config)
    assert [layer.name for layer in rebuilt.layers] == ['x', 'd'] and rebuilt.optimizer is not None
    assert keras.saving.serialize_keras_object(rebuilt)['config']['layers'][0] == config['config']['layers'][0]
