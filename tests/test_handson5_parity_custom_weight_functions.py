"""A layer with a user's initializer, regularizer and constraint, as functions and as classes
(Hands-On ML ch. 12: my_glorot_initializer, my_l1_regularizer, my_positive_weights,
MyL1Regularizer), configures, saves and loads as in Keras 3.15.

Golden dicts printed by TensorFlow 2.21 + Keras 3.15 for ``Dense(...).get_config()``: each
function is written as ``{'module': 'builtins', 'class_name': 'function', 'config': name,
'registered_name': 'function'}``, and a user's Regularizer subclass as ``{'module': None (its
module; None for a script), 'class_name': 'MyL1Regularizer', 'config': {'factor': 0.1},
'registered_name': 'MyL1Regularizer'}``. Keras's ``Dense.from_config`` of that config finds them
inside ``custom_object_scope``; outside it, Keras's initializers.get is handed the unfound function's
name and raises "Could not interpret initializer identifier: {...}", which Dense.from_config wraps in a
TypeError (TF 2.21's text, progs/kerasio33/r25d.py).
tapeflow kept the functions themselves in the config (and wrote the class under
'keras.regularizers'), so a saved .keras model with a function initializer did not load: 'Could
not interpret initializer identifier'.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def my_glorot_initializer(shape, dtype=tf.float32):
    return tf.random.normal(shape, stddev=tf.sqrt(2. / (shape[0] + shape[1])), dtype=dtype)


def my_l1_regularizer(weights):
    return tf.reduce_sum(tf.abs(0.01 * weights))


def my_positive_weights(weights):
    return tf.where(weights < 0., tf.zeros_like(weights), weights)


class MyL1Regularizer(keras.regularizers.Regularizer):
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, weights):
        return tf.reduce_sum(tf.abs(self.factor * weights))

    def get_config(self):
        return {'factor': self.factor}


class MyPositive(keras.constraints.Constraint):
    def __call__(self, w):
        return w * tf.cast(w >= 0., w.dtype)


CUSTOM = {'my_glorot_initializer': my_glorot_initializer, 'my_l1_regularizer': my_l1_regularizer,
          'my_positive_weights': my_positive_weights, 'MyL1Regularizer': MyL1Regularizer, 'MyPositive': MyPositive}


def _function(name):
    return {'module': 'builtins', 'class_name': 'function', 'config': name, 'registered_name': 'function'}


def _dense():
    return keras.layers.Dense(2, kernel_initializer=my_glorot_initializer, kernel_regularizer=my_l1_regularizer,
                              kernel_constraint=my_positive_weights, bias_regularizer=MyL1Regularizer(0.1),
                              bias_constraint=MyPositive())


def test_config_names_functions_and_user_classes_as_keras():
    config = _dense().get_config()
    assert config['kernel_initializer'] == _function('my_glorot_initializer')
    assert config['kernel_regularizer'] == _function('my_l1_regularizer')
    assert config['kernel_constraint'] == _function('my_positive_weights')
    assert config['bias_regularizer'] == {'module': __name__, 'class_name': 'MyL1Regularizer',
                                          'config': {'factor': 0.1}, 'registered_name': 'MyL1Regularizer'}
    assert config['bias_constraint'] == {'module': __name__, 'class_name': 'MyPositive', 'config': {},
                                         'registered_name': 'MyPositive'}
    assert keras.regularizers.serialize(keras.regularizers.L2(0.5)) == {
        'module': 'keras.regularizers', 'class_name': 'L2', 'config': {'l2': 0.5}, 'registered_name': None}


def test_from_config_finds_them_in_scope_and_refuses_outside():
    config = _dense().get_config()
    with keras.saving.custom_object_scope(CUSTOM):
        again = keras.layers.Dense.from_config(config)
    assert again.kernel_initializer is my_glorot_initializer and again.kernel_regularizer is my_l1_regularizer
    assert again.kernel_constraint is my_positive_weights
    assert type(again.bias_regularizer) is MyL1Regularizer and again.bias_regularizer.factor == 0.1
    # TF 2.21 wraps it (Keras's Operation.from_config; progs/handson7/x11.py)
    with pytest.raises(TypeError, match="^Error when deserializing class 'Dense' using config=.*'dtype': 'float32'"
                                        ".*\n\nException encountered: Could not interpret initializer identifier: "
                                        "{'module': 'builtins', 'class_name': 'function', 'config': "
                                        "'my_glorot_initializer', 'registered_name': 'function'}$"):
        keras.layers.Dense.from_config(config)


def test_saved_model_with_custom_parts_loads_with_custom_objects(tmp_path):
    keras.utils.set_random_seed(42)
    x = np.random.randn(16, 3).astype(np.float32)
    model = keras.Sequential([keras.Input((3,)), _dense()])
    model.compile(loss='mse', optimizer='sgd')
    model.fit(x, x[:, :2], epochs=1, verbose=0)
    path = str(tmp_path / 'custom_parts.keras')
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects=CUSTOM)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert loaded.layers[0].kernel_constraint is my_positive_weights
    np.testing.assert_array_equal(np.asarray(loaded.losses[0]), np.asarray(model.losses[0]))
    # TF 2.21 wraps it once per level: the model, the layer, its from_config (progs/handson7/x11.py)
    with pytest.raises(TypeError, match=r"Sequential'> could not be deserialized properly\. (.|\n)*"
                                        r"Dense'> could not be deserialized properly\. (.|\n)*"
                                        r"Error when deserializing class 'Dense' (.|\n)*"
                                        r"Exception encountered: Could not interpret initializer identifier: "
                                        r"\{'module': 'builtins', 'class_name': 'function', 'config': "
                                        r"'my_glorot_initializer', 'registered_name': 'function'\}$"):
        keras.models.load_model(path)
