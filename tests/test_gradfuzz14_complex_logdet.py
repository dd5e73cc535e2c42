"""tf.linalg.logdet of complex Hermitian positive-definite matrices is TF 2.21's composition,
2 * sum(log(real(diag(cholesky(a))))): a real tensor with the Cholesky's gradient. tapeflow refused
complex input ('logdet: expected a floating tensor, got dtype complex64')."""
import numpy as np

import framework as tf


def test_complex_logdet_value_dtype_and_gradient_are_tf_2_21s():
    a = tf.constant([[4 + 0j, 1 - 2j], [1 + 2j, 6 + 0j]], tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.linalg.logdet(a)
    # printed by TF 2.21: np.float32(2.944439) float32, and repr(tape.gradient(y, a).numpy())
    assert y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy(), 2.944439, rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(y, a).numpy(),
                               [[0.3157895 + 0j, -0.052631576 + 0.10526315j],
                                [-0.052631576 - 0.10526315j, 0.2105263 + 0j]], rtol=2e-6, atol=1e-7)


def test_complex128_batch_logdet_is_float64():
    b = tf.constant([[[4 + 0j, 1 - 2j], [1 + 2j, 6 + 0j]], [[2 + 0j, 0.5j], [-0.5j, 1 + 0j]]], tf.complex128)
    out = tf.linalg.logdet(b)
    # TF 2.21: array([2.944438979, 0.559615788]) (float64)
    assert out.dtype == tf.float64
    np.testing.assert_allclose(out.numpy(), [2.944438979, 0.559615788], rtol=1e-9)


def test_complex_logdet_gradient_is_inverse_adjoint_by_central_differences():
    """d log det(A) for Hermitian A: TF's gradient is inv(A)^H (the conjugate convention); central
    differences of A + h (E + E^H) recover its Hermitian part."""
    rng = np.random.RandomState(8)
    m = rng.randn(3, 3) + 1j * rng.randn(3, 3)
    a0 = m @ m.conj().T + 3 * np.eye(3)
    a = tf.constant(a0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.linalg.logdet(a)
    grad = tape.gradient(y, a).numpy()
    h = 1e-6
    f = lambda x: float(tf.linalg.logdet(tf.constant(x)).numpy())
    for i, j in [(0, 0), (1, 0), (2, 1)]:
        e = np.zeros((3, 3), complex)
        e[i, j] = 1
        step = h * (e + e.conj().T) if i != j else h * e
        d = (f(a0 + step) - f(a0 - step)) / (2 * h)
        # directional derivative along step / h: real(sum(conj(grad) * direction)) as TF's convention gives
        direction = step / h
        np.testing.assert_allclose(np.real(np.sum(np.conj(grad) * direction)), d, rtol=1e-6, atol=1e-8)
