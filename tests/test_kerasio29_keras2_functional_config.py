"""Model.from_config reads a Keras 2 functional config (layer entries without 'module') as Keras 3 does.

Keras 3's functional_from_config hands such entries to its legacy model_from_config, which turns
a one-item 'axis' list into an int: a tf.keras 2 BatchNormalization's "axis": [1] loads in TF 2.21;
tapeflow passed the list on and raised "BatchNormalization could not be deserialized properly".

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t16_keras2_json.py).
"""
import json

import numpy as np

from framework import keras


def _dense(name, units, activation, inbound):
    return {'class_name': 'Dense', 'name': name, 'inbound_nodes': [[[inbound, 0, 0, {}]]],
            'config': {'name': name, 'trainable': True, 'dtype': 'float32', 'units': units, 'activation': activation,
                       'use_bias': True, 'kernel_initializer': {'class_name': 'GlorotUniform', 'config': {'seed': None}},
                       'bias_initializer': {'class_name': 'Zeros', 'config': {}}, 'kernel_regularizer': None,
                       'bias_regularizer': None, 'activity_regularizer': None, 'kernel_constraint': None,
                       'bias_constraint': None}}


def _keras2_config():
    norm = {'beta_initializer': {'class_name': 'Zeros', 'config': {}},
            'gamma_initializer': {'class_name': 'Ones', 'config': {}}, 'beta_regularizer': None,
            'gamma_regularizer': None, 'beta_constraint': None, 'gamma_constraint': None, 'center': True,
            'scale': True, 'trainable': True, 'dtype': 'float32'}
    return {'name': 'model', 'input_layers': [['input_1', 0, 0]], 'output_layers': [['out', 0, 0]], 'layers': [
        {'class_name': 'InputLayer', 'name': 'input_1', 'inbound_nodes': [],
         'config': {'batch_input_shape': [None, 4], 'dtype': 'float32', 'sparse': False, 'ragged': False,
                    'name': 'input_1'}},
        _dense('dense', 3, 'relu', 'input_1'),
        {'class_name': 'BatchNormalization', 'name': 'batch_normalization', 'inbound_nodes': [[['dense', 0, 0, {}]]],
         'config': dict(norm, name='batch_normalization', axis=[1], momentum=0.99, epsilon=0.001,
                        moving_mean_initializer={'class_name': 'Zeros', 'config': {}},
                        moving_variance_initializer={'class_name': 'Ones', 'config': {}})},
        {'class_name': 'LayerNormalization', 'name': 'ln', 'inbound_nodes': [[['batch_normalization', 0, 0, {}]]],
         'config': dict(norm, name='ln', axis=[1], epsilon=0.001)},
        _dense('out', 2, 'softmax', 'ln')]}


def test_keras2_functional_config_loads_with_int_axis():
    keras.utils.set_random_seed(0)
    model = keras.Model.from_config(_keras2_config())
    assert [layer.name for layer in model.layers] == ['input_1', 'dense', 'batch_normalization', 'ln', 'out']
    assert model.get_layer('batch_normalization').axis == 1
    assert model.get_layer('batch_normalization').get_config()['axis'] == 1
    assert model.get_layer('ln').axis == [1]
    out = model.predict(np.arange(8, dtype='float32').reshape(2, 4), verbose=0)
    np.testing.assert_allclose(out, [[0.12647, 0.87353], [0.13922999799251556, 0.8607699871063232]], atol=2e-5)
    saved = json.loads(json.dumps(model.get_config()))
    assert saved['layers'][0]['config']['batch_shape'] == [None, 4]
    assert saved['layers'][2]['module'] == 'keras.layers'
