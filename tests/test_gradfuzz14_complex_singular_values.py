"""tf.linalg.svd(complex, compute_uv=False) has TF 2.21's gradient u diag(g) v^H (tapeflow recorded
none: tape.gradient gave None for a loss of a complex matrix's singular values)."""
import numpy as np

import framework as tf


def test_complex_singular_value_gradient_is_tf_2_21s():
    c = tf.constant([[1 + 2j, 3 - 1j], [0.5j, -2 + 0j], [1 + 1j, 2 + 0j]], tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch(c)
        s = tf.linalg.svd(c, compute_uv=False)
        loss = tf.reduce_sum(s * [1.0, 2.0])
    # printed by TF 2.21: array([4.766454, 1.5908837], dtype=float32) and repr(tape.gradient(loss, c).numpy())
    assert s.dtype == tf.float32
    np.testing.assert_allclose(s.numpy(), [4.766454, 1.5908837], rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(loss, c).numpy(),
                               [[0.13037597 + 0.9351922j, 0.37815726 - 0.35086593j],
                                [0.31128025 + 1.3362485j, -1.1167724 - 0.07782j],
                                [0.70105606 + 0.18225585j, 0.3385717 + 0.25940022j]], rtol=5e-6, atol=5e-7)


def test_complex128_singular_value_gradient_matches_central_differences():
    rng = np.random.RandomState(12)
    c0 = rng.randn(4, 3) + 1j * rng.randn(4, 3)
    w = tf.constant([1.0, -0.5, 2.0], tf.float64)

    def loss(m):
        return tf.reduce_sum(tf.linalg.svd(m, compute_uv=False) * w)

    c = tf.constant(c0)
    with tf.GradientTape() as tape:
        tape.watch(c)
        value = loss(c)
    got = tape.gradient(value, c).numpy()
    h = 1e-6
    want = np.zeros_like(c0)
    for idx in np.ndindex(c0.shape):
        s = np.zeros_like(c0)
        s[idx] = h
        f = lambda m: float(loss(tf.constant(m)))
        want[idx] = (f(c0 + s) - f(c0 - s) + 1j * (f(c0 + 1j * s) - f(c0 - 1j * s))) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)
