"""tf.linalg.eigh / eigvalsh of complex Hermitian matrices: eigenvalues in the input's complex dtype and
TF 2.21's SelfAdjointEigV2 gradient (tapeflow returned float32 eigenvalues and no gradient at all)."""
import numpy as np

import framework as tf

A = [[4 + 0j, 1 - 2j, 0.5j], [1 + 2j, 6 + 0j, 1 + 0j], [-0.5j, 1 + 0j, 3 + 0j]]
# printed by TF 2.21 (t6.py in notes/progs/gradfuzz14): the gradients of the losses below
EIGENVALUE_GRADIENT = [[-0.19338918 + 0j, 0j, 0j],
                       [0.35438222 + 0.32067585j, 0.4520595 + 0j, 0j],
                       [0.7761775 + 2.5394301j, -1.1979725 - 0.38808864j, -0.7586699 + 0j]]
EIGENVECTOR_GRADIENT = [[-0.14686477 + 0j, 0j, 0j],
                        [-0.38368633 - 0.70923597j, 0.5098348 + 0j, 0j],
                        [-0.1162737 - 0.04623422j, 0.39640176 + 0.05813675j, -0.36297023 + 0j]]


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got), want, rtol=5e-6, atol=5e-7)


def test_complex_eigh_values_dtype_and_gradients_are_tf_2_21s():
    a = tf.constant(A, tf.complex64)
    w = tf.constant([[1.0, 2.0, -1.0], [0.5, -0.25, 3.0], [2.0, 1.0, 0.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        e, v = tf.linalg.eigh(a)
        by_values = tf.math.real(tf.reduce_sum(e * [1.0, -2.0, 0.5]))
        by_vectors = tf.reduce_sum(tf.abs(v) ** 2 * w)        # independent of each column's phase
        by_eigvalsh = tf.math.real(tf.reduce_sum(tf.linalg.eigvalsh(a) * [1.0, -2.0, 0.5]))
    assert e.dtype == tf.complex64          # TF: array([1.7849786+0.j, 3.6806624+0.j, 7.534361+0.j], complex64)
    _close(e.numpy(), [1.7849786 + 0j, 3.6806624 + 0j, 7.534361 + 0j])
    _close(tape.gradient(by_values, a), EIGENVALUE_GRADIENT)
    _close(tape.gradient(by_eigvalsh, a), EIGENVALUE_GRADIENT)
    _close(tape.gradient(by_vectors, a), EIGENVECTOR_GRADIENT)


def test_complex128_eigenvalue_gradient_matches_central_differences_along_hermitian_steps():
    rng = np.random.RandomState(9)
    m = rng.randn(3, 3) + 1j * rng.randn(3, 3)
    a0 = m @ m.conj().T + np.diag([1.0, 4.0, 9.0])
    weights = tf.constant([0.5, -1.0, 2.0], tf.complex128)

    def loss(x):
        return tf.math.real(tf.reduce_sum(tf.linalg.eigvalsh(x) * weights))

    a = tf.constant(a0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        value = loss(a)
    grad = tape.gradient(value, a).numpy()
    h = 1e-6
    for i, j in [(0, 0), (1, 0), (2, 0), (2, 1)]:
        e = np.zeros((3, 3), complex)
        e[i, j] = 1 if i == j else 1 + 0.5j
        direction = e if i == j else e + e.conj().T
        central = (float(loss(tf.constant(a0 + h * direction))) - float(loss(tf.constant(a0 - h * direction)))) / (2 * h)
        # TF's gradient lives on the lower triangle the kernel reads: the directional derivative of a
        # Hermitian step is real(sum(conj(grad) * lower part of the step)) * its symmetric weight
        lower = np.tril(direction)
        np.testing.assert_allclose(np.real(np.sum(np.conj(grad) * lower)), central, rtol=1e-6, atol=1e-8)
