"""Gathers give a watched tensor's gradient as rows (tf.IndexedSlices), as TF 2.21's GatherV2 rule.

Golden kinds, indices and dense shapes were printed by TF 2.21 (/opt/tfref) for the same programs
(/work/notes/progs/autodiff13/x_is2.py, x_is3.py, x_is4.py, x_shuf.py); values are 1.5 per gathered
row (the target is 1.5 * sum(gathered)). Ops TF builds without a gather keep a dense Tensor.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(8, dtype=np.float32).reshape(4, 2) * 0.3


def _gradient(f, variable=False):
    x = tf.Variable(X) if variable else tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * 1.5)
    return tape.gradient(y, x)


def _rows(g):
    return (g.indices.numpy().tolist(), g.indices.dtype.name, list(g.values.shape),
            g.dense_shape.numpy().tolist(), g.dense_shape.dtype.name)


# (name, f, TF's indices, their dtype, values' shape); dense_shape [4, 2] unless a gather_nd's (below)
ROWS = [
    ('gather', lambda z: tf.gather(z, [0, 2, 0]), [0, 2, 0], 'int32', [3, 2]),
    ('int64_ids', lambda z: tf.gather(z, tf.constant([0, 2], tf.int64)), [0, 2], 'int64', [2, 2]),
    ('2d_ids', lambda z: tf.gather(z, [[0, 1], [3, 3]]), [0, 1, 3, 3], 'int32', [4, 2]),
    ('scalar_id', lambda z: tf.gather(z, 2), [2], 'int32', [1, 2]),
    ('axis_tensor_0', lambda z: tf.gather(z, [1], axis=tf.constant(0)), [1], 'int32', [1, 2]),
    ('embedding_lookup', lambda z: tf.nn.embedding_lookup(z, [[3], [1]]), [3, 1], 'int32', [2, 2]),
    ('embedding_list', lambda z: tf.nn.embedding_lookup([z], [3, 1]), [3, 1], 'int32', [2, 2]),
    ('two_gathers', lambda z: tf.concat([tf.gather(z, [0]), tf.gather(z, [3])], 0), [0, 3], 'int32', [2, 2]),
    ('gather_twice', lambda z: tf.gather(tf.gather(z, [0, 1, 2]), [2]), [0, 1, 2], 'int32', [3, 2]),
    ('square_after', lambda z: tf.square(tf.gather(z, [1, 0])), [1, 0], 'int32', [2, 2]),
    ('keras_take_axis0', lambda z: keras.ops.take(z, [1, 1], axis=0), [1, 1], 'int32', [2, 2]),
    ('tnp_take', lambda z: tf.experimental.numpy.take(z, [1, 1], axis=0), [1, 1], 'int64', [2, 2]),
    ('where_ids', lambda z: tf.gather(z, tf.where([True, False, True, False])[:, 0]), [0, 2], 'int64', [2, 2]),
]


@pytest.mark.parametrize('name,f,indices,dtype,values_shape', ROWS, ids=[r[0] for r in ROWS])
def test_a_watched_tensor_gathered_on_axis_0_gets_rows(name, f, indices, dtype, values_shape):
    g = _gradient(f)
    assert isinstance(g, tf.IndexedSlices)
    assert _rows(g) == (indices, dtype, values_shape, [4, 2], 'int32')
    # the dense form is what the dense rule gave: 1.5 (times the factor of ops after the gather) per row
    dense = np.zeros_like(X)
    np.add.at(dense, g.indices.numpy(), g.values.numpy())
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), dense)


def test_the_rows_hold_the_upstream_gradient():
    g = _gradient(lambda z: tf.square(tf.gather(z, [1, 0])))
    # TF 2.21's values (3 * x[1], then 3 * x[0]) as it printed them
    np.testing.assert_array_equal(g.values.numpy().ravel(), [1.8000000715255737, 2.700000047683716, 0.0,
                                                             0.9000000357627869])


def test_gather_nd_with_one_entry_index_vectors_gives_rows_in_the_indices_dtype():
    # TF's GatherNd / ResourceGatherNd rules: IndexedSlices when indices are (n, 1); dense_shape in their dtype
    for variable in (False, True):
        g = _gradient(lambda z: tf.gather_nd(z, tf.constant([[0], [2]], tf.int64)), variable)
        assert _rows(g) == ([0, 2], 'int64', [2, 2], [4, 2], 'int64')
        g = _gradient(lambda z: tf.gather_nd(z, [[0], [2]]), variable)
        assert _rows(g) == ([0, 2], 'int32', [2, 2], [4, 2], 'int32')
        # index vectors of two entries, or indices of rank 3: a dense scatter
        assert type(_gradient(lambda z: tf.gather_nd(z, [[0, 1], [2, 0]]), variable)) is tf.Tensor
        assert type(_gradient(lambda z: tf.gather_nd(z, [[[0]], [[2]]]), variable)) is tf.Tensor


def test_a_variables_rows_have_an_int32_dense_shape_whatever_the_ids():
    # ResourceGather's rule: variable_shape(handle) is int32 (tapeflow used the ids' dtype)
    g = _gradient(lambda z: tf.gather(z, tf.constant([0, 2], tf.int64)), variable=True)
    assert _rows(g) == ([0, 2], 'int64', [2, 2], [4, 2], 'int32')


@pytest.mark.parametrize('variable', [False, True])
def test_an_axis_given_as_minus_rank_is_gathered_densely(variable):
    # TF's gather takes the rows path only where the axis it was given is 0 (a constant -2 is not)
    g = _gradient(lambda z: tf.gather(z, [1], axis=-2), variable)
    assert type(g) is tf.Tensor
    np.testing.assert_array_equal(g.numpy(), [[0, 0], [1.5, 1.5], [0, 0], [0, 0]])


DENSE = [
    ('axis1', lambda z: tf.gather(z, [1], axis=1)),
    ('after_add', lambda z: tf.gather(z + 1.0, [0, 2])),
    ('mixed_with_dense', lambda z: tf.gather(z, [1]) + z),
    ('repeat', lambda z: tf.repeat(z, [1, 2, 0, 1], axis=0)),
    ('repeat_scalar', lambda z: tf.repeat(z, 2, axis=0)),
    ('sparse_segment_sum', lambda z: tf.sparse.segment_sum(z, [0, 2, 2], [0, 0, 1])),
    ('sparse_segment_mean', lambda z: tf.sparse.segment_mean(z, [0, 2, 2], [0, 0, 1])),
    ('sparse_dense_matmul', lambda z: tf.sparse.sparse_dense_matmul(
        tf.sparse.SparseTensor([[0, 1], [1, 3], [2, 0]], [1.0, 2.0, 3.0], [3, 4]), z)),
    ('boolean_mask', lambda z: tf.boolean_mask(z, [True, False, True, False])),
    ('slice', lambda z: z[1:3]),
]


@pytest.mark.parametrize('variable', [False, True])
@pytest.mark.parametrize('name,f', DENSE, ids=[d[0] for d in DENSE])
def test_ops_tensorflow_builds_without_gather_rows_stay_dense(name, f, variable):
    g = _gradient(f, variable)
    assert type(g) is tf.Tensor, name


def test_sparse_ops_keep_their_dense_values():
    # TF 2.21's dense gradients for these programs
    np.testing.assert_array_equal(_gradient(DENSE[3][1]).numpy().ravel(), [1.5, 1.5, 3, 3, 0, 0, 1.5, 1.5])
    np.testing.assert_array_equal(_gradient(DENSE[5][1]).numpy().ravel(), [1.5, 1.5, 0, 0, 3, 3, 0, 0])
    np.testing.assert_array_equal(_gradient(DENSE[7][1]).numpy().ravel(), [4.5, 4.5, 1.5, 1.5, 0, 0, 3, 3])


def test_an_intermediate_tensor_gathered_stays_dense_and_a_tensor_watched_late_too():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        mid = x * 2.0
        tape.watch(mid)             # already the output of a recorded op: not a leaf
        y = tf.reduce_sum(tf.gather(mid, [1]))
    g_mid, g_x = tape.gradient(y, [mid, x])
    assert type(g_mid) is tf.Tensor and type(g_x) is tf.Tensor
    np.testing.assert_array_equal(g_x.numpy()[1], [2, 2])


def test_hessian_through_rows_and_jacobians_dense():
    x = tf.constant(X)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.gather(x, [1, 2]) ** 3)
        g = inner.gradient(y, x)
        assert isinstance(g, tf.IndexedSlices)
        z = tf.reduce_sum(tf.convert_to_tensor(g) ** 2)
    h = outer.gradient(z, x)
    # TF 2.21: IndexedSlices idx [1, 2], values [7.776001, 26.244005, 62.208008, 121.5]
    assert _rows(h)[:2] == ([1, 2], 'int32')
    np.testing.assert_allclose(h.values.numpy().ravel(), [7.776001, 26.244005, 62.208008, 121.5], rtol=1e-6)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.gather(x, [1, 1]) * 2.0
    for pfor in (True, False):
        jacobian = tape.jacobian(y, x, experimental_use_pfor=pfor)
        assert type(jacobian) is tf.Tensor and jacobian.shape == (2, 2, 4, 2)
        assert jacobian.numpy()[1, 1, 1, 1] == 2.0 and jacobian.numpy().sum() == 8.0


def test_forward_mode_and_keras_jvp_through_a_gather_are_dense():
    x = tf.constant(X)
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = tf.gather(x, [1, 3]) * 2.0
    np.testing.assert_array_equal(acc.jvp(y).numpy(), np.full((2, 2), 2.0, np.float32))   # TF: [2.0] * 4
    _, tangent = keras.ops.jvp(lambda z: tf.gather(z, [0, 2]) * 2.0, (x,), (tf.ones_like(x),))
    np.testing.assert_array_equal(tangent.numpy(), np.full((2, 2), 2.0, np.float32))


def test_check_gradients_densifies_rows():
    from framework.gradient_check import check_gradients
    assert check_gradients(lambda z: tf.gather(z, [0, 2, 0]) * z[0], [np.arange(6.0).reshape(3, 2)]) < 1e-6


def test_sampled_losses_look_the_true_and_sampled_ids_up_at_once():
    # TF 2.21 nce_loss: weights' rows in the order of concat(labels, sampled): [1, 2, 0, 3]
    g = _gradient(lambda z: tf.nn.nce_loss(z, tf.zeros([4]), tf.constant([[1], [2]], tf.int64), tf.ones([2, 2]),
                                           num_sampled=2, num_classes=4,
                                           sampled_values=(tf.constant([0, 3], tf.int64), tf.ones([2, 1]),
                                                           tf.ones([2]))))
    assert _rows(g)[:2] == ([1, 2, 0, 3], 'int64')
    np.testing.assert_allclose(g.values.numpy()[:, 0], [-0.27363828, -0.09446003, 1.7233276, 2.940479], rtol=1e-6)


def test_a_tf_function_returns_the_rows():
    # TF 2.21: a tf.function returns the IndexedSlices a gradient gives (it densified them)
    v = tf.Variable(np.ones((4, 3), np.float32))

    @tf.function
    def step(ids):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.gather(v, ids) * 2.0)
        return {'y': y, 'g': tape.gradient(y, v)}

    out = step(tf.constant([1, 1]))
    assert isinstance(out['g'], tf.IndexedSlices) and out['g'].indices.numpy().tolist() == [1, 1]
    np.testing.assert_array_equal(tf.convert_to_tensor(out['g']).numpy()[1], [4.0, 4.0, 4.0])
