"""Normalization given mean and variance, then adapt(): Keras 3 built it without adapt_mean and fails
assigning it, as TF 2.21 prints (progs/layers11/nadapt.py):
    keras.layers.Normalization(mean=1., variance=2.).adapt(np.arange(12, dtype='float32').reshape(4, 3))
    -> AttributeError: 'Normalization' object has no attribute 'adapt_mean'
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

DATA = np.arange(12, dtype='float32').reshape(4, 3)


@pytest.mark.parametrize('data', [DATA, tf.constant(DATA), [DATA]])
def test_adapt_of_a_layer_given_its_statistics(data):
    layer = keras.layers.Normalization(mean=1., variance=4.)
    with pytest.raises(AttributeError, match="^'Normalization' object has no attribute 'adapt_mean'"):
        layer.adapt(data)
    # the layer keeps normalizing with what it was given
    assert layer(np.array([[3., 5., 1.]], 'float32')).numpy().tolist() == [[1., 2., 0.]]


def test_adapt_of_a_dataset_after_a_call():
    layer = keras.layers.Normalization(mean=[1., 1., 1.], variance=[2., 2., 2.])
    layer(DATA)
    with pytest.raises(AttributeError, match='adapt_mean'):
        layer.adapt(tf.data.Dataset.from_tensor_slices(DATA).batch(2))
