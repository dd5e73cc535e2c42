"""A Python lambda given as an activation is filed as Keras 3 files it: the bare {'value': bytecode}.

Keras 3's activations.serialize takes serialize_keras_object's '__lambda__' entry (after its
'The object being serialized includes a `lambda`' warning) and returns the entry's config, so a
Dense(2, activation=lambda x: x * 3) saved to .keras / .h5 / to_json holds
'activation': {'value': [<base64 code>, None, None]}, and loading it, with or without safe_mode,
fails with "Could not interpret activation function identifier: {'value': ...}" inside the usual
'could not be deserialized properly' TypeError. tapeflow filed {'module': 'builtins', 'class_name':
'function', 'config': '<lambda>', 'registered_name': 'function'} without the warning, and loading
failed with "Could not locate function '<lambda>'". keras.activations.deserialize of such a dict is
Keras's ValueError "Unknown `config` as a `dict`, config=...", and deserialize(None) is None.

Printed by TF 2.21 (/work/notes/progs/kerasio44/p8.py, p9.py), e.g.:
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation=lambda x: x * 3)])
    c = m.layers[0].get_config()['activation']; print(type(c).__name__, list(c))   # dict ['value']
    keras.activations.deserialize(c)   # ValueError Unknown `config` as a `dict`, config={'value': ('4wE...', None, None)}
    keras.activations.deserialize(None)   # None
"""
import json
import warnings

import numpy as np
import pytest

from framework import keras

LAMBDA_WARNING = 'The object being serialized includes a `lambda`. This is unsafe.'


def _model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation=lambda x: x * 3)])


def test_lambda_activation_config_is_the_bare_bytecode_entry_with_the_warning():
    model = _model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        config = model.layers[0].get_config()['activation']
        saved = json.loads(model.to_json())['config']['layers'][1]['config']['activation']
    assert list(config) == ['value']
    code, defaults, closure = config['value']
    assert isinstance(code, str) and defaults is None and closure is None
    assert any(LAMBDA_WARNING in str(w.message) for w in caught)
    assert saved == {'value': [code, None, None]}


@pytest.mark.parametrize('safe_mode', [True, False])
def test_loading_it_fails_as_keras_does(tmp_path, safe_mode):
    path = str(tmp_path / 'm.keras')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        _model().save(path)
    with pytest.raises(TypeError, match=r"Could not interpret activation function identifier: \{'value': \['"):
        keras.models.load_model(path, safe_mode=safe_mode)


def test_deserialize_refuses_a_dict_without_class_name():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        config = keras.activations.serialize(lambda x: x)
    with pytest.raises(ValueError, match=r"^Unknown `config` as a `dict`, config=\{'value': \("):
        keras.activations.deserialize(config)
    with pytest.raises(ValueError, match='Could not interpret activation function identifier'):
        keras.activations.get(config)


def test_deserialize_of_none_and_of_a_custom_function():
    assert keras.activations.deserialize(None) is None
    assert keras.activations.get(None) is keras.activations.linear

    def twice(x):
        return x * 2
    config = {'module': 'builtins', 'class_name': 'function', 'config': 'twice', 'registered_name': 'function'}
    assert keras.activations.deserialize(config, custom_objects={'twice': twice}) is twice
    assert keras.activations.deserialize('relu') is keras.activations.relu
    np.testing.assert_array_equal(keras.activations.deserialize({'class_name': 'relu', 'config': 'relu'})(
        np.array([-1.0, 2.0], 'float32')), [0.0, 2.0])
