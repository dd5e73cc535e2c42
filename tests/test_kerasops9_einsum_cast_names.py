"""keras.ops.einsum of integer or mixed-dtype tensors inside a tf.function prints TF 2.21's graph tensor: Keras 3 casts
each operand not of the compute dtype (the operands' result dtype, floatx for integers) first, 'Cast', 'Cast_1', ...,
runs the matmul form or tf.einsum on them, and casts an integer result back, so three int32 operands give
Tensor("Cast_3:0", shape=(None, 3), dtype=int32) and a float32 with a float64 operand Tensor("MatMul:0", ...,
dtype=float64). tapeflow printed the eager values of its stand-in. Texts: TF 2.21's (notes/progs/kerasops9/ein.py,
ein_tf.out)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _texts(fn, dtype, shape=(None, 4)):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in tf.nest.flatten(fn(x)))
        return x
    f.get_concrete_function()
    return texts


def _ints(shape):
    return ops.ones(shape, 'int32')


@pytest.mark.parametrize('fn, dtype, expected', [
    # TF 2.21 (ein_tf.out): ops ones, Cast, Cast_1, MatMul, Cast_2 -> Tensor("Cast_2:0", shape=(None, 3), dtype=int32)
    (lambda x: ops.einsum('ij,jk->ik', x, _ints((4, 3))), 'int32', 'Tensor("Cast_2:0", shape=(None, 3), dtype=int32)'),
    (lambda x: ops.einsum('ij,kj->ik', x, _ints((3, 4))), 'int32', 'Tensor("Cast_2:0", shape=(None, 3), dtype=int32)'),
    (lambda x: ops.einsum('ij,j->i', x, _ints((4,))), 'int32', 'Tensor("Cast_2:0", shape=(None,), dtype=int32)'),
    (lambda x: ops.einsum('i,j->ij', x[0], _ints((3,))), 'int32', 'Tensor("Cast_2:0", shape=(4, 3), dtype=int32)'),
    (lambda x: ops.einsum('ij,ij->i', x, x), 'int32', 'Tensor("Cast_2:0", shape=(None,), dtype=int32)'),
    (lambda x: ops.einsum('ij->j', x), 'int32', 'Tensor("Cast_1:0", shape=(4,), dtype=int32)'),
    (lambda x: ops.einsum('ij,jk,kl->il', x, _ints((4, 2)), _ints((2, 3))), 'int32',
     'Tensor("Cast_3:0", shape=(None, 3), dtype=int32)'),
    (lambda x: ops.einsum('ij,jk->ik', x, ops.ones((4, 3), 'int64')), 'int64',
     'Tensor("Cast_2:0", shape=(None, 3), dtype=int64)'),
    (lambda x: ops.einsum('ij,jk->ik', x, ops.ones((4, 3), 'float64')), 'float32',
     'Tensor("MatMul:0", shape=(None, 3), dtype=float64)'),
    (lambda x: ops.einsum('ij,jk->ik', x, _ints((4, 3))), 'float32',
     'Tensor("MatMul:0", shape=(None, 3), dtype=float32)'),
])
def test_cast_operands_and_result(fn, dtype, expected):
    assert _texts(fn, dtype) == [expected]


def test_later_names_count_the_casts_and_scope():
    # TF 2.21: after ops.einsum('ij,ij->i') of int32 (Cast, Cast_1, einsum/Einsum, Cast_2), a float one is
    # 'einsum_1/Einsum', a tf.cast 'Cast_3'
    texts = _texts(lambda x: (ops.einsum('ij,ij->i', x, x), ops.einsum('ij,ij->i', tf.cast(x, 'float32'),
                                                                      tf.cast(x, 'float32'))), 'int32')
    assert texts == ['Tensor("Cast_2:0", shape=(None,), dtype=int32)',
                     'Tensor("einsum_1/Einsum:0", shape=(None,), dtype=float32)']


@pytest.mark.parametrize('fn, shape, expected', [
    # TF 2.21 (ein_tf.out): a NumPy operand is a Const first ('Const', 'MatMul'), a float64 one then casts x
    (lambda x: ops.einsum('ij,jk->ik', x, np.ones((4, 3), 'float32')), (None, 4),
     ['Tensor("MatMul:0", shape=(None, 3), dtype=float32)']),
    (lambda x: ops.einsum('ij,jk->ik', x, np.ones((4, 3))), (None, 4),
     ['Tensor("MatMul:0", shape=(None, 3), dtype=float64)']),
    (lambda x: ops.einsum('ij,jk->ik', np.ones((2, 4), 'float32'), np.ones((4, 3), 'float32')), (None, 4),
     ['Tensor("MatMul:0", shape=(2, 3), dtype=float32)']),
    (lambda x: ops.einsum('ij,jk,kl->il', x, np.ones((4, 2), 'float32'), np.ones((2, 3), 'float32')), (None, 4),
     ['Tensor("einsum/Einsum_1:0", shape=(None, 3), dtype=float32)']),
    (lambda x: ops.einsum('ij,jk->ik', np.ones((3, 2), 'float32'), x), (2, None),
     ['Tensor("MatMul:0", shape=(3, None), dtype=float32)']),
])
def test_numpy_operands_are_constants(fn, shape, expected):
    assert _texts(fn, 'float32', shape) == expected


def test_later_names_count_the_constants():
    # TF 2.21: after an einsum with two NumPy operands (Const, Const_1), tf.constant is 'Const_2'
    texts = _texts(lambda x: (ops.einsum('ij,jk->ik', x, np.ones((4, 3), 'float32')),
                              ops.einsum('ij,jk->ik', x, np.ones((4, 3), 'float32')), tf.constant([1.]) + x[0, 0]),
                   'float32')
    assert texts == ['Tensor("MatMul:0", shape=(None, 3), dtype=float32)',
                     'Tensor("MatMul_1:0", shape=(None, 3), dtype=float32)',
                     'Tensor("add:0", shape=(1,), dtype=float32)']
