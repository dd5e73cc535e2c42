"""Layer.add_loss / Functional.add_loss arguments, as Keras 3.15 on TF 2.21 takes them.

Golden behaviour derived by running the same calls under TF 2.21 + Keras 3.15
(/work/notes/progs/fithist/t_addloss.py and p04_addloss.py): a nest of tensors is
flattened and every tensor kept; a Python float, NumPy scalar or array is refused with a
ValueError; a functional model's own add_loss raises a bare NotImplementedError.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

REFUSAL = ('`add_loss()` can only be called from inside `build()` or `call()`, on a tensor input. '
           'Received invalid value: 0.5')


@pytest.mark.parametrize('value', [0.5, np.float32(0.5), np.array(0.5)])
def test_a_number_is_refused_with_keras_words(value):
    layer = keras.layers.Dense(2)
    with pytest.raises(ValueError) as info:
        layer.add_loss(value)
    assert str(info.value) == REFUSAL
    assert layer.losses == []


def test_a_list_tuple_or_dict_of_tensors_keeps_each_tensor():
    layer = keras.layers.Dense(2)
    layer.add_loss([tf.constant(1.0), tf.constant(2.0)])
    assert [float(x) for x in layer.losses] == [1.0, 2.0]
    layer._losses = []
    layer.add_loss((tf.constant(3.0),))
    layer.add_loss({'a': tf.constant(4.0)})
    assert [float(x) for x in layer.losses] == [3.0, 4.0]


def test_a_variable_is_kept_as_the_variable():
    layer = keras.layers.Dense(2)
    v = tf.Variable(1.0)
    layer.add_loss(v)
    assert layer.losses[0] is v


def test_a_functional_model_refuses_its_own_add_loss():
    inputs = keras.Input((3,))
    outputs = keras.layers.Dense(1)(inputs)
    model = keras.Model(inputs, outputs)
    with pytest.raises(NotImplementedError) as info:
        model.add_loss(keras.ops.mean(keras.ops.square(outputs)))
    assert str(info.value) == ''


def test_a_sequential_model_keeps_add_loss():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.add_loss(tf.constant(0.25))
    assert [float(x) for x in model.losses] == [0.25]
