"""TensorFlow 2.21's stateless_random_ops.py docstring: index_shuffle over Dataset.range's int64 elements
with a Python max_index. Golden values printed by TF 2.21 (/opt/tfref)."""
import pytest

import framework as tf


def test_index_shuffle_takes_a_python_max_index_beside_int64_indices():
    # TF 2.21: [3, 8, 0, 1, 2, 7, 6, 9, 4, 5]
    dataset = tf.data.Dataset.range(10).map(lambda idx: tf.random.experimental.index_shuffle(idx, [5, 8], 9))
    assert [a.item() for a in dataset.as_numpy_iterator()] == [3, 8, 0, 1, 2, 7, 6, 9, 4, 5]
    out = tf.random.experimental.index_shuffle(3, [5, 8], tf.constant(9, tf.int64))
    assert out.dtype == tf.int64 and out.numpy() == 1
    # TF 2.21: index_shuffle(tf.range(4), seed=[5, 9], max_index=3) -> [2 0 1 3] int32
    assert tf.random.experimental.index_shuffle(tf.range(4), [5, 9], 3).numpy().tolist() == [2, 0, 1, 3]


def test_index_shuffle_refuses_two_tensors_of_different_dtypes():
    with pytest.raises(TypeError, match='index and max_index must be integer tensors of one dtype'):
        tf.random.experimental.index_shuffle(tf.constant(1), [5, 8], tf.constant(9, tf.int64))
