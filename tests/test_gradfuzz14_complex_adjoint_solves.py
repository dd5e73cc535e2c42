"""adjoint=True on complex matrices is the conjugate transpose, as in TF 2.21: tf.linalg.inv, solve,
triangular_solve (through the general solve) and matvec(adjoint_a=True) transposed without conjugating;
det / slogdet gradients of complex matrices follow TF's rule (g * det * matrix_inverse(a, adjoint=True)),
and slogdet's log_abs_determinant keeps the complex dtype (LogMatrixDeterminant's)."""
import numpy as np
import pytest

import framework as tf

A = [[2 + 1j, 1 - 1j], [0.5j, 3 - 0.5j]]
B = [[1 + 0j], [2 - 1j]]


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=2e-6, atol=1e-7)


def test_adjoint_forward_values_are_tf_2_21s():
    a = tf.constant(A, tf.complex64)
    b = tf.constant(B, tf.complex64)
    # printed by TF 2.21: repr(tf.linalg.inv(a, adjoint=True).numpy()) etc., a and b as above
    _close(tf.linalg.inv(a, adjoint=True), [[0.45098042 + 0.19607845j, -0.01960784 + 0.07843137j],
                                            [-0.11764705 - 0.19607843j, 0.35294116 - 0.07843137j]])
    _close(tf.linalg.solve(a, b, adjoint=True), [[0.4901961 + 0.37254903j], [0.5098039 - 0.7058823j]])
    _close(tf.linalg.triangular_solve(a, b, adjoint=True), [[0.42702705 + 0.36216217j],
                                                            [0.5945946 - 0.43243244j]])
    _close(tf.linalg.matvec(a, b[:, 0], adjoint_a=True), [1.5 - 2j, 7.5 - 1j])


def test_matvec_refuses_transpose_and_adjoint_together():
    a = tf.constant(A, tf.complex64)
    with pytest.raises(ValueError, match='Only one of `transpose_a` and `adjoint_a` can be True'):
        tf.linalg.matvec(a, a[0], adjoint_a=True, transpose_a=True)


def test_slogdet_log_abs_keeps_complex_dtype_and_its_gradient():
    a = tf.constant(A, tf.complex64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        sign, log_abs = tf.linalg.slogdet(a)
        det = tf.math.real(tf.linalg.det(a))
        total = tf.math.real(log_abs)
    # TF 2.21: log_abs_determinant=<tf.Tensor: shape=(), dtype=complex64, numpy=(1.8220717906951904+0j)>
    assert log_abs.dtype == tf.complex64 and sign.dtype == tf.complex64
    _close(log_abs, 1.8220717906951904 + 0j)
    # TF 2.21: tape.gradient(tf.math.real(tf.linalg.det(a)), a): det * inverse(a)^H, not conj(det) * ...
    _close(tape.gradient(det, a), [[2.4117649 + 1.8529414j, -0.2352941 + 0.44117644j],
                                   [-0.41176465 - 1.3529413j, 2.2352939 + 0.05882353j]])
    # TF 2.21: tape.gradient(tf.math.real(tf.linalg.slogdet(a)[1]), a) = inverse(a)^H
    _close(tape.gradient(total, a), [[0.45098042 + 0.19607845j, -0.01960784 + 0.07843137j],
                                     [-0.11764705 - 0.19607843j, 0.35294116 - 0.07843137j]])


def _central_difference(f, a, h=1e-6):
    """d f / d re(a) + i d f / d im(a): TF's gradient of a real loss of complex variables."""
    grad = np.zeros_like(a)
    for idx in np.ndindex(a.shape):
        step = np.zeros_like(a)
        step[idx] = h
        d_re = (f(a + step) - f(a - step)) / (2 * h)
        d_im = (f(a + 1j * step) - f(a - 1j * step)) / (2 * h)
        grad[idx] = d_re + 1j * d_im
    return grad


@pytest.mark.parametrize('op', ['inv', 'solve', 'triangular_solve', 'matvec'])
def test_adjoint_gradients_match_central_differences_in_complex128(op):
    rng = np.random.RandomState(5)
    a0 = (rng.randn(3, 3) + 1j * rng.randn(3, 3) + 3 * np.eye(3)).astype(np.complex128)
    b = tf.constant((rng.randn(3, 2) + 1j * rng.randn(3, 2)).astype(np.complex128))
    w = tf.constant((rng.randn(3, 3) + 1j * rng.randn(3, 3)).astype(np.complex128))
    calls = {'inv': lambda m: tf.linalg.inv(m, adjoint=True),
             'solve': lambda m: tf.linalg.solve(m, b, adjoint=True),
             'triangular_solve': lambda m: tf.linalg.triangular_solve(m, b, lower=False, adjoint=True),
             'matvec': lambda m: tf.linalg.matvec(m, b[:, 0], adjoint_a=True)}

    def loss(m):
        y = calls[op](m)
        return tf.math.real(tf.reduce_sum(y * w[:y.shape[0], :y.shape[-1]] if y.ndim == 2 else y * w[0]))

    a = tf.constant(a0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        value = loss(a)
    got = tape.gradient(value, a).numpy()
    want = _central_difference(lambda m: float(loss(tf.constant(m)).numpy()), a0)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)
