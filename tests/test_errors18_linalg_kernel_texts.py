"""tf.linalg / tf.math matrix and top_k argument errors in TF 2.21's kernel words (and its ' name: '
tail, which the slow path of a Python-list input leaves off; TF 2.21 also leaves it off the first time a
kernel runs in a process, a quirk not copied: these expect a later call's text)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


def z(*shape):
    return np.zeros(shape, 'float32')


CASES = [
    (lambda: tf.linalg.inv(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixInverse_device_' + CPU + '}} Input matrix must be square. [Op:MatrixInverse] name: '),
    (lambda: tf.linalg.inv([[1., 2., 3.], [4., 5., 6.]]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixInverse_device_' + CPU + '}} Input matrix must be square. [Op:MatrixInverse]'),
    (lambda: tf.linalg.det(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDeterminant_device_' + CPU + '}} Input matrix must be square. [Op:MatrixDeterminant] name: '),
    (lambda: tf.linalg.det(z(4,2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDeterminant_device_' + CPU + '}} Input matrix must be square. [Op:MatrixDeterminant] name: '),
    (lambda: tf.linalg.slogdet(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__LogMatrixDeterminant_device_' + CPU + '}} Input matrix must be square. [Op:LogMatrixDeterminant] name: '),
    (lambda: tf.linalg.eigh(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__SelfAdjointEigV2_device_' + CPU + '}} Input matrix must be square. [Op:SelfAdjointEigV2] name: '),
    (lambda: tf.linalg.eigvalsh(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__SelfAdjointEigV2_device_' + CPU + '}} Input matrix must be square. [Op:SelfAdjointEigV2] name: '),
    (lambda: tf.linalg.cholesky(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Cholesky_device_' + CPU + '}} Input matrix must be square. [Op:Cholesky] name: '),
    (lambda: tf.linalg.logdet(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Cholesky_device_' + CPU + '}} Input matrix must be square. [Op:Cholesky] name: '),
    (lambda: tf.linalg.sqrtm(z(2,3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixSquareRoot_device_' + CPU + '}} Input matrix must be square. [Op:MatrixSquareRoot] name: '),
    (lambda: tf.linalg.diag_part(z(3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDiagPartV3_device_' + CPU + '}} input must be at least 2-dim, received shape: [3] [Op:MatrixDiagPartV3] name: diag_part'),
    (lambda: tf.linalg.trace(z(3)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDiagPartV3_device_' + CPU + '}} input must be at least 2-dim, received shape: [3] [Op:MatrixDiagPartV3] name: diag_part'),
    (lambda: tf.linalg.diag_part([1., 2.]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDiagPartV3_device_' + CPU + '}} input must be at least 2-dim, received shape: [2] [Op:MatrixDiagPartV3]'),
    (lambda: tf.linalg.diag(np.zeros(())), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDiagV3_device_' + CPU + '}} diagonal must be at least 1-dim, received shape: [] [Op:MatrixDiagV3] name: diag'),
    (lambda: tf.linalg.diag(3.0), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixDiagV3_device_' + CPU + '}} diagonal must be at least 1-dim, received shape: [] [Op:MatrixDiagV3] name: diag'),
    (lambda: tf.linalg.solve(np.eye(2, dtype='float32'), z(3,1)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixSolve_device_' + CPU + '}} Input matrix and rhs are incompatible. [Op:MatrixSolve] name: '),
    (lambda: tf.linalg.solve(np.eye(2, dtype='float32'), z(2)), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__MatrixSolve_device_' + CPU + '}} All input tensors must have the same rank. [Op:MatrixSolve] name: '),
    (lambda: tf.linalg.cross([[1., 2.]], [[1., 2.]]), tf.errors.FailedPreconditionError,
     '{{function_node __wrapped__Cross_device_' + CPU + '}} Cross-products are only defined for 3-element vectors. [Op:Cross]'),
    (lambda: tf.math.top_k(z(3), k=5), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__TopKV2_device_' + CPU + '}} input must have at least k columns. Had 3, needed 5 [Op:TopKV2] name: '),
    (lambda: tf.math.top_k(z(3), k=-1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__TopKV2_device_' + CPU + '}} Need k >= 0, got -1 [Op:TopKV2] name: '),
    (lambda: tf.math.top_k(np.zeros(()), k=1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__TopKV2_device_' + CPU + '}} input must be >= 1-D, got shape [] [Op:TopKV2] name: '),
    (lambda: tf.math.top_k([1., 2.], k=3), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__TopKV2_device_' + CPU + '}} input must have at least k columns. Had 2, needed 3 [Op:TopKV2]'),
    (lambda: tf.math.bincount([-1, 2]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__DenseBincount_device_' + CPU + '}} Input arr must be non-negative! [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount(np.array([[-1, 2]])), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__DenseBincount_device_' + CPU + '}} Input arr must be non-negative! [Op:DenseBincount] name: '),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_linalg_kernel_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)
