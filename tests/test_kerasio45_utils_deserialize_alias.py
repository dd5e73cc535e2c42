"""keras.utils.deserialize_keras_object is keras.saving.deserialize_keras_object, as in Keras 3.

TF 2.21 (progs/kerasio45/p12.py): `keras.utils.deserialize_keras_object is
keras.saving.deserialize_keras_object` is True, so a Keras 2 config without 'module' is refused
through either name: TypeError "Could not locate class 'Dense'. Make sure custom classes ...".
tapeflow's keras.utils name was the internal deserializer, which built the Dense.
"""
import pytest

from framework import keras


def test_the_two_names_are_one_function():
    assert keras.utils.deserialize_keras_object is keras.saving.deserialize_keras_object
    assert keras.utils.serialize_keras_object is keras.saving.serialize_keras_object


def test_a_config_without_module_is_refused_through_keras_utils():
    with pytest.raises(TypeError) as info:
        keras.utils.deserialize_keras_object({'class_name': 'Dense', 'config': {'units': 2}})
    assert str(info.value).startswith("Could not locate class 'Dense'. Make sure custom classes and functions are "
                                      'decorated with `@keras.saving.register_keras_serializable()`.')
    dense = keras.utils.deserialize_keras_object({'module': 'keras.layers', 'class_name': 'Dense',
                                                  'config': {'units': 2}, 'registered_name': None})
    assert type(dense).__name__ == 'Dense' and dense.units == 2
