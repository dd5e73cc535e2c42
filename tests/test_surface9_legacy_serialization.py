"""keras.legacy.saving / keras.utils.legacy: serialize_keras_object / deserialize_keras_object (Keras 2's format).

Expected dicts and texts are Keras 3.15's, printed by the same program under /opt/tfref/bin/python."""
import json

import pytest

from framework import keras

legacy = keras.legacy.saving
DENSE = ('{"class_name": "Dense", "config": {"activation": "relu", "bias_constraint": null, "bias_initializer": '
         '{"class_name": "Zeros", "config": {}, "module": "keras.initializers", "registered_name": null}, '
         '"bias_regularizer": null, "dtype": {"class_name": "DTypePolicy", "config": {"name": "float32"}, "module": '
         '"keras", "registered_name": null}, "kernel_constraint": null, "kernel_initializer": {"class_name": '
         '"GlorotUniform", "config": {"input_axes": null, "output_axes": null, "seed": null}, "module": '
         '"keras.initializers", "registered_name": null}, "kernel_regularizer": null, "name": "d1", '
         '"quantization_config": null, "trainable": true, "units": 3, "use_bias": true}}')
UNKNOWN = ("Unknown object: 'Dense'. Please ensure you are using a `keras.utils.custom_object_scope` and that this "
           "object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
           "#registering_the_custom_object for details.")


def test_serialize_gives_class_name_and_config():
    config = legacy.serialize_keras_object(keras.layers.Dense(3, activation='relu', name='d1'))
    assert json.dumps(config, sort_keys=True) == DENSE
    assert keras.utils.legacy.serialize_keras_object is legacy.serialize_keras_object
    adam = legacy.serialize_keras_object(keras.optimizers.Adam(0.01))
    assert adam['class_name'] == 'Adam' and adam['config']['learning_rate'] == 0.009999999776482582
    assert legacy.serialize_keras_object(keras.losses.MeanSquaredError()) == {
        'class_name': 'MeanSquaredError', 'config': {'name': 'mean_squared_error', 'reduction': 'sum_over_batch_size'}}
    assert legacy.serialize_keras_object(keras.activations.relu) == 'relu'
    assert legacy.serialize_keras_object(None) is None


class Scaled(keras.layers.Layer):
    def __init__(self, k=1, **kwargs):
        super().__init__(**kwargs)
        self.k = k

    def get_config(self):
        return {**super().get_config(), 'k': self.k}


def test_deserialize_finds_classes_and_functions():
    dense = legacy.deserialize_keras_object(json.loads(DENSE), module_objects={'Dense': keras.layers.Dense})
    assert (type(dense).__name__, dense.name, dense.units, dense.activation.__name__) == ('Dense', 'd1', 3, 'relu')
    relu = legacy.deserialize_keras_object('relu', custom_objects={'relu': keras.activations.relu})
    assert relu is keras.activations.relu
    adam = legacy.deserialize_keras_object({'class_name': 'Adam', 'config': {'learning_rate': 0.5}},
                                           module_objects={'Adam': keras.optimizers.Adam})
    assert type(adam).__name__ == 'Adam' and float(adam.learning_rate) == 0.5
    layer = legacy.deserialize_keras_object({'class_name': 'Scaled', 'config': {'k': 3}}, custom_objects={'Scaled': Scaled})
    assert type(layer) is Scaled and layer.k == 3
    assert legacy.serialize_keras_object(Scaled(k=5, name='c'))['config']['k'] == 5
    assert legacy.deserialize_keras_object(keras.activations.relu) is keras.activations.relu


@pytest.mark.parametrize('call, text', [
    (lambda: legacy.deserialize_keras_object(json.loads(DENSE)), UNKNOWN),
    (lambda: legacy.serialize_keras_object('relu'), "Cannot serialize relu because it doesn't implement `get_config()`."),
    (lambda: legacy.serialize_keras_object(3), "Cannot serialize 3 because it doesn't implement `get_config()`."),
    (lambda: legacy.deserialize_keras_object({'class_name': 'Dense'}), "Improper config format for {'class_name': "
     "'Dense'}. Expecting python dict contains `class_name` and `config` as keys"),
    (lambda: legacy.deserialize_keras_object(3), 'Could not interpret serialized object: 3'),
])
def test_errors_are_kerases(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text
