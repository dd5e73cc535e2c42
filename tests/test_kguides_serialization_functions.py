"""The serialization guide's custom functions and layers, as Keras 3.15 files and finds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same lines
(/work/notes/progs/kguides/ser.py, ser_dbg.py).
"""
import numpy as np

from framework import keras


@keras.saving.register_keras_serializable(package='kguides_pkg', name='kguides_square')
def square(x):
    return x ** 2


def unregistered_cube(x):
    return x ** 3


def test_a_registered_activation_is_filed_as_a_function_under_its_registered_name():
    config = keras.layers.Activation(square).get_config()['activation']
    assert config == {'module': 'builtins', 'class_name': 'function', 'config': 'kguides_pkg>kguides_square',
                      'registered_name': 'function'}
    assert keras.activations.serialize(unregistered_cube)['config'] == 'unregistered_cube'
    assert keras.activations.serialize(keras.activations.relu) == 'relu'


def test_a_functional_model_with_a_registered_activation_comes_back_from_its_config():
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Activation(square)(inputs))
    rebuilt = keras.Model.from_config(model.get_config())
    assert rebuilt.layers[1].activation is square
    x = np.arange(8, dtype='float32').reshape(2, 4)
    np.testing.assert_array_equal(rebuilt(x).numpy(), x ** 2)


def test_a_dense_with_an_unregistered_activation_needs_custom_objects():
    config = keras.layers.Dense(2, activation=unregistered_cube).get_config()
    with keras.saving.custom_object_scope({'unregistered_cube': unregistered_cube}):
        assert keras.layers.Dense.from_config(config).activation is unregistered_cube


def test_a_string_is_deserialized_to_the_custom_object_of_that_name_else_kept():
    with keras.saving.custom_object_scope({'cube': unregistered_cube}):
        assert keras.saving.deserialize_keras_object('cube') is unregistered_cube
    assert keras.saving.deserialize_keras_object('cube') == 'cube'
    # only an exact name: the registered 'kguides_pkg>kguides_square' is not 'kguides_square'
    assert keras.saving.deserialize_keras_object('kguides_square') == 'kguides_square'
    assert keras.saving.deserialize_keras_object('kguides_pkg>kguides_square') is square


def test_a_dense_subclass_forwards_the_training_flag_to_dense_call():
    class Shifted(keras.layers.Dense):
        def call(self, inputs, *args, **kwargs):
            return super().call(inputs, *args, **kwargs) + 1.0

    model = keras.Sequential([keras.Input((3,)), Shifted(1, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse')
    history = model.fit(np.ones((4, 3)), np.zeros((4, 1)), verbose=0)    # fit passes training=True
    assert history.history['loss'] == [16.0]
