"""tf.linalg.cholesky's gradient for complex Hermitian matrices is TF 2.21's _CholeskyGrad, with its
adjoints: tapeflow used plain transposes and the tape's complex wrapping then conjugated the wrong parts
(d real(sum(cholesky(a) * w)) / da was not Hermitian: [[0.16-0.08j, ...]] where TF gives [[0.487+0j, ...]])."""
import numpy as np

import framework as tf


def test_complex_cholesky_gradient_is_tf_2_21s():
    a = tf.constant([[4 + 0j, 1 - 2j], [1 + 2j, 6 + 0j]], tf.complex64)
    w = tf.constant([[1 - 1j, 0.5 + 2j], [-1 + 0.25j, 2 + 0j]], tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch(a)
        loss = tf.math.real(tf.reduce_sum(tf.linalg.cholesky(a) * w))
    # printed by TF 2.21: repr(tape.gradient(loss, a).numpy())
    np.testing.assert_allclose(tape.gradient(loss, a).numpy(),
                               [[0.4871348 + 0j, -0.3647079 + 0.2919157j],
                                [-0.3647079 - 0.2919157j, 0.45883146 + 0j]], rtol=2e-6, atol=1e-7)


def test_complex128_cholesky_gradient_matches_central_differences_on_hermitian_directions():
    """TF's rule is the gradient for Hermitian perturbations of the lower triangle it reads: for a loss
    of cholesky(B B^H + I) the chain through B is exact, so central differences in B check it."""
    rng = np.random.RandomState(4)
    b0 = rng.randn(3, 3) + 1j * rng.randn(3, 3)
    w = tf.constant(rng.randn(3, 3) + 1j * rng.randn(3, 3))

    def loss_of(b):
        a = tf.matmul(b, b, adjoint_b=True) + tf.eye(3, dtype=tf.complex128)
        return tf.math.real(tf.reduce_sum(tf.linalg.cholesky(a) * w))

    b = tf.constant(b0)
    with tf.GradientTape() as tape:
        tape.watch(b)
        value = loss_of(b)
    h = 1e-6
    central = np.zeros_like(b0)
    for idx in np.ndindex(3, 3):
        s = np.zeros_like(b0)
        s[idx] = h
        f = lambda m: float(loss_of(tf.constant(m)).numpy())
        central[idx] = (f(b0 + s) - f(b0 - s) + 1j * (f(b0 + 1j * s) - f(b0 - 1j * s))) / (2 * h)
    np.testing.assert_allclose(tape.gradient(value, b).numpy(), central, rtol=1e-6, atol=1e-8)
