"""tf.sparse.sparse_dense_matmul's adjoint_a / adjoint_b conjugate complex entries (TF 2.21's
SparseTensorDenseMatMul takes the conjugate transpose). Before: a plain transpose.

Golden values printed by TF 2.21:
    a = tf.sparse.SparseTensor([[0, 0], [1, 0], [0, 1]], tf.constant([1j, 2 + 1j, 3 - 2j], tf.complex64), [2, 2])
    b = tf.constant([[1 + 1j, 2], [0.5j, -1]], tf.complex64)
    tf.sparse.sparse_dense_matmul(a, b, adjoint_a, adjoint_b).numpy().tolist()  (and (b, a, ...))"""
import pytest

import framework as tf


@pytest.mark.parametrize('adjoint_a, adjoint_b, sparse_first, dense_first', [
    (False, True, [[(7-3j), (-2.5+2j)], [(3-1j), (0.5-1j)]], [[(7-3j), (3-1j)], [(-2.5+2j), (0.5-1j)]]),
    (True, False, [[(1.5+0j), (-2-1j)], [(1+5j), (6+4j)]], [[(1.5+0j), (1+5j)], [(-2-1j), (6+4j)]]),
    (False, False, [[2.5j, (-3+4j)], [(1+3j), (4+2j)]], [[(3-3j), (5-1j)], [(-2.5+1j), (1-1.5j)]]),
])
def test_adjoints_conjugate_complex_operands(adjoint_a, adjoint_b, sparse_first, dense_first):
    a = tf.sparse.SparseTensor([[0, 0], [1, 0], [0, 1]], tf.constant([1j, 2 + 1j, 3 - 2j], tf.complex64), [2, 2])
    b = tf.constant([[1 + 1j, 2], [0.5j, -1]], tf.complex64)
    assert tf.sparse.sparse_dense_matmul(a, b, adjoint_a, adjoint_b).numpy().tolist() == sparse_first
    assert tf.sparse.sparse_dense_matmul(b, a, adjoint_a, adjoint_b).numpy().tolist() == dense_first


def test_adjoint_a_of_one_imaginary_entry():
    a = tf.sparse.SparseTensor([[0, 0]], tf.constant([1j], tf.complex64), [1, 1])
    out = tf.sparse.sparse_dense_matmul(a, tf.ones([1, 1], tf.complex64), adjoint_a=True)
    assert out.numpy().tolist() == [[-1j]]
