"""tf.sets on dense and sparse rows, pinned to TF 2.21 (/work/notes/progs/tf_misc/sets.py under /opt/tfref)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

A = tf.constant([[1, 2, 3, 3], [4, 5, 6, 7]])
B = tf.constant([[3, 1, 9, 9], [7, 7, 8, 4]])


def _parts(s):
    return s.indices.numpy().tolist(), s.values.numpy().tolist(), s.dense_shape.numpy().tolist()


def test_dense_set_operations_match_tf():
    assert _parts(tf.sets.intersection(A, B)) == ([[0, 0], [0, 1], [1, 0], [1, 1]], [1, 3, 4, 7], [2, 2])
    assert _parts(tf.sets.union(A, B)) == ([[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]],
                                           [1, 2, 3, 9, 4, 5, 6, 7, 8], [2, 5])
    assert _parts(tf.sets.difference(A, B)) == ([[0, 0], [1, 0], [1, 1]], [2, 5, 6], [2, 2])
    assert _parts(tf.sets.difference(A, B, aminusb=False)) == ([[0, 0], [1, 0]], [9, 8], [2, 1])
    empty = tf.sets.intersection(tf.constant([[1, 2]]), tf.constant([[3, 4]]))
    assert _parts(empty) == ([], [], [1, 0]) and empty.values.dtype == tf.int32
    strings = tf.sets.union(tf.constant([['a', 'b']]), tf.constant([['c', 'a']]))
    assert _parts(strings)[1:] == ([b'a', b'b', b'c'], [1, 3])
    assert tf.sparse.to_dense(tf.sets.union(A, B)).numpy().tolist() == [[1, 2, 3, 9, 0], [4, 5, 6, 7, 8]]
    assert tf.sets.set_union is tf.sets.union


def test_sparse_inputs_and_size_match_tf():
    assert _parts(tf.sets.union(tf.sparse.from_dense(A), B))[1:] == ([1, 2, 3, 9, 4, 5, 6, 7, 8], [2, 5])
    sizes = tf.sets.size(tf.sparse.from_dense(A))
    assert sizes.dtype == tf.int32 and sizes.numpy().tolist() == [3, 4]
    assert tf.sets.size(tf.sparse.from_dense(tf.constant([[[1, 1], [2, 3]]]))).numpy().tolist() == [[1, 2]]
    with pytest.raises(TypeError, match='Expected `SparseTensor`'):
        tf.sets.size(A)


def test_bad_inputs_raise_as_tf():
    with pytest.raises(TypeError, match="'a' has invalid dtype"):
        tf.sets.union(tf.constant([[1.]]), tf.constant([[1.]]))
    with pytest.raises(InvalidArgumentError, match='rank 1 < 2'):
        tf.sets.intersection(tf.constant([1, 2, 3]), tf.constant([2, 3, 4]))
