"""The 'Tensor slicing' guide's scatter and sparse lines, pinned to TensorFlow 2.21's output
(/opt/tfref running the same calls)."""
import numpy as np
import pytest

import framework as tf


def test_tensor_scatter_nd_max_and_min_values():
    t9 = tf.constant([[0, 0, 0], [0, 0, 0], [0, 0, 0]])
    np.testing.assert_array_equal(tf.tensor_scatter_nd_max(t9, indices=[[0, 2], [1, 1]], updates=[3, -2]),
                                  [[0, 0, 3], [0, 0, 0], [0, 0, 0]])
    np.testing.assert_array_equal(tf.tensor_scatter_nd_min(t9, indices=[[0, 2], [1, 1], [0, 2]], updates=[3, -2, 1]),
                                  [[0, 0, 0], [0, -2, 0], [0, 0, 0]])
    out = tf.tensor_scatter_nd_max(tf.ones([3, 2]), indices=[[2], [0]], updates=[[5., 0.], [1., 7.]])
    np.testing.assert_array_equal(out, [[1, 7], [1, 1], [5, 1]])
    assert out.dtype == tf.float32


@pytest.mark.parametrize('op, values, grads', [
    ('max', [[3., 3.], [1., 1.]], ([[0., 1.], [3., 4.]], [1., 0., 0., 1.])),
    ('min', [[0., 3.], [1., -1.]], ([[0.5, 1.], [3., 0.]], [0., 0.5, 4., 1.])),
])
def test_tensor_scatter_nd_extremes_share_the_gradient_among_ties(op, values, grads):
    # ties: t[0, 1] == u[3] == 3 under max; t[0, 0] == u[1] == 0 under min
    u = tf.Variable([3., 0., -1., 3.])
    t = tf.Variable([[0., 3.], [1., 1.]])
    scatter = getattr(tf, 'tensor_scatter_nd_' + op)
    with tf.GradientTape() as tape:
        y = scatter(t, [[0, 0], [0, 0], [1, 1], [0, 1]], u)
        s = tf.reduce_sum(y * tf.constant([[1., 2], [3, 4]]))
    np.testing.assert_array_equal(y, values)
    dt, du = tape.gradient(s, [t, u])
    np.testing.assert_array_equal(dt, grads[0])
    np.testing.assert_array_equal(du, grads[1])


def test_scatter_index_out_of_range_is_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.tensor_scatter_nd_max(tf.zeros([3, 3], tf.int32), indices=[[0, 3]], updates=[1])
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.tensor_scatter_nd_update(tf.zeros([3, 3], tf.int32), indices=[[0, 3]], updates=[1])


def test_sparse_tensor_refuses_int32_tensors_but_converts_lists_and_arrays():
    # The guide's tf.sparse.SparseTensor(indices=tf.constant([[0, 2], ...]), ...) raises on TF 2.21
    with pytest.raises(ValueError, match='indices: Tensor conversion requested dtype int64 for Tensor with dtype '
                                         'int32'):
        tf.sparse.SparseTensor(indices=tf.constant([[0, 2]]), values=[1], dense_shape=[4, 5])
    with pytest.raises(ValueError, match='dense_shape: Tensor conversion requested dtype int64'):
        tf.sparse.SparseTensor(indices=[[0, 2]], values=[1], dense_shape=tf.constant([4, 5]))
    for indices in ([[0, 2]], np.array([[0, 2]], np.int32), tf.constant([[0, 2]], tf.int64)):
        sparse = tf.sparse.SparseTensor(indices=indices, values=[1], dense_shape=np.array([4, 5], np.int32))
        assert (sparse.indices.dtype, sparse.dense_shape.dtype) == (tf.int64, tf.int64)
