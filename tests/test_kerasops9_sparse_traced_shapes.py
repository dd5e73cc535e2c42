"""tf.sparse.to_dense inside a tf.function has the shape TF 2.21's graph reads off the SparseTensor's dense shape: a
SparseTensor built on a traced tf.shape(x) of a (None, 4) x gives (None, 4), on tf.stack([tf.shape(x)[0], 5])
(None, 5); tf.sparse.reorder of one whose shape has an open length passes an Identity of the dense shape, which
shape inference cannot read, so to_dense of it is (None, None), and the graph holds 'SparseReorder' (or the given
name) and 'Identity' (a later tf.identity is 'Identity_1'). tapeflow gave the run's lengths (1, 4) and counted no
ops. Texts: TF 2.21's (notes/progs/kerasops9/sp.py, sp_tf.out)."""
import pytest

import framework as tf

D, R, F = tf.sparse.to_dense, tf.sparse.reorder, tf.sparse.from_dense


def _texts(fn, shape=(None, 4)):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, 'float32')])
    def f(x):
        texts.extend(str(t) for t in tf.nest.flatten(fn(x)))
        return x
    f.get_concrete_function()
    return texts


def _dense(shape, name='SparseToDense'):
    return 'Tensor("%s:0", shape=%s, dtype=float32)' % (name, shape)


def _float(name, shape):
    return 'Tensor("%s:0", shape=%s, dtype=float32)' % (name, shape)


@pytest.mark.parametrize('fn, shape, expected', [
    # TF 2.21 (sp_tf.out): SparseReorder, Identity, zeros, SparseToDense (None, None), zeros_1, Identity_1, Const
    (lambda x: (D(R(F(x))), tf.zeros((2,)), tf.identity(x), tf.constant(1.)), (None, 4),
     [_dense('(None, None)'), _float('zeros_1', '(2,)'), _float('Identity_1', '(None, 4)'), _float('Const', '()')]),
    (lambda x: (D(R(F(x))), tf.zeros((2,)), tf.identity(x), tf.constant(1.)), (3, 4),
     [_dense('(3, 4)'), _float('zeros_1', '(2,)'), _float('Identity', '(3, 4)'), _float('Const', '()')]),
    (lambda x: (D(R(F(x), name='rr')), tf.identity(x)), (None, 4), [_dense('(None, None)'), _float('Identity_1', '(None, 4)')]),
    (lambda x: (D(R(R(F(x)))), tf.identity(x)), (None, 4), [_dense('(None, None)'), _float('Identity_2', '(None, 4)')]),
    (lambda x: (D(R(F(x))),), (None,), [_dense('(None,)')]),
])
def test_reorder_of_an_open_shape_is_unknown_to_to_dense(fn, shape, expected):
    assert _texts(fn, shape) == expected


@pytest.mark.parametrize('fn, shape, expected', [
    # TF 2.21: Shape, zeros, SparseToDense (None, 4), zeros_1; (3, 4) for a known x; (None, 5) through tf.stack
    (lambda x: (D(tf.SparseTensor([[0, 1]], [1.], tf.shape(x, out_type=tf.int64))), tf.zeros((2,))), (None, 4),
     [_dense('(None, 4)'), _float('zeros_1', '(2,)')]),
    (lambda x: (D(tf.SparseTensor([[0, 1]], [1.], tf.shape(x, out_type=tf.int64))),), (3, 4), [_dense('(3, 4)')]),
    (lambda x: (D(tf.SparseTensor([[0, 1]], [1.], tf.stack([tf.shape(x, out_type=tf.int64)[0], 5]))),), (None, 4),
     [_dense('(None, 5)')]),
    (lambda x: (D(tf.SparseTensor([[0, 1]], [1.], [3, 4])),), (None, 4), [_dense('(3, 4)')]),
    (lambda x: (D(R(tf.SparseTensor([[0, 1]], [1.], tf.shape(x, out_type=tf.int64)))), tf.identity(x)), (None, 4),
     [_dense('(None, None)'), _float('Identity_1', '(None, 4)')]),
])
def test_sparse_tensor_on_a_traced_dense_shape(fn, shape, expected):
    assert _texts(fn, shape) == expected


def test_eager_reorder_unchanged():
    st = R(tf.SparseTensor([[1, 0], [0, 1]], [1., 2.], [2, 2]))
    assert st.indices.numpy().tolist() == [[0, 1], [1, 0]]
    assert D(st).numpy().tolist() == [[0., 2.], [1., 0.]]
