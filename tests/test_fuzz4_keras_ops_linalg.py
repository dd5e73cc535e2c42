"""keras.ops matrix functions given integer or bool matrices: Keras 3 on TensorFlow 2.21 casts nothing, so the
kernels' op registry refuses them (tapeflow cast them to float32 and returned results). Texts printed by
TF 2.21 + Keras 3 (/opt/tfref) for the same calls."""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = np.array([[2, 1], [1, 3]], np.int32)
B = np.array([[1.], [2.]], np.float32)


@pytest.mark.parametrize('call, kernel, allowed', [
    (lambda: keras.ops.inv(A), 'MatrixInverse', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.det(A), 'MatrixDeterminant', 'half, float, double, complex64, complex128'),
    (lambda: keras.ops.slogdet(A), 'LogMatrixDeterminant', 'half, float, double, complex64, complex128'),
    (lambda: keras.ops.solve(A, B), 'MatrixSolve', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.eigh(A), 'SelfAdjointEigV2', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.qr(A), 'Qr', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.svd(A), 'Svd', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.lu_factor(A), 'Lu', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.logdet(A), 'Cholesky', 'double, float, half, complex64, complex128'),
    (lambda: keras.ops.solve_triangular(A, B), 'MatrixTriangularSolve',
     'bfloat16, double, float, half, complex64, complex128'),
])
def test_integer_matrices_meet_the_kernels_refusal(call, kernel, allowed):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    text = str(err.value)
    assert text.startswith("Value for attr 'T' of int32 is not in the list of allowed values: %s\n\t; NodeDef: "
                           "{{node %s}}; Op<name=%s; signature=" % (allowed, kernel, kernel))
    assert '[Op:%s]' % kernel in text


def test_cholesky_pinv_and_matrix_rank_use_keras_and_tf_python_words():
    with pytest.raises(ValueError, match="^Cholesky decomposition failed: Value for attr 'T' of int32"):
        keras.ops.cholesky(A)
    for op in (keras.ops.pinv, keras.ops.matrix_rank):
        with pytest.raises(TypeError, match=r'^Input `a` must have `float`-like `dtype` \(saw int32\)\.'):
            op(A)
    with pytest.raises(tf.errors.InvalidArgumentError, match="of bool is not in the list"):
        keras.ops.inv(A > 1)


def test_float_matrices_still_work():
    assert keras.ops.det(A.astype('float64')).dtype == tf.float64
    np.testing.assert_allclose(keras.ops.inv(A.astype('float32')).numpy(), np.linalg.inv(A), rtol=1e-6)
