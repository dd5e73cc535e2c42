"""A variable made in a MirroredStrategy's scope is TF 2.21's MirroredVariable: no int() / float(), its class named.

TF 2.21's MirroredVariable defines no __int__ / __float__ / __index__, so Python refuses them; its value reads
through .numpy() / np.asarray, and its truth and arithmetic work (probe lead48/mirrored.py in the notes).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def mirrored():
    with tf.distribute.MirroredStrategy().scope():
        return tf.Variable(3), tf.Variable(2.5), keras.Variable(1.5)


def test_int_and_float_are_pythons_type_errors(mirrored):
    v, f, k = mirrored
    int_text = "int() argument must be a string, a bytes-like object or a real number, not 'MirroredVariable'"
    float_text = "float() argument must be a string or a real number, not 'MirroredVariable'"
    for call, value, text in [(int, v, int_text), (int, f, int_text), (float, f, float_text),
                              (float, k, float_text)]:
        with pytest.raises(TypeError) as caught:
            call(value)
        assert str(caught.value) == text


def test_index_format_and_len_name_the_class(mirrored):
    v, f, _ = mirrored
    with pytest.raises(TypeError, match='MirroredVariable'):
        [0, 1, 2, 3][v]
    with pytest.raises(TypeError) as caught:
        format(f, '.2f')
    assert str(caught.value) == 'unsupported format string passed to MirroredVariable.__format__'
    with pytest.raises(TypeError) as caught:
        len(v)
    assert str(caught.value) == "object of type 'MirroredVariable' has no len()"


def test_values_still_read(mirrored):
    v, f, _ = mirrored
    assert np.asarray(v).tolist() == 3 and bool(v) is True and (v + 1).numpy() == 4
    assert repr(v) == "MirroredVariable:{\n  0: <tf.Variable 'Variable:0' shape=() dtype=int32, numpy=3>\n}"


def test_a_variable_outside_a_strategy_converts():
    assert int(tf.Variable(3)) == 3 and float(tf.Variable(2.5)) == 2.5
    with pytest.raises(TypeError, match='ResourceVariable'):      # (as TF 2.21: no variable is an index)
        [0, 1, 2][tf.Variable(1)]


def test_an_optimizer_under_a_strategy_still_trains_and_averages():
    with tf.distribute.MirroredStrategy().scope():
        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
        model.compile(keras.optimizers.SGD(0.1, use_ema=True), 'mse', run_eagerly=True)
    history = model.fit(np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32'), epochs=2, verbose=0)
    assert history.history['loss'][1] < history.history['loss'][0]
