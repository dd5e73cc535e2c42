"""MultiHeadAttention's saved attention_axes after build, as Keras 3.15 writes it: the axes it
resolved (the default, or negative ones made positive), not the constructor's None.

TF 2.21 printed get_config()['attention_axes'] before and after a call for each case below.
"""
import numpy as np
import pytest

from framework import keras

KERAS_AXES = [((4, 6), None, None, (1,)), ((2, 3, 6), None, None, (1, 2)), ((2, 3, 6), (2,), (2,), (2,)),
              ((2, 3, 6), -2, (-2,), (2,))]


@pytest.mark.parametrize('shape,axes,before,after', KERAS_AXES)
def test_attention_axes_in_config_are_keras_resolved_axes(shape, axes, before, after):
    layer = keras.layers.MultiHeadAttention(2, 3, attention_axes=axes)
    assert layer.get_config()['attention_axes'] == before
    x = np.ones((1,) + shape, 'float32')
    layer(x, x)
    assert tuple(layer.get_config()['attention_axes']) == after
