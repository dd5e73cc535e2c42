"""A string ``keras.Input``'s layer reports dtype 'string', as Keras 3's InputLayer does.

tapeflow's InputLayer said 'object' (its arrays' numpy dtype), so clone_model of a Sequential
made on a string Input raised "ValueError: Invalid dtype: object" (re-creating the Input from
that name), and a string Sequential called inside a functional model was saved without the
``{"mask": null}`` kwargs Keras records when the call's dtype is the model's input dtype.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t08_seq_configs.py, t09_string_models.py).
"""
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


def _inner():
    return keras.Sequential([keras.Input((3,), dtype='string'), L.StringLookup(vocabulary=['a', 'b'], name='sl'),
                             L.Embedding(4, 2, name='e'), L.Flatten(name='f')], name='inner')


def test_string_input_layer_dtype_is_string():
    inner = _inner()
    assert inner._input_layer.dtype == 'string'
    assert keras.Input((2,), dtype='int32')._keras_history[0].dtype == 'int32'


def test_clone_model_of_a_string_sequential():
    inner = _inner()
    clone = keras.models.clone_model(inner)
    assert [layer.name for layer in clone.layers] == ['sl', 'e', 'f']
    assert clone.inputs[0].dtype == 'string'
    x = keras.Input((3,), dtype='string', name='txt')
    outer = keras.Model(x, L.Dense(1, name='o')(inner(x)), name='outer')
    clone = keras.models.clone_model(outer)
    assert [layer.name for layer in clone.layers] == ['txt', 'inner', 'o']
    assert clone.inputs[0].dtype == 'string'


def test_string_sequential_call_records_keras_filled_mask():
    inner = _inner()
    x = keras.Input((3,), dtype='string', name='txt')
    outer = keras.Model(x, L.Dense(1, name='o')(inner(x)), name='outer')
    node = outer.get_config()['layers'][1]['inbound_nodes'][0]
    assert node['kwargs'] == {'mask': None}
    assert node['args'][0]['config']['dtype'] == 'string'
    assert node['args'][0]['config']['keras_history'] == ['txt', 0, 0]


def test_saved_string_model_predicts_the_same():
    inner = _inner()
    x = keras.Input((3,), dtype='string', name='txt')
    outer = keras.Model(x, L.Dense(1, name='o')(inner(x)), name='outer')
    data = tf.constant([['a', 'b', 'q'], ['b', 'b', 'a']])
    config = outer.get_config()
    back = keras.Model.from_config(config)
    assert back.layers[1].get_config()['layers'][0]['config']['dtype'] == 'string'
    back.set_weights(outer.get_weights())
    np.testing.assert_array_equal(back.predict(data, verbose=0), outer.predict(data, verbose=0))
