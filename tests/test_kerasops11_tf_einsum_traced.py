"""tf.einsum (and tf.linalg.einsum) in a tf.function trace prints TF 2.21's graph tensor: its Einsum op in the
'einsum' scope ('einsum_1/Einsum' next), one op per pair contracted for three or more operands ('einsum/Einsum_1'
for three), a given name the scope ('ee/Einsum'), and the static shape TF's Einsum shape function gives: each
letter's length from the operands that know it (a (None, 4) x beside tf.ones((2, 4)) in 'ij,ij->i' is (2,)), an
implicit output the letters used once in sorted order. tapeflow printed its stand-in's eager value, whatever the
shapes (tf.einsum's name is in **kwargs, so the row took it for keras.ops.einsum's). An operand without a
``.shape`` (a Python list or number) is TF's AttributeError, eagerly and in a trace (tapeflow computed).
Texts: TF 2.21's (notes/progs/kerasops11/ein.py, ein4.py, einl.py; *_tf.out)."""
import numpy as np
import pytest

import framework as tf

ONES = np.ones((2, 4), 'float32')


def _shown(call, *specs):
    shown = []

    @tf.function(input_signature=[tf.TensorSpec(s, tf.float32) for s in specs])
    def f(*args):
        shown.append(str(call(*args)))
        return args[0]
    f.get_concrete_function()
    return shown[-1]


@pytest.mark.parametrize('call, shape', [
    # TF 2.21 (ein_tf.out): Tensor("einsum/Einsum:0", shape=..., dtype=float32)
    (lambda x: tf.einsum('ij,ij->i', x, x), (None,)),
    (lambda x: tf.einsum('ij,ij->i', x, tf.ones((2, 4))), (2,)),
    (lambda x: tf.einsum('ij,ij->i', x, ONES), (2,)),
    (lambda x: tf.einsum('ij,kj->ik', x, ONES), (None, 2)),
    (lambda x: tf.einsum('kj,ji', x, tf.ones((4, 5))), (5, None)),       # (sorted: 'ik', not Keras's renamed order)
    (lambda x: tf.einsum('ij->ji', x), (4, None)),
    (lambda x: tf.einsum('ij', x), (None, 4)),
    (lambda x: tf.einsum('ij,ij', x, x), ()),
    (lambda x: tf.einsum('ij->i', x), (None,)),
    (lambda x: tf.einsum('ii->i', tf.ones((3, 3))), (3,)),
    (lambda x: tf.einsum('Ij,Ij->I', x, x), (None,)),
    (lambda x: tf.einsum('ij,ij->ij', x, tf.ones((1, 4))), (1, 4)),
    (lambda x: tf.linalg.einsum('ij,jk->ik', x, tf.ones((4, 3))), (None, 3)),
])
def test_open_and_fixed_lengths(call, shape):
    assert _shown(call, (None, 4)) == 'Tensor("einsum/Einsum:0", shape=%s, dtype=float32)' % (shape,)


@pytest.mark.parametrize('call, shape', [
    # TF 2.21 (ein_tf.out, ein4_tf.out)
    (lambda y: tf.einsum('bij,jk->bik', y, tf.ones((4, 2))), (None, 3, 2)),
    (lambda y: tf.einsum('...ij,jk->...ik', y, tf.ones((4, 2))), (None, 3, 2)),
    (lambda y: tf.einsum('...j,...j->...', y, y), (None, 3)),
    (lambda y: tf.einsum('bij,bjk->bik', y, tf.ones((2, 4, 5))), (2, 3, 5)),
    (lambda y: tf.einsum('...ij,...jk->...ik', y, tf.ones((2, 1, 4, 3))), (2, None, 3, 3)),
])
def test_batch_and_ellipsis_lengths(call, shape):
    assert _shown(call, (None, 3, 4)) == 'Tensor("einsum/Einsum:0", shape=%s, dtype=float32)' % (shape,)


def test_names_in_order_scopes_and_given_names():
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        shown.append(str(tf.einsum('ij,jk->ik', x, tf.ones((4, 3)), name='ee')))
        shown.append(str(tf.einsum('ij,jk->ik', x, tf.ones((4, 3)), name='ee')))
        with tf.name_scope('blk'):
            shown.append(str(tf.einsum('ij,jk->ik', x, tf.ones((4, 3)))))
        shown.append(str(tf.einsum('ij,jk,kl->il', x, tf.ones((4, 5)), tf.ones((5, 2)))))
        shown.append(str(tf.einsum('ij,jk,kl,lm->im', x, tf.ones((4, 3)), tf.ones((3, 2)), tf.ones((2, 5)))))
        shown.append(str(tf.einsum('ij,ij->i', x, tf.ones((3, 4))) * 2))
        return x
    f.get_concrete_function()
    # TF 2.21 (ein4_tf.out, ein_tf.out)
    assert shown[-6:] == ['Tensor("ee/Einsum:0", shape=(None, 3), dtype=float32)',
                          'Tensor("ee_1/Einsum:0", shape=(None, 3), dtype=float32)',
                          'Tensor("blk/einsum/Einsum:0", shape=(None, 3), dtype=float32)',
                          'Tensor("einsum/Einsum_1:0", shape=(None, 2), dtype=float32)',
                          'Tensor("einsum_1/Einsum_2:0", shape=(None, 5), dtype=float32)',
                          'Tensor("mul:0", shape=(3,), dtype=float32)']


def test_integer_operands_keep_their_dtype():
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.int32)])
    def f(n):
        shown.append(str(tf.einsum('ij,ij->i', n, n)))
        return n
    f.get_concrete_function()
    assert shown[-1] == 'Tensor("einsum/Einsum:0", shape=(None,), dtype=int32)'     # TF 2.21


def test_known_shapes_are_named_too():
    shown = []

    @tf.function
    def f(x):
        shown.append(str(tf.einsum('ij,ij->i', x, x)))
        return x
    f(tf.ones((2, 4)))
    assert shown[-1] == 'Tensor("einsum/Einsum:0", shape=(2,), dtype=float32)'      # TF 2.21


def test_graph_run_computes_the_values():
    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        return tf.einsum('ij,ij->i', x, ONES)
    np.testing.assert_array_equal(f(tf.ones((2, 4))).numpy(), [4., 4.])
    with pytest.raises(tf.errors.InvalidArgumentError):     # (the graph's run refuses 3 rows against 2, as TF's)
        f(tf.ones((3, 4)))


@pytest.mark.parametrize('call, kind', [
    (lambda x: tf.einsum('ij,jk->ik', x, [[1.] * 3] * 4), 'list'),
    (lambda x: tf.einsum('ij->ji', [[1., 2.]]), 'list'),
    (lambda x: tf.einsum('i,i->', [1., 2.], [3., 4.]), 'list'),
    (lambda x: tf.einsum('ij,jk,kl->il', x, ONES.T, [[1.]] * 2), 'list'),
    (lambda x: tf.einsum('ij,->ij', x, 2.), 'float'),
])
def test_operand_without_a_shape(call, kind):
    # TF 2.21 (einl_tf.out): AttributeError "'list' object has no attribute 'shape'", eagerly and traced
    with pytest.raises(AttributeError) as caught:
        call(tf.ones((2, 4)))
    assert str(caught.value) == "'%s' object has no attribute 'shape'" % kind
    caught = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        try:
            call(x)
        except AttributeError as error:
            caught.append(str(error))
        return x
    f.get_concrete_function()
    assert caught and set(caught) == {"'%s' object has no attribute 'shape'" % kind}
