"""Dropout of an integer input while training: Keras 3 hands it to tf.nn's stateless dropout uncast, whose check
refuses it (TF 2.21, probe notes/progs/errors26 p_drop.py); tapeflow cast it to float32 and dropped."""
import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = "`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype=<dtype: '%s'>"


@pytest.mark.parametrize('layer, x, dtype', [
    (lambda: keras.layers.Dropout(0.5), tf.ones((2, 3), tf.int32), 'int32'),
    (lambda: keras.layers.Dropout(0.5), np.ones((2, 3), 'int64'), 'int64'),
    (lambda: keras.layers.SpatialDropout1D(0.5), tf.ones((1, 2, 3), tf.int32), 'int32'),
])
def test_training_dropout_of_ints_is_tf_dtype_error(layer, x, dtype):
    keras.utils.set_random_seed(1)
    layer = layer()
    with pytest.raises(ValueError) as caught:
        layer(x, training=True)
    assert str(caught.value).split('\n\n')[1] == '\x1b[1m' + TEXT % dtype + '\x1b[0m'
    assert str(caught.value).startswith('Exception encountered when calling %s.call().' % type(layer).__name__)


def test_keras_random_dropout_of_ints_and_the_rates_that_skip_the_check():
    with pytest.raises(ValueError) as caught:
        keras.random.dropout(tf.ones((2, 3), tf.int32), 0.5, seed=1)
    assert str(caught.value) == TEXT % 'int32'
    # rate 0 hands the input back; inference leaves ints as they are (TF 2.21: int32 ones)
    assert keras.random.dropout(tf.ones((2, 3), tf.int32), 0.0).dtype == tf.int32
    out = keras.layers.Dropout(0.5)(tf.ones((2, 3), tf.int32), training=False)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[1, 1, 1], [1, 1, 1]]
    out = keras.layers.Dropout(0.0)(tf.ones((2, 3), tf.int32), training=True)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[1, 1, 1], [1, 1, 1]]


def test_sequential_of_int_input_refuses_dropout_when_training():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,), dtype='int32'), keras.layers.Dropout(0.5)])
    with pytest.raises(ValueError, match='must be a floating point tensor') as caught:
        model(np.ones((2, 3), 'int32'), training=True)
    assert "Received: x_dtype=<dtype: 'int32'>" in str(caught.value)
