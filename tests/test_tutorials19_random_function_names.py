"""tf.random's functions carry TensorFlow's names: guide/basics passes tf.random.normal as a Dense
kernel_initializer and saves the model, and Keras writes the function's __name__ into config.json
('random_normal' on TF 2.21; tapeflow wrote 'normal'). Names and the config printed by TF 2.21
(/work/notes/progs/tutorials19/random_names.py and basics2.py).
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('function, name', [
    (tf.random.normal, 'random_normal'), (tf.random.uniform, 'random_uniform'),
    (tf.random.truncated_normal, 'truncated_normal'), (tf.random.gamma, 'random_gamma'),
    (tf.random.poisson, 'random_poisson_v2'), (tf.random.shuffle, 'random_shuffle'),
    (tf.random.categorical, 'categorical'), (tf.random.stateless_normal, 'stateless_random_normal'),
    (tf.random.stateless_uniform, 'stateless_random_uniform'),
    (tf.random.stateless_truncated_normal, 'stateless_truncated_normal')])
def test_tf_names(function, name):
    assert function.__name__ == name
    assert repr(function).startswith('<function %s at 0x' % name)


def test_initializer_function_config_names_it_as_tf():
    layer = keras.layers.Dense(1, kernel_initializer=tf.random.normal)
    assert layer.get_config()['kernel_initializer'] == {
        'module': 'builtins', 'class_name': 'function', 'config': 'random_normal', 'registered_name': 'function'}
    assert tf.random.normal([2], seed=1, mean=1.).shape == (2,)      # still the same function
