"""tf.nn.embedding_lookup_sparse's gradient for its table is TF 2.21's IndexedSlices with one row per distinct
id: sorted (SparseSegmentSumGradV2 of TF's fast path: one table, no weights, no max_norm), or in tf.unique's
order of first occurrence (with max_norm, a list of tables, or weights). tapeflow gave one row per id
occurrence (ids [4, 4, 0]: indices [4 4 0] where TF has [0 4])."""
import numpy as np
import pytest

import framework as tf

P = np.arange(24, dtype=np.float32).reshape(6, 4) / 10
W = [[1.0, -1.0, 2.0, 0.5], [0.0, 0.0, 0.0, 0.0], [3.0, 1.0, -2.0, 1.0]]
INDICES = [[0, 0], [0, 1], [2, 0]]

# printed by TF 2.21 (notes/progs/gradfuzz14/t9.py): (values, indices) of tape.gradient(sum(y * W), params)
CASES = [
    (False, 'sum', None, [[3, 1, -2, 1], [2, -2, 4, 1]], [0, 4]),
    (False, 'sqrtn', 1.0, [[0.1698193, -0.65124714, 0.5438807, -0.07556632], [3, 1, -2, 1]], [4, 0]),
    (True, 'mean', None, [[1, -1, 2, 0.5], [3, 1, -2, 1]], [4, 0]),
]


@pytest.mark.parametrize('weighted, combiner, max_norm, values, indices', CASES)
def test_table_gradient_has_one_row_per_distinct_id(weighted, combiner, max_norm, values, indices):
    params = tf.constant(P)
    ids = tf.sparse.SparseTensor(INDICES, tf.constant([4, 4, 0], tf.int64), [4, 2])
    weights = tf.sparse.SparseTensor(INDICES, tf.constant([0.5, 2.0, 1.5]), [4, 2]) if weighted else None
    with tf.GradientTape() as tape:
        tape.watch(params)
        y = tf.nn.embedding_lookup_sparse(params, ids, weights, combiner=combiner, max_norm=max_norm)
        loss = tf.reduce_sum(y * W)
    grad = tape.gradient(loss, params)
    assert isinstance(grad, tf.IndexedSlices)
    np.testing.assert_array_equal(grad.indices.numpy(), indices)
    np.testing.assert_allclose(grad.values.numpy(), values, rtol=1e-6)


def test_sum_gradient_matches_central_differences_in_float64():
    rng = np.random.RandomState(6)
    p0 = rng.randn(5, 3)
    ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]], tf.constant([3, 1, 3, 3, 0], tf.int64),
                                 [2, 3])
    w = tf.constant(rng.randn(2, 3))

    def loss(p):
        return tf.reduce_sum(tf.nn.embedding_lookup_sparse(p, ids, None, combiner='sqrtn') * w)

    p = tf.constant(p0)
    with tf.GradientTape() as tape:
        tape.watch(p)
        value = loss(p)
    got = tf.convert_to_tensor(tape.gradient(value, p)).numpy()
    h = 1e-6
    want = np.zeros_like(p0)
    for idx in np.ndindex(p0.shape):
        s = np.zeros_like(p0)
        s[idx] = h
        want[idx] = (float(loss(tf.constant(p0 + s))) - float(loss(tf.constant(p0 - s)))) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-9)
