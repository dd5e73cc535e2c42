"""A column's sum (axis 0 of an (n, 1) array) in TensorFlow's order: TensorFlow drops size-1 axes
before it reduces, so the column is summed as a whole vector, which Normalization.adapt relies on.

Golden values from TF 2.21: x = np.round(np.random.RandomState(1).uniform(0, 6.2, 32), 1) as a
float32 (32, 1) column; tf.reduce_sum / reduce_mean / math.reduce_variance over axis 0. numpy
gives mean 2.6312501430511475 and variance 3.365898370742798 (its pairwise order).
"""
import numpy as np

import framework as tf
from framework import keras

COLUMN = np.round(np.random.RandomState(1).uniform(0, 6.2, 32), 1).astype(np.float32)[:, None]
TF_SUM, TF_MEAN, TF_VARIANCE = 84.19999694824219, 2.6312499046325684, 3.365898609161377


def test_column_sum_mean_and_variance_carry_tensorflows_bits():
    assert float(tf.reduce_sum(COLUMN, axis=0)[0]) == TF_SUM
    assert float(tf.reduce_mean(COLUMN, axis=0)[0]) == TF_MEAN
    assert float(tf.math.reduce_variance(COLUMN, axis=0)[0]) == TF_VARIANCE
    assert float(keras.ops.var(COLUMN, axis=0)[0]) == TF_VARIANCE
    assert tuple(tf.reduce_sum(COLUMN[None], axis=(0, 1), keepdims=True).shape) == (1, 1, 1)


def test_normalization_adapted_on_batches_of_a_column_carries_tensorflows_bits():
    layer = keras.layers.Normalization()
    layer.adapt(tf.data.Dataset.from_tensor_slices(COLUMN).batch(32))
    assert (float(layer.mean[0, 0]), float(layer.variance[0, 0])) == (TF_MEAN, TF_VARIANCE)
    assert layer.get_build_config() == {'input_shape': (None, 1)}      # built from the element_spec, as Keras
