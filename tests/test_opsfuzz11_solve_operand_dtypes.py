"""tf.linalg.solve's operand dtypes as eager TF 2.21 infers MatrixSolve's T. Printed by TF 2.21:
    A = tf.constant([[3., 1], [1, 5]])
    tf.linalg.solve(A, np.ones([2, 1]))  -> [[0.2857142984867096], [0.1428571343421936]] float32
    tf.linalg.solve(A, [[1], [2]])       -> [[0.2142857164144516], [0.3571428656578064]] float32
    tf.linalg.solve(np.eye(2), tf.ones([2, 1]))  -> [[1.0], [1.0]] float32
    tf.linalg.solve(A, tf.ones([2, 1], tf.float64)) -> InvalidArgumentError 'cannot compute MatrixSolve as input
        #1(zero-based) was expected to be a float tensor but is a double tensor [Op:MatrixSolve] name: '
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

A = [[3., 1], [1, 5]]


@pytest.mark.parametrize('rhs, expected', [
    (np.ones([2, 1]), [[0.2857142984867096], [0.1428571343421936]]),
    ([[1], [2]], [[0.2142857164144516], [0.3571428656578064]])])
def test_non_tensor_rhs_takes_the_matrix_dtype(rhs, expected):
    x = tf.linalg.solve(tf.constant(A), rhs)
    assert x.dtype == tf.float32
    assert x.numpy().tolist() == expected


def test_non_tensor_matrix_takes_the_rhs_dtype():
    x = tf.linalg.solve(np.eye(2), tf.ones([2, 1]))
    assert x.dtype == tf.float32 and x.numpy().tolist() == [[1.0], [1.0]]


@pytest.mark.parametrize('matrix_dtype, rhs, got', [
    (tf.float32, tf.ones([2, 1], tf.float64), 'double'), (tf.float32, tf.ones([3, 1], tf.float64), 'double'),
    (tf.float32, tf.ones([2], tf.float64), 'double'), (tf.float32, tf.constant([[1], [2]]), 'int32'),
    (tf.float32, tf.ones([2, 1], tf.float16), 'half'), (tf.complex64, tf.ones([2, 1]), 'float')])
def test_tensors_of_two_dtypes_are_input_1_errors(matrix_dtype, rhs, got):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.solve(tf.cast(tf.constant(A), matrix_dtype), rhs)
    expected = 'float' if matrix_dtype == tf.float32 else 'complex64'
    assert str(caught.value) == ('cannot compute MatrixSolve as input #1(zero-based) was expected to be a %s tensor '
                                 'but is a %s tensor [Op:MatrixSolve] name: ' % (expected, got))
