"""A layer called on a Python list of numbers raises as in Keras 3.

Hands-On ML (written for Keras 2) calls ``exponential_layer([-3., -1., 0., 1.])``. Keras 3's
``Layer.__call__`` converts only array-likes among the inputs' leaves and then refuses a Python
number left there. Checked with TensorFlow 2.21 + Keras 3.15: each case below raises ValueError
'Only input tensors may be passed as positional arguments. The following argument value should
be passed as a keyword argument: 1.0 (of type <class 'float'>)' naming the first such leaf, while
numpy scalars in a list are taken. tapeflow refused a bare Python number only.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _words(value):
    return ('Only input tensors may be passed as positional arguments. The following argument value should be '
            'passed as a keyword argument: %s (of type %s)' % (value, type(value)))


@pytest.mark.parametrize('make, inputs, first', [
    (lambda: keras.layers.Lambda(lambda x: tf.exp(x)), [-1., 0., 1.], -1.),
    (lambda: keras.layers.Dense(2), [[1., 2.]], 1.),
    (lambda: keras.layers.Lambda(lambda x: x * 2), [1, 2], 1),
    (lambda: keras.layers.Add(), (np.ones((1, 2), np.float32), 3.0), 3.0),
    (lambda: keras.layers.Dropout(0.5), [1., 2.], 1.),
    (lambda: keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)]), [[1., 2.]], 1.),
])
def test_python_numbers_in_inputs_are_refused(make, inputs, first):
    with pytest.raises(ValueError) as info:
        make()(inputs)
    assert str(info.value) == _words(first)


def test_array_likes_and_tensors_are_taken():
    layer = keras.layers.Lambda(lambda x: x[1] * 2)
    np.testing.assert_array_equal(np.asarray(layer([np.float32(1.), np.float32(2.)])), 4.)
    layer = keras.layers.Lambda(lambda x: x * 2)
    np.testing.assert_array_equal(np.asarray(layer(tf.constant([-1., 0.]))), [-2., 0.])
    added = keras.layers.Add()([np.ones((1, 2), np.float32), tf.ones((1, 2))])
    np.testing.assert_array_equal(np.asarray(added), [[2., 2.]])


def test_preprocessing_layers_still_take_python_values():
    lookup = keras.layers.StringLookup(vocabulary=['a', 'b'])
    np.testing.assert_array_equal(np.asarray(lookup(['a', 'b', 'z'])), [1, 2, 0])
