"""tf.sparse.sparse_dense_matmul(dense, sparse): TF 2.21 computes (B' A')' (its adjoints moved as
sparse_ops.py moves them); tapeflow refused it ('Input must be a SparseTensor.'). Expected values
printed by TF 2.21 (progs/tutorials32/q13.py)."""
import numpy as np
import pytest

import framework as tf


def _sp():
    return tf.sparse.SparseTensor([[0, 1], [1, 0], [1, 2], [2, 2]], [2.0, 3.0, -1.0, 4.0], [3, 3])


A = [[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]]


def test_dense_times_sparse_with_adjoints():
    a = tf.constant(A)
    assert tf.sparse.sparse_dense_matmul(a, _sp()).numpy().tolist() == [[6.0, 2.0, 10.0], [0.0, 1.0, -4.0]]
    assert tf.sparse.sparse_dense_matmul(a, _sp(), adjoint_b=True).numpy().tolist() == \
        [[4.0, 0.0, 12.0], [0.0, 2.5, -4.0]]
    at = tf.transpose(a)
    assert tf.sparse.sparse_dense_matmul(at, _sp(), adjoint_a=True).numpy().tolist() == \
        [[6.0, 2.0, 10.0], [0.0, 1.0, -4.0]]
    assert tf.sparse.sparse_dense_matmul(at, _sp(), adjoint_a=True, adjoint_b=True).numpy().tolist() == \
        [[4.0, 0.0, 12.0], [0.0, 2.5, -4.0]]


def test_gradient_reaches_the_dense_operand():
    x = tf.Variable(A)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.sparse.sparse_dense_matmul(x, _sp()) ** 2)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[8.0, 16.0, 80.0], [4.0, 8.0, -32.0]])


def test_inner_size_mismatch_is_the_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.sparse.sparse_dense_matmul(tf.ones([2, 2]), _sp())
    assert str(info.value).startswith(
        '{{function_node __wrapped__SparseTensorDenseMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Cannot multiply A and B because inner dimension does not match: 3 vs. 2.  Did you forget a transpose?  '
        'Dimensions of A: [3, 3).  Dimensions of B: [2,2] [Op:SparseTensorDenseMatMul] name: ')
