"""The subclassing and functional guides' serialization lines, as Keras 3 prints them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same programs.
"""
import numpy as np
import pytest

from framework import keras


@keras.saving.register_keras_serializable(package='KGuideModels')
class GuideScale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {**super().get_config(), 'factor': self.factor}


@keras.saving.register_keras_serializable(package='KGuideModels')
def guide_identity(x):
    return x


def test_model_from_config_finds_a_registered_layer_without_custom_objects():
    inputs = keras.Input((2,))
    model = keras.Model(inputs, GuideScale(3.0)(inputs))
    config = model.get_config()
    assert config['layers'][1]['registered_name'] == 'KGuideModels>GuideScale'
    rebuilt = keras.Model.from_config(config)        # tapeflow raised 'Unknown layer class'
    assert isinstance(rebuilt.layers[1], GuideScale)
    np.testing.assert_array_equal(rebuilt(np.ones((1, 2), 'float32')).numpy(), [[3.0, 3.0]])


def test_unknown_layer_class_names_what_to_do():
    inputs = keras.Input((2,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    config = model.get_config()
    config['layers'][1]['class_name'] = 'NoSuchLayer'
    with pytest.raises(ValueError, match="NoSuchLayer.*register_keras_serializable"):
        keras.Model.from_config(config)


def test_inbound_node_args_are_a_tuple_as_keras_writes_them():
    # TF: 'inbound_nodes': [{'args': ({'class_name': '__keras_tensor__', ...},), 'kwargs': {}}]
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    node = model.get_config()['layers'][1]['inbound_nodes'][0]
    assert type(node['args']) is tuple and node['args'][0]['class_name'] == '__keras_tensor__'
    a, b = keras.Input((2,)), keras.Input((3,))
    merged = keras.Model([a, b], keras.layers.concatenate([a, b])).get_config()['layers'][2]['inbound_nodes'][0]
    assert type(merged['args']) is tuple and type(merged['args'][0]) is list and len(merged['args'][0]) == 2


def test_serialize_keras_object_writes_keras_module_and_function_forms(monkeypatch):
    monkeypatch.setattr(GuideScale, '__module__', '__main__')
    monkeypatch.setattr(guide_identity, '__module__', '__main__')
    # TF: {'module': None, 'class_name': 'Scale', 'config': {...}, 'registered_name': 'MyLayers>Scale'}
    layer_config = keras.saving.serialize_keras_object(GuideScale(5.0, name='s'))
    assert layer_config['module'] is None and layer_config['registered_name'] == 'KGuideModels>GuideScale'
    # TF: {'module': 'builtins', 'class_name': 'function', 'config': 'P>f', 'registered_name': 'function'}
    assert keras.saving.serialize_keras_object(guide_identity) == {
        'module': 'builtins', 'class_name': 'function', 'config': 'KGuideModels>guide_identity',
        'registered_name': 'function'}
    assert keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(guide_identity)) \
        is guide_identity
    assert isinstance(keras.saving.deserialize_keras_object(layer_config), GuideScale)
