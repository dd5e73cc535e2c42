"""keras.ops given string tensors, or bitwise ops given floats, raise InvalidArgumentError: TensorFlow 2.21's
kernels refuse them with their registry's IAE (keras.ops.sum / abs / max / cumsum / det / svd of strings,
bitwise_and of floats: /work/notes/progs/fuzz6 kout_tf.txt). tapeflow raised TypeError, which a ported
``except tf.errors.InvalidArgumentError`` missed. Where Keras's type promotion refuses first (sin, mean of
strings: ValueError) the IAE is a ValueError as well, and it stays a TypeError for older handlers."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

IAE = tf.errors.InvalidArgumentError
S = np.array([['a', 'b'], ['c', 'd']])
X = np.ones((2, 2), np.float32)


@pytest.mark.parametrize('call', [
    lambda: ops.sum(S), lambda: ops.abs(S), lambda: ops.max(S), lambda: ops.cumsum(S), lambda: ops.argmax(S),
    lambda: ops.det(S), lambda: ops.svd(S), lambda: ops.qr(S), lambda: ops.exp(S),
    lambda: ops.square(S), lambda: ops.trace(S),
], ids=['sum', 'abs', 'max', 'cumsum', 'argmax', 'det', 'svd', 'qr', 'exp', 'square', 'trace'])
# (sin and mean: Keras's type promotion refuses the strings first, a ValueError: test_errors30_keras_ops_string_promotion)
def test_string_tensors_are_kernel_refusals(call):
    with pytest.raises(IAE, match='expected a numeric tensor, got dtype string') as err:
        call()
    assert isinstance(err.value, ValueError) and isinstance(err.value, TypeError)


@pytest.mark.parametrize('name', ['bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift'])
def test_bitwise_ops_of_floats(name):
    with pytest.raises(IAE, match='expected integer tensors, got dtype float32'):
        getattr(ops, name)(X, X)
    with pytest.raises(IAE):
        ops.bitwise_invert(X)


def test_fmod_of_complex():
    with pytest.raises(IAE, match='keras.ops.fmod: expected real numeric tensors, got dtype complex64'):
        ops.fmod(X.astype(np.complex64), X.astype(np.complex64))


@pytest.mark.parametrize('call', [
    lambda: ops.vdot(X, np.ones((5, 7), np.float32)), lambda: ops.inner(X, np.ones((5, 7), np.float32)),
    lambda: ops.cross(X, np.ones((5, 7), np.float32)), lambda: ops.corrcoef(np.ones((2, 3, 3), np.float32)),
    lambda: ops.tril(np.ones(3, np.float32)), lambda: ops.triu(np.ones(3, np.float32)),
    lambda: ops.fliplr(np.ones(3, np.float32)), lambda: ops.logdet(np.ones((5, 7), np.float32)),
    lambda: ops.qr(np.ones(3, np.float32)), lambda: ops.median(np.ones((0, 3), np.float32)),
    lambda: ops.space_to_depth(np.ones((4, 4, 2), np.float32), 2),
    lambda: ops.space_to_depth(np.ones((1, 4, 4, 2), np.float32), 100),
], ids=['vdot', 'inner', 'cross', 'corrcoef', 'tril', 'triu', 'fliplr', 'logdet', 'qr', 'median', 's2d_rank',
        's2d_block'])
def test_shape_errors_tensorflow_kernels_raise_as_invalid_argument(call):
    # TF 2.21: MatMul / BroadcastArgs / RealDiv / MatrixBandPart / ReverseV2 / Cholesky / Qr / GatherV2 /
    # SpaceToDepth kernel errors (kout_tf.txt); tapeflow's words stay, the class is TF's (still a ValueError)
    with pytest.raises(IAE, match='keras.ops'):
        call()


def test_keras_own_square_checks_stay_value_errors():
    # Keras 3 checks eigh / cholesky / lu_factor itself (ValueError 'Expected a square matrix ...')
    for fn in (ops.eigh, ops.cholesky, ops.lu_factor):
        with pytest.raises(ValueError) as err:
            fn(np.ones((5, 7), np.float32))
        assert type(err.value) is ValueError


@pytest.mark.parametrize('call, kernel', [
    (lambda: ops.cross(C3, C3), 'Cross'), (lambda: ops.digitize(C3, [0.5, 1.5]), 'Bucketize'),
    (lambda: ops.histogram(C3[0]), 'Min'), (lambda: ops.histogram(np.array([True, False])), 'Min'),
    (lambda: ops.ldexp(C3, np.ones((2, 3), np.int32)), 'IsInf'), (lambda: ops.nan_to_num(C3), 'IsNan'),
], ids=['cross', 'digitize', 'histogram', 'histogram_bools', 'ldexp', 'nan_to_num'])
def test_complex_tensors_meet_tensorflows_kernel_lists(call, kernel):
    # TF 2.21 (kout_tf.txt): "Value for attr 'T' of complex64 is not in the list of allowed values: ..."
    with pytest.raises(IAE, match=r"Value for attr 'T' of (complex64|bool) is not in the list of allowed values: "
                                  r"[\s\S]*\{\{node %s\}\}" % kernel):
        call()


C3 = (np.ones((2, 3)) + 1j).astype(np.complex64)


def test_keras_python_checks_for_complex_inputs():
    with pytest.raises(TypeError, match=r"fabs does not support complex inputs. Received: "
                                        r"x.dtype=<dtype: 'complex64'>"):
        ops.fabs(C3)
    with pytest.raises(TypeError, match=r'Input `a` must have `float`-like `dtype` \(saw complex64\).'):
        ops.matrix_rank(C3)


STRINGS = np.array([['a', 'b'], ['c', 'd']])


def test_string_matrices_as_keras_on_tensorflow():
    # TF 2.21 (kout_tf.txt): MatrixBandPart has no CPU kernel for strings; diag / diagonal fill zeros beside them;
    # unique sorts by negating (Neg's registry); tapeflow computed all of these
    for fn in (ops.tril, ops.triu):
        with pytest.raises(tf.errors.NotFoundError, match=r'\{\{node MatrixBandPart\}\} = MatrixBandPart\[T=DT_STRING'):
            fn(STRINGS)
    for call in (lambda: ops.diag(STRINGS[0]), lambda: ops.diagflat(STRINGS), lambda: ops.diagonal(STRINGS)):
        with pytest.raises(TypeError, match='Cannot convert 0 to EagerTensor of dtype string'):
            call()
    for x, dtype in ((STRINGS, 'string'), (np.array([True, False]), 'bool')):
        with pytest.raises(IAE, match="Value for attr 'T' of %s is not in the list of allowed values" % dtype):
            ops.unique(x)


def test_solve_checks_as_keras_then_matrix_solve():
    a = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
    with pytest.raises(ValueError, match=r'Expected a square matrix. Received non-square input with shape \(5, 7\)'):
        ops.solve(np.ones((5, 7), np.float32), a)
    with pytest.raises(ValueError, match=r'Expected `a.shape\[-1\] == b.shape\[-1\]`. Received: a.shape=\(2, 2\), '
                                         r'b.shape=\(2, 2, 1\)'):
        ops.solve(a, np.ones((2, 2, 1), np.float32))
    with pytest.raises(IAE, match='All input tensors must have the same outer dimensions.'):
        ops.solve(a[None], a)          # b a batch of vectors: (2, 2, 1) beside a's batch of 1
    with pytest.raises(IAE, match='All input tensors must have the same rank.'):
        ops.solve(a, a[None])
    np.testing.assert_allclose(ops.solve(a, np.array([1.0, 2.0], np.float32)), [0.2, 0.6], rtol=1e-6)


def test_corrcoef_of_a_vector_and_crossentropy_of_a_complex_target():
    # TF 2.21 (kout_tf.txt): Keras's corrcoef matmuls the vector (MatMul refuses rank 1); a complex target meets
    # the float output in Mul
    with pytest.raises(IAE, match=r'In\[0\] ndims must be >= 2 \[Op:MatMul\]'):
        ops.corrcoef(np.ones(3, np.float32))
    with pytest.raises(IAE, match=r'cannot compute Mul as input #1\(zero-based\) was expected to be a complex64 tensor '
                                  r'but is a float tensor'):
        ops.categorical_crossentropy(np.ones((2, 3), np.complex64), np.ones((2, 3), np.float32))
