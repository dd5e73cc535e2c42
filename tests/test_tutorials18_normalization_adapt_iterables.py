"""Normalization.adapt on iterables: Keras 3.15's error texts, and zero moments from an empty Dataset.

Golden values: TF 2.21 / Keras 3.15 on this machine (tensorflow.org guide/keras/preprocessing_layers,
extended with bad adapt() data): keras/src/layers/preprocessing/normalization.py raises these texts
for a plain iterable; an empty batched Dataset is built from its element_spec and keeps mean = variance = 0.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_iterable_of_floats_is_refused_with_keras_text():
    layer = keras.layers.Normalization()
    with pytest.raises(TypeError) as info:
        layer.adapt([1., 2., 3., 4.])
    assert str(info.value) == (
        'adapt() expects an iterable that yields arrays or tensors with a `.shape` attribute (e.g. numpy arrays '
        'or backend tensors). Got an element of type float. Ensure each yielded element is array-like with a '
        '`.shape` attribute.')


def test_empty_iterable_is_refused_with_keras_text():
    layer = keras.layers.Normalization()
    with pytest.raises(ValueError) as info:
        layer.adapt(iter([]))
    assert str(info.value) == (
        'adapt() received an empty iterable (no batches). Expected at least one batch. Pass a non-empty iterable '
        'of arrays or tensors, e.g. layer.adapt([x]) or layer.adapt(list_of_batches).')


def test_empty_dataset_keeps_zero_moments():
    layer = keras.layers.Normalization()
    layer.adapt(tf.data.Dataset.from_tensor_slices(np.zeros((0, 2), 'float32')).batch(2))
    np.testing.assert_array_equal(layer.mean.numpy(), [[0., 0.]])
    np.testing.assert_array_equal(layer.variance.numpy(), [[0., 0.]])
    assert layer.mean.shape == (1, 2)
