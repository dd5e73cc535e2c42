"""SpectralNormalization's refusals in Keras 3.15's words (tutorials/understanding/sngp wraps a
Dense in it): a power_iterations of 0 or below, and a wrapped layer without kernel or embeddings.
Texts printed by TF 2.21 / Keras 3.15 (/work/notes/progs/tutorials19/sngp.py).
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, shown', [(0, '0'), (-1, '-1'), (0.0, '0.0'), (-2.5, '-2.5')])
def test_power_iterations_not_positive(value, shown):
    with pytest.raises(ValueError) as info:
        keras.layers.SpectralNormalization(keras.layers.Dense(4), power_iterations=value)
    assert str(info.value) == '`power_iterations` should be greater than zero. Received: `power_iterations=%s`' % shown


def test_layer_without_kernel():
    with pytest.raises(ValueError) as info:
        keras.layers.SpectralNormalization(keras.layers.ReLU())(tf.ones([1, 2]))
    assert str(info.value) == "ReLU object has no attribute 'kernel' nor 'embeddings'"


def test_positive_count_still_wraps():
    layer = keras.layers.SpectralNormalization(keras.layers.Dense(3), power_iterations=2)
    assert layer(tf.ones([1, 2])).shape == (1, 3)
    assert layer.get_config()['power_iterations'] == 2
