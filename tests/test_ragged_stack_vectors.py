"""tf.ragged.stack of vectors as TF 2.21 stacks them (expected reprs printed by TF 2.21): along axis 0 each
vector is a row of a RaggedTensor (any lengths), along axis 1 they make tf.stack's dense matrix."""
import pytest

import framework as tf


def test_vectors_become_rows():
    assert repr(tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])])) == '<tf.RaggedTensor [[1, 2], [3]]>'
    assert repr(tf.ragged.stack([[1, 2], [3]])) == '<tf.RaggedTensor [[1, 2], [3]]>'
    assert tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])]).row_splits.dtype == tf.int64


def test_vectors_along_axis_1_are_a_dense_stack():
    out = tf.ragged.stack([tf.constant([1, 2]), tf.constant([3, 4])], axis=1)
    assert repr(out) == ('<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 3],\n       [2, 4]], '
                         'dtype=int32)>')


def test_ragged_inputs_keep_their_rules():
    assert repr(tf.ragged.stack([tf.ragged.constant([[1], [2, 3]]), tf.ragged.constant([[4]])], axis=0)) == \
        '<tf.RaggedTensor [[[1], [2, 3]], [[4]]]>'
    with pytest.raises(ValueError):
        tf.ragged.stack([tf.constant([1, 2]), tf.ragged.constant([[3], [4, 5]])])
