"""Strings are not numbers: tf.cast refuses to parse them, as TensorFlow's Cast kernel does.

Before, numpy's astype turned the string '0.5' into 0.5 silently, so a Dense layer, a loss or a
metric given string data computed with it where TensorFlow raises. Golden messages from
TensorFlow 2.21: ``tf.cast(tf.constant(['1.5']), tf.float32)`` and friends, printed with
``type(e).__name__, str(e)``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('value, dtype, words', [
    (['1.5'], tf.float32, 'Cast string to float'),
    (['1'], tf.int32, 'Cast string to int32'),
    (['1'], tf.bool, 'Cast string to bool'),
    ([1.5], tf.string, 'Cast float to string'),
    ([True], tf.string, 'Cast bool to string'),
])
def test_cast_between_strings_and_numbers_raises_tensorflows_error(value, dtype, words):
    with pytest.raises(tf.errors.UnimplementedError) as err:
        tf.cast(tf.constant(value), dtype)
    assert str(err.value) == ('{{function_node __wrapped__Cast_device_%s}} %s is not supported [Op:Cast] name: '
                              % (CPU, words))
    assert 'strings.' in err.value.__notes__[0]          # what to call instead


def test_numpy_string_arrays_are_refused_too():
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to float'):
        tf.cast(np.array(['0.5']), tf.float32)


def test_string_to_string_and_numbers_to_numbers_still_cast():
    assert tf.cast(tf.constant(['a']), tf.string).numpy().tolist() == [b'a']
    assert tf.cast(tf.constant([1.7]), tf.int32).numpy().tolist() == [1]


def test_a_dense_layer_refuses_string_data_as_keras_does():
    # TF 2.21 + Keras 3: Keras's type promotion refuses the strings in call(), after the build, so the
    # layer stays built (fuzz6/p/l7.py); it was Cast's UnimplementedError here
    layer = keras.layers.Dense(2)
    with pytest.raises(ValueError, match="dtype='string' is not a valid dtype for Keras type promotion."):
        layer(np.ones((2, 3), np.float32).astype(str))
    assert layer.built


def test_a_metric_given_strings_names_itself_and_keeps_its_state():
    metric = keras.metrics.CategoricalAccuracy()
    metric.update_state(np.eye(3), np.eye(3))
    with pytest.raises(tf.errors.UnimplementedError) as err:
        metric.update_state(np.eye(3), 'abc')
    assert any('categorical_accuracy' in note for note in err.value.__notes__)
    assert float(metric.result()) == 1.0 and float(metric.count) == 3.0


def test_an_op_given_a_string_names_itself_in_a_note():
    # TF 2.21 multiplies the labels as they are: its Mul kernel refuses the string tensor
    with pytest.raises(tf.errors.InvalidArgumentError, match='is a string tensor') as err:
        tf.nn.sigmoid_cross_entropy_with_logits(labels=np.array([['a']]), logits=np.ones((1, 1), np.float32))
    assert any('sigmoid_cross_entropy_with_logits' in note for note in err.value.__notes__)
