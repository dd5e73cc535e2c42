"""keras.initializers.Constant's config serializes its value as Keras 3.15 does (serialize_keras_object):
the imbalanced-data tutorial's bias initializer Constant(np.log([pos / neg])) prints
{'value': {'class_name': '__numpy__', ...}} and its serialized form is JSON; tapeflow returned the raw
ndarray (json.dumps failed). Values printed by TF 2.21 / Keras 3.15 (/opt/tfref;
notes/progs/tutorials20/imbalanced.py and t20m.py)."""
import json

import numpy as np
import pytest

import framework as tf
from framework import keras

_LOG = {'class_name': '__numpy__', 'config': {'value': [-2.995732273553991], 'dtype': 'float64'}}


@pytest.mark.parametrize('value, config, rebuilt', [
    (np.log([0.05]), _LOG, 'ndarray'),
    (0.5, 0.5, 'float'),
    ([1, 2], [1, 2], 'list'),
    (np.float32(2.0), 2.0, 'float'),
    (np.array(3.0), 3.0, 'float'),
    (np.array([[1, 2]], np.int32), {'class_name': '__numpy__', 'config': {'value': [[1, 2]], 'dtype': 'int32'}},
     'ndarray'),
    ((1.5, 2), [1.5, 2], 'list'),
])
def test_config_holds_the_serialized_value(value, config, rebuilt):
    c = keras.initializers.Constant(value)
    assert c.get_config() == {'value': value if isinstance(value, tuple) else config}    # TF: (1.5, 2) kept
    assert type(keras.initializers.Constant.from_config(c.get_config()).value).__name__ == rebuilt
    text = json.dumps(keras.initializers.serialize(c))
    assert text == json.dumps({'module': 'keras.initializers', 'class_name': 'Constant', 'config': {'value': config},
                               'registered_name': None})
    assert keras.initializers.get(keras.initializers.serialize(c)).get_config()['value'] == config


def test_a_tensor_value_and_the_rebuilt_weights():
    c = keras.initializers.Constant(tf.constant([1., 2.]))
    assert c.get_config() == {'value': {'class_name': '__tensor__', 'config': {'value': [1.0, 2.0],
                                                                              'dtype': 'float32'}}}
    again = keras.initializers.Constant.from_config(keras.initializers.Constant(np.log([0.05])).get_config())
    assert again((1,)).numpy().tolist() == [np.float32(np.log(0.05))]
