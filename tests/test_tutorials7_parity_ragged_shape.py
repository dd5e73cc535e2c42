"""tf.shape of a RaggedTensor is a DynamicRaggedShape (tf.experimental.DynamicRaggedShape), as the
ragged tensors guide prints it.

Expected texts printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/probe_drs.py)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('pylist, ragged_rank, text', [
    ([[1, 2], [3, 4, 5], [6], [], [7]], None, '<DynamicRaggedShape lengths=[5, (2, 3, 1, 0, 1)] num_row_partitions=1>'),
    ([[[1, 2], [3, 4]], [[5, 6]]], 1, '<DynamicRaggedShape lengths=[2, (2, 1), 2] num_row_partitions=1>'),
    ([[[1], [2, 3]], [[4]]], None, '<DynamicRaggedShape lengths=[2, (2, 1), (1, 2, 1)] num_row_partitions=2>'),
    ([[1, 2]], None, '<DynamicRaggedShape lengths=[1, (2,)] num_row_partitions=1>'),
    ([[1, 2], [3, 4]], None, '<DynamicRaggedShape lengths=[2, (2, 2)] num_row_partitions=1>'),
])
def test_shape_text(pylist, ragged_rank, text):
    rt = tf.ragged.constant(pylist, ragged_rank=ragged_rank)
    assert repr(tf.shape(rt)) == text
    assert str(tf.experimental.DynamicRaggedShape.from_tensor(rt)) == text


def test_shape_parts():
    s = tf.shape(tf.ragged.constant([[1, 2], [3, 4, 5], [6], [], [7]]))
    assert type(s).__name__ == 'DynamicRaggedShape'
    assert (s.rank, s.num_row_partitions, s.dtype) == (2, 1, tf.int32)
    assert s.static_lengths() == [5, (2, 3, 1, 0, 1)]
    assert int(s[0]) == 5 and s[0].dtype == tf.int32
    np.testing.assert_array_equal(s.inner_shape.numpy(), [7])
    with pytest.raises(ValueError, match='^Index 1 is not uniform$'):
        s[1]
    with pytest.raises(IndexError, match='^Index is too big: 5>=2$'):
        s[5]
    inner = tf.shape(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))
    assert int(inner[2]) == 2 and int(inner[-1]) == 2


def test_from_tensor_dtypes():
    dense = tf.experimental.DynamicRaggedShape.from_tensor(tf.constant([[1, 2, 3]]))
    assert repr(dense) == '<DynamicRaggedShape lengths=[1, 3] num_row_partitions=0>'
    assert dense.dtype == tf.int32 and int(dense[1]) == 3
    assert tf.experimental.DynamicRaggedShape.from_tensor(tf.ragged.constant([[1, 2]])).dtype == tf.int64


def test_dense_shape_unchanged():
    np.testing.assert_array_equal(tf.shape(tf.zeros([3, 2])).numpy(), [3, 2])
