"""The call banner's ``mask`` line for a dict or list input, as Keras 3's __call__ fills it.

Keras 3 passes a call taking one tensor argument the masks of that argument, structure kept, when
no mask is given; the 'Arguments received' lines show it. Goldens printed by TF 2.21 + Keras 3
(/work/notes/progs/lead40/p5.py, p6.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((4, 3), 'float32')
Y = np.ones((4, 1), 'float32')


def _sequential():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


class Boom(keras.layers.Layer):
    def call(self, x, mask=None):
        raise ValueError('boom')


@pytest.mark.parametrize('inputs, line', [
    ({'foo': X}, "  • mask={'foo': 'None'}\n"),
    ({'foo': X, 'bar': X}, "  • mask={'foo': 'None', 'bar': 'None'}\n")])
def test_fit_of_a_dict_on_a_sequential_shows_the_dict_of_masks(inputs, line):
    with pytest.raises(ValueError) as caught:
        _sequential().fit(inputs, Y, verbose=0)
    assert line in str(caught.value)
    assert "  • training=True\n" in str(caught.value)


def test_call_of_a_dict_shows_the_dict_of_masks():
    with pytest.raises(ValueError) as caught:
        _sequential()({'foo': X})
    assert "  • mask={'foo': 'None'}\n" in str(caught.value)


def test_list_and_tuple_inputs_of_a_custom_layer():
    with pytest.raises(ValueError) as caught:
        Boom()([tf.constant(X), None])
    assert "  • mask=['None', 'None']" in str(caught.value)
    with pytest.raises(ValueError) as caught:
        Boom()((tf.constant(X), tf.constant(X)))
    assert "  • mask=('None', 'None')" in str(caught.value)


def test_a_single_tensor_keeps_mask_none_and_a_masked_one_shows_its_mask():
    with pytest.raises(ValueError) as caught:
        Boom()(tf.constant(X))
    assert str(caught.value).endswith("  • x=tf.Tensor(shape=(4, 3), dtype=float32)\n  • mask=None")
    masked = keras.layers.Embedding(5, 2, mask_zero=True)(tf.constant([[1, 0]]))
    with pytest.raises(ValueError) as caught:
        Boom()(masked)
    assert str(caught.value).endswith("  • mask=tf.Tensor(shape=(1, 2), dtype=bool)")
