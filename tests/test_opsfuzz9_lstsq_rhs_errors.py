"""tf.linalg.lstsq / cholesky_solve / triangular_solve refuse a bad rhs with the errors of the kernels TF 2.21
runs, and solve empty systems.

Expected texts and values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p05_lstsq.py, p06_lstsq2.py), e.g.
    try: tf.linalg.lstsq(M, tf.constant([1., 2., 4.]))
    except Exception as e: print(type(e).__name__, e)
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'
M = [[1., 2.], [3., 4.], [5., 6.]]


def _message(fn):
    with pytest.raises(InvalidArgumentError) as info:
        fn()
    return str(info.value)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_fast_tall_lstsq_fails_in_matmul():
    tall = tf.constant(M)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant([1., 2., 4.]))) == (
        '{{function_node __wrapped____MklMatMul_device_%s}} In[1] ndims must be >= 2 [Op:MatMul] name: ' % _CPU)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant([[1.], [2.]]))) == (
        '{{function_node __wrapped____MklMatMul_device_%s}} Matrix size-incompatible: In[0]: [3,2], In[1]: [2,1] '
        '[Op:MatMul] name: ' % _CPU)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant([[1.], [2.], [3.]], tf.float64))) == (
        'cannot compute _MklMatMul as input #1(zero-based) was expected to be a float tensor but is a double tensor '
        '[Op:MatMul] name: ')


def test_fast_wide_lstsq_and_cholesky_solve_fail_in_matrix_triangular_solve():
    wide = tf.constant([[1., 3., 5.], [2., 4., 6.]])
    assert _message(lambda: tf.linalg.lstsq(wide, tf.constant(1.))) == (
        '{{function_node __wrapped__MatrixTriangularSolve_device_%s}} In[1] ndims must be >= 2: 0 '
        '[Op:MatrixTriangularSolve] name: ' % _CPU)
    assert _message(lambda: tf.linalg.lstsq(wide, tf.constant([[1.], [2.], [3.]]))) == (
        '{{function_node __wrapped__MatrixTriangularSolve_device_%s}} In[0] mismatch In[1] shape: 2 vs. 3: [2,2] [3,1] '
        '1 0 [Op:MatrixTriangularSolve] name: ' % _CPU)
    assert _message(lambda: tf.linalg.cholesky_solve(tf.eye(2), tf.constant([1., 2.]))) == (
        '{{function_node __wrapped__MatrixTriangularSolve_device_%s}} In[1] ndims must be >= 2: 1 '
        '[Op:MatrixTriangularSolve] name: ' % _CPU)
    assert _message(lambda: tf.linalg.cholesky_solve(tf.eye(2), tf.constant([[1.], [2.]], tf.float64))) == (
        'cannot compute MatrixTriangularSolve as input #1(zero-based) was expected to be a float tensor but is a '
        'double tensor [Op:MatrixTriangularSolve] name: ')


def test_exact_lstsq_fails_in_matrix_solve_ls():
    tall = tf.constant(M)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant(1.), fast=False)) == (
        '{{function_node __wrapped__MatrixSolveLs_device_%s}} All input tensors must have the same rank. '
        '[Op:MatrixSolveLs] name: ' % _CPU)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant([[1.], [2.]]), fast=False)) == (
        '{{function_node __wrapped__MatrixSolveLs_device_%s}} Input matrix and rhs are incompatible. '
        '[Op:MatrixSolveLs] name: ' % _CPU)
    assert _message(lambda: tf.linalg.lstsq(tall, tf.constant([[1.], [2.], [3.]], tf.float64), fast=False)) == (
        'cannot compute MatrixSolveLs as input #1(zero-based) was expected to be a float tensor but is a double '
        'tensor [Op:MatrixSolveLs] name: ')


def test_empty_systems():
    # TF: [[0.], [0.]] (2, 1); (0, 1) twice
    np.testing.assert_array_equal(tf.linalg.lstsq(tf.zeros([0, 2]), tf.zeros([0, 1])).numpy(), [[0.], [0.]])
    assert tf.linalg.lstsq(tf.zeros([2, 0]), tf.zeros([2, 1])).shape == (0, 1)
    assert tf.linalg.lstsq(tf.zeros([0, 0]), tf.zeros([0, 1])).shape == (0, 1)
    assert tf.linalg.cholesky(tf.zeros([0, 0])).shape == (0, 0)
