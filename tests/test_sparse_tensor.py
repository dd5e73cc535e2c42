"""tf.SparseTensor / tf.sparse against TensorFlow 2.21: every golden below was printed by
/opt/tfref's TensorFlow (printed text with TF's 'tf.Tensor(' read as tapeflow's)."""
import numpy as np
import pytest

import framework as tf


def parts(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist()


def st():
    return tf.SparseTensor(indices=[[0, 0], [1, 2], [1, 0]], values=[-1., -2., 3.], dense_shape=[3, 4])


def test_prints_as_tensorflow():
    sp = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    assert repr(sp) == str(sp) == (
        'SparseTensor(indices=tf.Tensor(\n[[0 0]\n [1 2]], shape=(2, 2), dtype=int64), '
        'values=tf.Tensor([1 2], shape=(2,), dtype=int32), '
        'dense_shape=tf.Tensor([3 4], shape=(2,), dtype=int64))')
    assert sp.dtype == tf.int32 and sp.shape == (3, 4) and sp.indices.dtype == tf.int64
    assert tf.sparse.SparseTensor is tf.SparseTensor
    assert str(tf.sparse.to_dense(sp)) == ('tf.Tensor(\n[[1 0 0 0]\n [0 0 2 0]\n [0 0 0 0]], '
                                           'shape=(3, 4), dtype=int32)')


def test_dense_round_trip():
    assert parts(tf.sparse.from_dense([[0, 1], [2, 0]])) == ([[0, 1], [1, 0]], [1, 2], [2, 2])
    assert parts(tf.sparse.from_dense(tf.constant([[0., 1.5], [2., 0.]]))) == ([[0, 1], [1, 0]], [1.5, 2.], [2, 2])
    dense = tf.sparse.to_dense(tf.sparse.reorder(st()), default_value=9.)
    assert dense.numpy().tolist() == [[-1, 9, 9, 9], [3, 9, -2, 9], [9, 9, 9, 9]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='reorder'):
        tf.sparse.to_dense(st())


@pytest.mark.parametrize('make, want', [
    (lambda: tf.sparse.reorder(st()), ([[0, 0], [1, 0], [1, 2]], [-1., 3., -2.], [3, 4])),
    (lambda: tf.sparse.reshape(st(), [4, 3]), ([[0, 0], [2, 0], [1, 1]], [-1., -2., 3.], [4, 3])),
    (lambda: tf.sparse.reshape(st(), [-1, 2]), ([[0, 0], [3, 0], [2, 0]], [-1., -2., 3.], [6, 2])),
    (lambda: tf.sparse.transpose(st()), ([[0, 0], [0, 1], [2, 1]], [-1., 3., -2.], [4, 3])),
    (lambda: tf.sparse.expand_dims(st(), 0), ([[0, 0, 0], [0, 1, 2], [0, 1, 0]], [-1., -2., 3.], [1, 3, 4])),
    (lambda: tf.sparse.expand_dims(st(), -1), ([[0, 0, 0], [1, 2, 0], [1, 0, 0]], [-1., -2., 3.], [3, 4, 1])),
    (lambda: tf.sparse.retain(st(), [True, False, True]), ([[0, 0], [1, 0]], [-1., 3.], [3, 4])),
    (lambda: tf.sparse.slice(st(), [1, 0], [2, 2]), ([[0, 0]], [3.], [2, 2])),
    (lambda: tf.sparse.concat(1, [st(), st()]),
     ([[0, 0], [0, 4], [1, 0], [1, 2], [1, 4], [1, 6]], [-1., -1., 3., -2., 3., -2.], [3, 8])),
    (lambda: tf.sparse.split(sp_input=st(), num_split=2, axis=1)[0], ([[0, 0], [1, 0]], [-1., 3.], [3, 2])),
    (lambda: tf.sparse.split(sp_input=st(), num_split=2, axis=1)[1], ([[1, 0]], [-2.], [3, 2])),
    (lambda: tf.sparse.fill_empty_rows(st(), 7.)[0], ([[0, 0], [1, 2], [1, 0], [2, 0]], [-1., -2., 3., 7.], [3, 4])),
    (lambda: tf.sparse.reduce_max(st(), axis=1, output_is_sparse=True), ([[0], [1]], [-1., 3.], [3])),
    (lambda: st() * 2., ([[0, 0], [1, 2], [1, 0]], [-2., -4., 6.], [3, 4])),
    (lambda: st() / 2., ([[0, 0], [1, 2], [1, 0]], [-0.5, -1., 1.5], [3, 4])),
    (lambda: st() * tf.constant([1., 2., 3., 4.]), ([[0, 0], [1, 2], [1, 0]], [-1., -6., 3.], [3, 4])),
    (lambda: tf.math.abs(st()), ([[0, 0], [1, 2], [1, 0]], [1., 2., 3.], [3, 4])),
    (lambda: tf.math.square(st()), ([[0, 0], [1, 2], [1, 0]], [1., 4., 9.], [3, 4])),
])
def test_layout_ops_match_tensorflow(make, want):
    assert parts(make()) == want


def test_reductions_and_indicator():
    assert tf.sparse.reduce_max(st(), axis=1).numpy().tolist() == [-1., 3., 0.]    # implicit zeros ignored
    assert float(tf.sparse.reduce_max(st())) == 3.
    assert tf.sparse.reduce_sum(st(), axis=0).numpy().tolist() == [2., 0., -2., 0.]
    assert tf.sparse.reduce_sum(st(), 1, keepdims=True).numpy().tolist() == [[-1.], [1.], [0.]]
    assert tf.sparse.fill_empty_rows(st(), 7.)[1].numpy().tolist() == [False, False, True]
    ids = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([0, 3, 2], tf.int64), [2, 3])
    assert tf.sparse.to_indicator(ids, 4).numpy().tolist() == [[True, False, False, True], [False, False, True, False]]


def test_add_maximum_minimum_softmax():
    a = tf.SparseTensor([[0, 0], [1, 1]], [1., -2.], [2, 2])
    b = tf.SparseTensor([[0, 0], [0, 1]], [3., -4.], [2, 2])
    assert parts(tf.sparse.maximum(a, b)) == ([[0, 0], [0, 1], [1, 1]], [3., 0., 0.], [2, 2])
    assert parts(tf.sparse.minimum(a, b)) == ([[0, 0], [0, 1], [1, 1]], [1., -4., -2.], [2, 2])
    assert parts(tf.sparse.add(a, b)) == ([[0, 0], [0, 1], [1, 1]], [4., -4., -2.], [2, 2])
    assert parts(tf.sparse.add(a, tf.SparseTensor([[0, 0]], [-1.], [2, 2]))) == ([[0, 0], [1, 1]], [0., -2.], [2, 2])
    assert parts(tf.sparse.add(a, tf.SparseTensor([[0, 0]], [-0.9], [2, 2]), threshold=0.2)) == ([[1, 1]], [-2.], [2, 2])
    assert tf.sparse.add(a, tf.ones([2, 2])).numpy().tolist() == [[2., 1.], [1., -1.]]
    soft = tf.sparse.softmax(tf.sparse.reorder(st()))
    # Row 1 holds 3 and -2: softmax = (1, e^-5) / (1 + e^-5).
    assert np.allclose(soft.values.numpy(), [1., 1 / (1 + np.exp(-5.)), np.exp(-5.) / (1 + np.exp(-5.))])


def test_sparse_dense_matmul_and_its_gradients():
    b = tf.reshape(tf.range(8.), [4, 2])
    assert tf.sparse.sparse_dense_matmul(st(), b).numpy().tolist() == [[0., -1.], [-8., -7.], [0., 0.]]
    out = tf.sparse.sparse_dense_matmul(st(), tf.reshape(tf.range(6.), [3, 2]), adjoint_a=True)
    assert out.numpy().tolist() == [[6., 8.], [0., 0.], [-4., -6.], [0., 0.]]
    v, vals = tf.Variable(b), tf.Variable([-1., -2., 3.])
    with tf.GradientTape() as tape:
        sp = tf.SparseTensor([[0, 0], [1, 2], [1, 0]], vals, [3, 4])
        y = tf.reduce_sum(tf.sparse.sparse_dense_matmul(sp, v) * tf.constant([[1., 2.]] * 3))
    grad_b, grad_values = tape.gradient(y, [v, vals])
    assert tf.convert_to_tensor(grad_b).numpy().tolist() == [[2., 4.], [0., 0.], [-2., -4.], [0., 0.]]
    assert grad_values.numpy().tolist() == [2., 14., 2.]


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match='indices of shape'):
        tf.SparseTensor([[0, 0]], [1., 2.], [2, 2])
    with pytest.raises(ValueError, match='inside dense_shape'):
        tf.SparseTensor([[2, 0]], [1.], [2, 2])
    for call in (lambda: tf.exp(st()), lambda: tf.reduce_sum(st()), lambda: tf.add(st(), 1.),
                 lambda: tf.concat([st(), st()], 0)):
        # TF 2.21: ValueError 'Attempt to convert a value (SparseTensor(...)) with an unsupported type'
        with pytest.raises(ValueError, match='(?s)unsupported type.*to_dense'):
            call()
    with pytest.raises(ValueError, match='same dense_shape'):
        tf.sparse.add(st(), tf.SparseTensor([[0, 0]], [1.], [2, 2]))


def test_construction_segments_cross_bincount():
    assert parts(tf.sparse.eye(2, 3)) == ([[0, 0], [1, 1]], [1., 1.], [2, 3])
    sp = tf.SparseTensor([[0, 0], [1, 2]], [1., 2.], [2, 3])
    assert parts(tf.sparse.map_values(tf.multiply, sp, 3.)) == ([[0, 0], [1, 2]], [3., 6.], [2, 3])
    assert parts(tf.negative(sp)) == ([[0, 0], [1, 2]], [-1., -2.], [2, 3])
    assert tf.sparse.reset_shape(sp, [4, 5]).dense_shape.numpy().tolist() == [4, 5]
    data = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    assert tf.sparse.segment_sum(data, [0, 2, 1], [0, 0, 1]).numpy().tolist() == [[6., 8.], [3., 4.]]
    assert tf.sparse.segment_mean(data, [0, 2, 1], [0, 0, 1]).numpy().tolist() == [[3., 4.], [3., 4.]]
    # TF 2.21 prints [[4.2426405 5.656854] [3. 4.]]: the sum times float32(1 / sqrt(2)).
    assert tf.sparse.segment_sqrt_n(data, [0, 2, 1], [0, 0, 1]).numpy().tolist() == \
        [[np.float32(4.2426405), np.float32(5.656854)], [3., 4.]]
    assert tf.sparse.segment_sum(data, [0, 2, 1], [0, 0, 2], num_segments=4).numpy().tolist() == \
        [[6., 8.], [0., 0.], [3., 4.], [0., 0.]]
    crossed = tf.sparse.cross([tf.ragged.constant([['a'], ['b', 'c']]).to_sparse(), tf.constant([['d'], ['e']])])
    assert parts(crossed) == ([[0, 0], [1, 0], [1, 1]], [b'a_X_d', b'b_X_e', b'c_X_e'], [2, 2])
    counts = tf.sparse.bincount(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 1, 3], [2, 2]))
    assert parts(counts) == ([[1], [3]], [2, 1], [4])


def test_ragged_sparse_round_trip():
    rt = tf.ragged.constant([[1., 2.], [3.]])
    assert parts(rt.to_sparse()) == ([[0, 0], [0, 1], [1, 0]], [1., 2., 3.], [2, 2])
    assert tf.RaggedTensor.from_sparse(rt.to_sparse()).to_list() == [[1., 2.], [3.]]
