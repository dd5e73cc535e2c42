"""MultiHeadAttention(attention_axes=...) naming an axis past the inputs' rank fails as Keras 3 does: its
build finds the batch dims with np.delete, whose IndexError comes out bare (no call banner).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/mha.py), e.g.
    keras.layers.MultiHeadAttention(2, 2, attention_axes=5)(tf.ones([1, 3, 4]), tf.ones([1, 3, 4]))
    -> IndexError: index 5 is out of bounds for axis 0 with size 4
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('axes, shape, text', [
    (5, (1, 3, 4), 'index 5 is out of bounds for axis 0 with size 4'),
    (-9, (1, 3, 4), 'index -6 is out of bounds for axis 0 with size 4'),
    ((1, 7), (1, 3, 5, 4), 'index 7 is out of bounds for axis 0 with size 5'),
])
def test_axis_past_the_rank_is_numpys_index_error(axes, shape, text):
    layer = keras.layers.MultiHeadAttention(2, 2, attention_axes=axes)
    with pytest.raises(IndexError) as info:
        layer(tf.ones(shape), tf.ones(shape))
    assert str(info.value) == text


@pytest.mark.parametrize('call', [
    lambda layer: layer.build((1, 3, 4), (1, 3, 4)),
    lambda layer: layer(keras.Input((3, 4)), keras.Input((3, 4))),
])
def test_build_and_symbolic_call_alike(call):
    with pytest.raises(IndexError) as info:
        call(keras.layers.MultiHeadAttention(2, 2, attention_axes=5))
    assert str(info.value) == 'index 5 is out of bounds for axis 0 with size 4'


def test_axes_in_range_still_attend():
    layer = keras.layers.MultiHeadAttention(2, 2, attention_axes=-5)      # -5 + 3: axis -2, as Keras
    assert layer(tf.ones([1, 3, 4]), tf.ones([1, 3, 4])).shape == (1, 3, 4)
