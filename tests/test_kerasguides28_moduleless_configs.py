"""Keras 2 style configs (no 'module') given to Keras 3's public deserializers: TF 2.21 / Keras 3.15
raise TypeError 'Could not locate class ...' unless a custom object answers the name; tapeflow's
own loaders (legacy .h5 files) still read them. Texts as TF printed them."""
import json

import pytest

import framework as tf  # noqa: F401
from framework import keras

_TAIL = ("Make sure custom classes and functions are decorated with `@keras.saving.register_keras_serializable()`. "
         'If they are already decorated, make sure they are all imported so that the decorator is run before trying '
         'to load them. Full object config: ')


def _located(name, config):
    return "Could not locate class '%s'. %s%s" % (name, _TAIL, config)


def test_layers_deserialize_refuses_a_config_without_module():
    config = {'class_name': 'Dense', 'config': {'units': 2}}
    with pytest.raises(TypeError) as info:
        keras.layers.deserialize(dict(config))
    assert str(info.value) == _located('Dense', config)


def test_saving_deserialize_refuses_a_config_without_module():
    config = {'class_name': 'Dense', 'config': {'units': 2}}
    with pytest.raises(TypeError) as info:
        keras.saving.deserialize_keras_object(dict(config))
    assert type(info.value) is TypeError
    assert str(info.value) == _located('Dense', config)


def test_model_from_json_refuses_a_keras2_model_json():
    text = ('{"class_name": "Sequential", "config": {"name": "s", "layers": [{"class_name": "Dense", '
            '"config": {"units": 2}}]}}')
    with pytest.raises(TypeError) as info:
        keras.models.model_from_json(text)
    assert type(info.value) is TypeError
    assert str(info.value) == _located('Sequential', json.loads(text))


def test_module_or_custom_object_still_deserializes():
    layer = keras.layers.deserialize({'module': 'keras.layers', 'class_name': 'Dense', 'config': {'units': 2}})
    assert type(layer).__name__ == 'Dense' and layer.units == 2
    layer = keras.layers.deserialize({'class_name': 'Dense', 'config': {'units': 3}},
                                     custom_objects={'Dense': keras.layers.Dense})
    assert layer.units == 3
    # the other namespaces' deserialize take configs without 'module', in Keras 3 too
    assert type(keras.initializers.deserialize({'class_name': 'GlorotUniform', 'config': {}})).__name__ == \
        'GlorotUniform'
    assert type(keras.optimizers.deserialize({'class_name': 'Adam', 'config': {}})).__name__ == 'Adam'
    assert type(keras.losses.deserialize({'class_name': 'MeanSquaredError', 'config': {}})).__name__ == \
        'MeanSquaredError'
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    assert type(keras.models.model_from_json(model.to_json())).__name__ == 'Sequential'


def test_layers_deserialize_refuses_what_is_not_a_layer():
    config = {'module': 'keras.optimizers', 'class_name': 'Adam', 'config': {}}
    with pytest.raises(ValueError) as info:
        keras.layers.deserialize(config)
    assert str(info.value) == ('`keras.layers.deserialize` was passed a `config` object that is not a '
                               "`keras.layers.Layer`. Received: {'module': 'keras.optimizers', 'class_name': "
                               "'Adam', 'config': {}}")
