"""A functional model converts no input in __call__ (Keras 3's _convert_input_args is False there), so
the "Arguments received" lines of an error in its call show the numpy array as given; a tensor input
still shows as tf.Tensor. Texts from TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

from framework import keras
import framework as tf

TAIL = "\n  • training=None\n  • mask=None\n  • kwargs=<class 'inspect._empty'>"


def _received(model, value):
    with pytest.raises(ValueError) as info:
        model(value)
    return str(info.value).split('Arguments received by Functional.call():\n')[-1]


def _model():
    inp = keras.Input((4,))
    return keras.Model(inp, keras.layers.Dense(1)(inp))


def test_numpy_input_of_wrong_rank_is_shown_as_the_array():
    x = np.array([0.5, 0.25, 0.125, 1.0], np.float32)
    assert _received(_model(), x) == '  • inputs=array([0.5  , 0.25 , 0.125, 1.   ], dtype=float32)' + TAIL


def test_float64_array_is_shown_uncast():
    x = np.array([0.5, 0.25, 0.125, 1.0])
    assert _received(_model(), x) == '  • inputs=array([0.5  , 0.25 , 0.125, 1.   ])' + TAIL


def test_tensor_input_is_shown_by_shape_and_dtype():
    x = tf.constant(np.array([0.5, 0.25, 0.125, 1.0], np.float32))
    assert _received(_model(), x) == '  • inputs=tf.Tensor(shape=(4,), dtype=float32)' + TAIL


def test_a_converting_layer_still_shows_its_tensor():
    class Bad(keras.layers.Layer):
        def call(self, x):
            raise ValueError('bad input')
    with pytest.raises(ValueError) as info:
        Bad()(np.array([0.5, 0.25], np.float32))
    assert str(info.value) == ('Exception encountered when calling Bad.call().\n\n\x1b[1mbad input\x1b[0m\n\n'
                               'Arguments received by Bad.call():\n  • x=tf.Tensor(shape=(2,), dtype=float32)')
