"""keras.utils.split_dataset's splits end in prefetch(AUTOTUNE), as Keras 3.15's do.

Values printed by TF 2.21 / Keras 3.15 (progs/tfdata3/q_split.py).
"""
import numpy as np

import framework as tf
from framework import keras


def test_batched_dataset_splits_print_as_prefetch_datasets():
    left, right = keras.utils.split_dataset(tf.data.Dataset.from_tensor_slices(np.arange(10)).batch(3),
                                            left_size=0.5)
    expected = "<_PrefetchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>"
    assert repr(left) == expected
    assert repr(right) == expected
    assert [b.tolist() for b in left.as_numpy_iterator()] == [[0, 1, 2], [3, 4]]


def test_array_splits_print_as_prefetch_datasets():
    left, right = keras.utils.split_dataset(np.arange(6.).reshape(3, 2), right_size=1)
    expected = "<_PrefetchDataset element_spec=TensorSpec(shape=(2,), dtype=tf.float64, name=None)>"
    assert repr(left) == expected
    assert repr(right) == expected
    assert int(left.cardinality()) == 2 and int(right.cardinality()) == 1
