"""A Dense layer's activation given as a TensorFlow function (``activation=tf.nn.leaky_relu``, as
Hands-On ML's chapter 11 writes it) is configured by name when Keras 3.15 knows the name.

Keras's activations.serialize returns the name of any function whose name is one of its
activations (its module's globals), else serialize_keras_object's function dict. Printed by
TensorFlow 2.21 + Keras 3.15: ``Dense(2, activation=tf.nn.leaky_relu).get_config()['activation']``
is 'leaky_relu' (relu, sigmoid, tanh, elu, selu, gelu, softplus, relu6 alike), tf.math.exp's is
{'module': 'builtins', 'class_name': 'function', 'config': 'exp', 'registered_name': 'function'}.
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('function, name', [
    (tf.nn.leaky_relu, 'leaky_relu'), (tf.nn.relu, 'relu'), (tf.nn.sigmoid, 'sigmoid'), (tf.tanh, 'tanh'),
    (tf.nn.elu, 'elu'), (tf.nn.selu, 'selu'), (tf.nn.gelu, 'gelu'), (tf.nn.softplus, 'softplus'),
    (tf.nn.relu6, 'relu6'),
])
def test_tensorflow_functions_with_keras_names_are_named(function, name):
    layer = keras.layers.Dense(2, activation=function)
    assert layer.get_config()['activation'] == name
    assert keras.layers.Dense.from_config(layer.get_config()).activation is keras.activations.get(name)


def test_other_functions_keep_the_function_dict():
    def swish(z):                       # Keras's alias names are not its globals: not taken as built-ins
        return z * tf.sigmoid(z)
    assert keras.layers.Dense(2, activation=tf.math.exp).get_config()['activation'] == {
        'module': 'builtins', 'class_name': 'function', 'config': 'exp', 'registered_name': 'function'}
    assert keras.layers.Dense(2, activation=swish).get_config()['activation']['config'] == 'swish'


def test_tensorflow_names_of_softmax_and_silu():
    # TF 2.21: tf.nn.softmax.__name__ == 'softmax_v2', tf.nn.log_softmax 'log_softmax_v2', tf.nn.silu and
    # tf.nn.swish 'swish'; as activations they are configured as function dicts under those names
    assert (tf.nn.softmax.__name__, tf.nn.log_softmax.__name__, tf.nn.silu.__name__, tf.nn.swish.__name__) == \
        ('softmax_v2', 'log_softmax_v2', 'swish', 'swish')
    for function, name in ((tf.nn.softmax, 'softmax_v2'), (tf.nn.silu, 'swish')):
        assert keras.layers.Dense(2, activation=function).get_config()['activation'] == {
            'module': 'builtins', 'class_name': 'function', 'config': name, 'registered_name': 'function'}
    assert keras.layers.Dense(2, activation='softmax').get_config()['activation'] == 'softmax'
