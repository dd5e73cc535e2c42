"""Hashing(output_mode='one_hot') of a scalar, as Keras 3.15: it reads inputs.shape[-1] and
fails with IndexError 'tuple index out of range' (tapeflow gave a (1, num_bins) row). Inside
Dataset.map(layer) the same error comes through (tapeflow's trace error path asked the
layer for a __qualname__ and raised AttributeError)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_scalar_one_hot_is_index_error():
    with pytest.raises(IndexError, match='tuple index out of range'):
        keras.layers.Hashing(num_bins=5, output_mode='one_hot')(tf.constant('x'))


def test_scalar_one_hot_inside_dataset_map():
    # TF 2.21 raises it from Dataset.map, which traces the layer's call
    with pytest.raises(IndexError, match='tuple index out of range'):
        tf.data.Dataset.from_tensor_slices(['x', 'y']).map(keras.layers.Hashing(num_bins=5, output_mode='one_hot'))


def test_other_modes_take_scalars():
    # TF 2.21: int gives a scalar bin, multi_hot a (num_bins,) row
    assert keras.layers.Hashing(num_bins=5)(tf.constant('x')).numpy() == 0
    rows = [e.numpy() for e in tf.data.Dataset.from_tensor_slices(['x', 'y']).map(
        keras.layers.Hashing(num_bins=5, output_mode='multi_hot'))]
    np.testing.assert_array_equal(rows, [[1., 0., 0., 0., 0.]] * 2)
    np.testing.assert_array_equal(keras.layers.Hashing(num_bins=5, output_mode='one_hot')(tf.constant(['x', 'y'])),
                                  [[1., 0., 0., 0., 0.]] * 2)
