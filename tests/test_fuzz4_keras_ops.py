"""keras.ops given integer, bool or float64 operands where Keras 3 on TensorFlow 2.21 casts nothing: the matrix
functions meet their kernels' op-registry refusal, the crossentropies TF's Mul (tapeflow cast them and returned
results). Texts printed by TF 2.21 + Keras 3 (/opt/tfref) for the same calls."""
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


T = np.array([[1., 0.], [0., 1.]], np.float32)
P = np.array([[0.8, 0.2], [0.3, 0.7]], np.float32)


@pytest.mark.parametrize('call, kind, text', [
    (lambda: keras.ops.binary_crossentropy(T.astype('int32'), P), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: keras.ops.binary_crossentropy(T.astype('int32'), P, from_logits=True), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a int32 tensor'),
    (lambda: keras.ops.binary_crossentropy(T.astype('float64'), P), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a double tensor but is a float tensor'),
    (lambda: keras.ops.binary_crossentropy(T, P.astype('float64')), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
    (lambda: keras.ops.binary_crossentropy(T.astype(bool), P), TypeError, 'Cannot convert 1 to EagerTensor of dtype bool'),
    (lambda: keras.ops.binary_crossentropy(T, P.astype('int32')), TypeError,
     'Cannot convert 0.9999999 to EagerTensor of dtype int32'),
    (lambda: keras.ops.binary_crossentropy([[1, 0], [0, 1]], P), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: keras.ops.categorical_crossentropy(T.astype('int32'), P), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: keras.ops.categorical_crossentropy(T, P.astype('int32')), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
    (lambda: keras.ops.categorical_crossentropy(T, P.astype('float64')), tf.errors.InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
])
def test_keras_ops_crossentropies_cast_nothing(call, kind, text):
    # Keras 3 on TF 2.21 (texts printed there); tapeflow cast the target to the output's dtype
    with pytest.raises(kind) as err:
        call()
    assert str(err.value).startswith(text)


def test_keras_ops_crossentropies_of_one_dtype_and_categorical_logits_still_work():
    assert keras.ops.binary_crossentropy(T, P).dtype == tf.float32
    # softmax_cross_entropy_with_logits casts the labels, so Keras takes int targets with logits
    assert keras.ops.categorical_crossentropy(T.astype('int32'), P, from_logits=True).dtype == tf.float32


def test_keras_solve_triangular_broadcasts_and_gives_nan_for_nan_as_tf():
    # Keras 3 on TF runs tf.linalg.triangular_solve (TF 2.21: OK, shape (1, 2, 2); NaN in, NaN out)
    eye = np.eye(2, dtype=np.float32)
    assert tuple(keras.ops.solve_triangular(eye, eye[None]).shape) == (1, 2, 2)
    nan = np.array([[np.nan, 0.], [1., 2.]], np.float32)
    assert np.isnan(keras.ops.solve_triangular(nan, eye, lower=True).numpy()).any()


X4 = np.ones((1, 4, 4, 2), np.float32)


@pytest.mark.parametrize('call, text', [
    (lambda: keras.ops.max_pool(X4, '2'), "Expected int for argument 'ksize' not '2'."),
    (lambda: keras.ops.average_pool(X4, 2, '2'), "Expected int for argument 'strides' not '2'."),
    (lambda: keras.ops.conv(X4, np.ones((2, 2, 2, 1), np.float32), '1'), "Expected int for argument 'strides' not '1'."),
])
def test_keras_ops_windows_given_as_text_are_tfs_type_error(call, text):
    # Keras 3 on TF 2.21 passes them to tf.nn, whose attr check refuses them; int('2') took them
    with pytest.raises(TypeError, match=text.replace('(', r'\(')):
        call()


def test_average_pool_and_depthwise_conv_refuse_integer_inputs_max_pool_takes_them():
    # Keras 3 on TF 2.21: AvgPool and DepthwiseConv2dNative have no integer kernels (max_pool casts)
    ints = np.ones((1, 4, 4, 2), np.int32)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        keras.ops.average_pool(ints, 2)
    assert str(err.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: half, "
                                     "bfloat16, float, double\n\t; NodeDef: {{node AvgPool}}")
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\{\{node DepthwiseConv2dNative\}\}'):
        keras.ops.depthwise_conv(ints, np.ones((2, 2, 2, 1), np.float32))
    assert keras.ops.max_pool(ints, 2).dtype == tf.float32


@pytest.mark.parametrize('x, text', [
    (np.ones((1, 4, 4, 2), np.int32), 'cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor '
                                      'but is a float tensor [Op:Conv2D] name: '),
    (np.ones((1, 4, 4, 2), np.int64), "Value for attr 'T' of int64 is not in the list of allowed values: half, "
                                      "bfloat16, float, double, int32\n\t; NodeDef: {{node Conv2D}}"),
    (np.ones((1, 4, 4, 2), bool), "Value for attr 'T' of bool is not in the list of allowed values: half, "
                                  "bfloat16, float, double, int32\n\t; NodeDef: {{node Conv2D}}"),
])
def test_keras_conv_refuses_integer_inputs_beside_a_float_kernel(x, text):
    # Keras 3 on TF 2.21 (its texts); tapeflow cast the input to float32
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        keras.ops.conv(x, np.ones((2, 2, 2, 1), np.float32))
    assert str(err.value).startswith(text)


@pytest.mark.parametrize('call, kernel, expected, given', [
    (lambda: keras.ops.solve(A.astype('float32'), np.ones((2, 2), np.int32)), 'MatrixSolve', 'float', 'int32'),
    (lambda: keras.ops.solve(A.astype('float64'), np.ones((2, 2), np.float32)), 'MatrixSolve', 'double', 'float'),
    (lambda: keras.ops.solve_triangular(A.astype('float32'), np.ones((2, 2), np.int32)), 'MatrixTriangularSolve',
     'float', 'int32'),
    (lambda: keras.ops.depthwise_conv(X4, np.ones((2, 2, 2, 1), np.int32)), '_MklNativeDepthwiseConv2dNative',
     'float', 'int32'),
    (lambda: keras.ops.depthwise_conv(X4.astype('float64'), np.ones((2, 2, 2, 1), np.float32)),
     'DepthwiseConv2dNative', 'double', 'float'),
])
def test_keras_ops_second_operands_of_another_dtype_are_the_kernels_error(call, kernel, expected, given):
    # Keras 3 on TF 2.21 casts neither operand (its texts); tapeflow cast them to one dtype
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value) == ('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is a %s '
                              'tensor [Op:%s] name: ' % (kernel, expected, given, kernel.replace('_MklNative', '')))


M23 = np.linspace(0.1, 0.6, 6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize('call, text', [
    (lambda: keras.ops.cdist(M23.astype('int32'), M23),
     'cannot compute Sub as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: keras.ops.cdist(M23, M23.astype('float64')),
     'cannot compute Sub as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
    (lambda: keras.ops.polar(M23.astype('int32'), M23),
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: keras.ops.polar(M23, M23.astype('float64')),
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
])
def test_cdist_and_polar_pair_their_operands_dtypes_as_tf(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value).startswith(text)
