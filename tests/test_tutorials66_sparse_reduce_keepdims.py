"""tf.sparse.reduce_sum / reduce_max with output_is_sparse=True keep the reduced axes, 1 long, where keepdims=True
(the sparse tensor guide's reductions); tapeflow dropped them. Goldens: TF 2.21's output of
/work/notes/progs/tutorials66/sparse_keepdims.py (indices, values, dense_shape)."""
import pytest

import framework as tf

DENSE = [[[1, 0], [0, 8]], [[0, 0], [0, 0]], [[0, 3], [4, 0]]]

KEPT = {
    (tf.sparse.reduce_sum, None): ([[0, 0, 0]], [16], [1, 1, 1]),
    (tf.sparse.reduce_sum, 0): ([[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]], [1, 3, 4, 8], [1, 2, 2]),
    (tf.sparse.reduce_sum, 1): ([[0, 0, 0], [0, 0, 1], [2, 0, 0], [2, 0, 1]], [1, 8, 4, 3], [3, 1, 2]),
    (tf.sparse.reduce_sum, -1): ([[0, 0, 0], [0, 1, 0], [2, 0, 0], [2, 1, 0]], [1, 8, 3, 4], [3, 2, 1]),
    (tf.sparse.reduce_sum, (0, 2)): ([[0, 0, 0], [0, 1, 0]], [4, 12], [1, 2, 1]),
    (tf.sparse.reduce_sum, (1, 2)): ([[0, 0, 0], [2, 0, 0]], [9, 7], [3, 1, 1]),
    (tf.sparse.reduce_max, None): ([[0, 0, 0]], [8], [1, 1, 1]),
    (tf.sparse.reduce_max, 0): ([[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]], [1, 3, 4, 8], [1, 2, 2]),
    (tf.sparse.reduce_max, 1): ([[0, 0, 0], [0, 0, 1], [2, 0, 0], [2, 0, 1]], [1, 8, 4, 3], [3, 1, 2]),
    (tf.sparse.reduce_max, -1): ([[0, 0, 0], [0, 1, 0], [2, 0, 0], [2, 1, 0]], [1, 8, 3, 4], [3, 2, 1]),
    (tf.sparse.reduce_max, (0, 2)): ([[0, 0, 0], [0, 1, 0]], [3, 8], [1, 2, 1]),
    (tf.sparse.reduce_max, (1, 2)): ([[0, 0, 0], [2, 0, 0]], [8, 4], [3, 1, 1]),
}
DROPPED = {(tf.sparse.reduce_sum, (0, 2)): ([[0], [1]], [4, 12], [2]),
           (tf.sparse.reduce_max, None): ([[]], [8], [])}


def _parts(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist()


@pytest.mark.parametrize('op, axis', list(KEPT), ids=lambda v: getattr(v, '__name__', str(v)))
def test_keepdims_keeps_the_reduced_axes(op, axis):
    sp = tf.sparse.from_dense(DENSE)
    axis_argument = list(axis) if isinstance(axis, tuple) else axis
    out = op(sp, axis=axis_argument, keepdims=True, output_is_sparse=True)
    assert _parts(out) == KEPT[op, axis]
    assert out.indices.dtype == tf.int64 and out.dense_shape.dtype == tf.int64
    assert tf.sparse.to_dense(out).shape == tuple(KEPT[op, axis][2])


@pytest.mark.parametrize('op, axis', list(DROPPED), ids=lambda v: getattr(v, '__name__', str(v)))
def test_without_keepdims_the_axes_go(op, axis):
    axis_argument = list(axis) if isinstance(axis, tuple) else axis
    out = op(tf.sparse.from_dense(DENSE), axis=axis_argument, output_is_sparse=True)
    assert _parts(out) == DROPPED[op, axis]


def test_kept_axes_pass_the_gradient_to_the_values():
    values = tf.Variable([1., 8., 3., 4.])
    sp = tf.SparseTensor([[0, 0, 0], [0, 1, 1], [2, 0, 1], [2, 1, 0]], values, [3, 2, 2])
    with tf.GradientTape() as tape:
        out = tf.sparse.reduce_sum(sp, axis=1, keepdims=True, output_is_sparse=True)
        loss = tf.reduce_sum(out.values * tf.constant([1., 2., 3., 4.]))
    assert out.dense_shape.numpy().tolist() == [3, 1, 2]
    assert tape.gradient(loss, values).numpy().tolist() == [1., 2., 4., 3.]
