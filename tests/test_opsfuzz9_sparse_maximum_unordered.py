"""tf.sparse.maximum / minimum of unordered or repeated indices keep the kernel's merge order, as TF 2.21.

Expected values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p10_spmax.py), e.g.
    a = tf.sparse.SparseTensor([[1, 0], [0, 2]], [1., 2.], [3, 3])
    print(tf.sparse.maximum(a, a))
"""
import framework as tf


def _sp(indices, values):
    return tf.sparse.SparseTensor(indices, values, [3, 3])


def test_unordered_operands_merge_in_the_order_given():
    a = _sp([[1, 0], [0, 2]], [1., 2.])
    out = tf.sparse.maximum(a, a)       # TF: indices [[1, 0], [0, 2]], values [1., 2.] (tapeflow sorted them)
    assert out.indices.numpy().tolist() == [[1, 0], [0, 2]]
    assert out.values.numpy().tolist() == [1., 2.]
    b = _sp([[0, 1], [1, 0], [2, 2]], [5., -1., 3.])
    out = tf.sparse.minimum(a, b)       # TF: [[0, 1], [1, 0], [0, 2], [2, 2]] with [0., -1., 0., 0.]
    assert out.indices.numpy().tolist() == [[0, 1], [1, 0], [0, 2], [2, 2]]
    assert out.values.numpy().tolist() == [0., -1., 0., 0.]


def test_repeated_indices_are_walked_pairwise():
    d = _sp([[0, 0], [0, 0]], [1., 2.])
    c = _sp([[2, 2], [0, 0]], [-4., 7.])
    out = tf.sparse.maximum(d, c)       # TF: [[0, 0], [0, 0], [2, 2], [0, 0]] with [1., 2., 0., 7.]
    assert out.indices.numpy().tolist() == [[0, 0], [0, 0], [2, 2], [0, 0]]
    assert out.values.numpy().tolist() == [1., 2., 0., 7.]


def test_negative_dense_shape_is_tfs_dimension_error():
    import pytest
    # TF 2.21: ValueError 'Dimension -3 must be >= 0' (dense_shape read as a TensorShape first)
    with pytest.raises(ValueError) as info:
        tf.sparse.SparseTensor([[0, 0]], [1.], [2, -3])
    assert str(info.value) == 'Dimension -3 must be >= 0'
