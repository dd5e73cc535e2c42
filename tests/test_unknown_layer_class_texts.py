"""An unknown layer class in a config: Keras 3's current deserializer raises TypeError 'Could not locate class';
Sequential / Model.from_config read a layer config without 'module' (Keras 2's) with the legacy deserializer,
which raises ValueError 'Unknown layer'. Texts and class names printed by TF 2.21."""
import pytest

from framework import keras

LEGACY = ("Unknown layer: '%s'. Please ensure you are using a `keras.utils.custom_object_scope` and that this object is "
          "included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
          "#registering_the_custom_object for details.")


def _raised(make):
    with pytest.raises(Exception) as info:
        make()
    return type(info.value).__name__, str(info.value)


def test_sequential_from_a_keras2_config():
    config = {'name': 'seq', 'layers': [{'class_name': 'NoSuchLayer', 'config': {}}]}
    assert _raised(lambda: keras.Sequential.from_config(config)) == ('ValueError', LEGACY % 'NoSuchLayer')


def test_functional_from_a_keras2_config():
    config = {'name': 'm', 'layers': [{'class_name': 'Nope', 'name': 'n', 'config': {}, 'inbound_nodes': []}],
              'input_layers': [], 'output_layers': []}
    assert _raised(lambda: keras.Model.from_config(config)) == ('ValueError', LEGACY % 'Nope')


def test_layers_deserialize_says_could_not_locate_as_a_type_error():
    name, text = _raised(lambda: keras.layers.deserialize({'class_name': 'NoSuchLayer', 'config': {}}))
    assert name == 'TypeError'
    assert text.startswith("Could not locate class 'NoSuchLayer'. Make sure custom classes and functions are decorated "
                           "with `@keras.saving.register_keras_serializable()`.")
