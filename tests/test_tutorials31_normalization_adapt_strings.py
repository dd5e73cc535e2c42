"""Normalization.adapt on string data, as a user of the preprocessing_layers tutorial's
get_normalization_layer meets it with a string column: Keras 3 on TF 2.21 casts each tensor batch of a
Dataset with tf.cast (UnimplementedError 'Cast string to float is not supported'; tapeflow raised numpy's
ValueError "could not convert string to float: b'a'"), and a string tensor given whole fails in
ops.mean's type promotion (tapeflow: the Mean kernel's InvalidArgumentError). Numpy data keeps numpy's
errors. Values: TF 2.21 (notes progs/tutorials31/q9.py)."""
import numpy as np
import pytest

import framework as tf
from framework.keras import layers


def test_a_dataset_of_string_batches():
    ds = tf.data.Dataset.from_tensor_slices(np.array([['a'], ['b']])).batch(2)
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        layers.Normalization(axis=None).adapt(ds)
    assert str(caught.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                                 ' Cast string to float is not supported [Op:Cast] name: ')


def test_a_string_tensor():
    with pytest.raises(ValueError) as caught:
        layers.Normalization(axis=None).adapt(tf.constant([['a'], ['b']]))
    assert str(caught.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_numeric_datasets_still_adapt():
    n = layers.Normalization(axis=None)
    n.adapt(tf.data.Dataset.from_tensor_slices(tf.constant([[1], [2]], tf.int64)).batch(2))
    assert float(n.mean.numpy().ravel()[0]) == 1.5 and float(n.variance.numpy().ravel()[0]) == 0.25
    n = layers.Normalization(axis=None)
    n.adapt(tf.data.Dataset.from_tensor_slices(tf.constant([[True], [False]])).batch(2))
    assert float(n.mean.numpy().ravel()[0]) == 0.5
