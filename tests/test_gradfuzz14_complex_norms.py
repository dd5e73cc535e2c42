"""Norms and squared differences of complex tensors sum x * conj(x), as TF 2.21's kernels do:
tf.norm / reduce_euclidean_norm of complex values were sqrt(sum(x * x)) (tf.norm([[1+2j, 3-1j], ...]):
TF 5.0249376+0j, tapeflow 3.5707142+0j) and tf.math.squared_difference was (x - y)^2 (TF (x-y)*conj(x-y),
real-valued). Gradients follow TF's rules (EuclideanNorm's x / (norm / g), SquaredDifference's 2 g (x - y))."""
import numpy as np

import framework as tf

C = [[1 + 2j, 3 - 1j], [0.5j, -2 + 0j], [1 + 1j, 2 + 0j]]


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6, atol=1e-7)


def test_complex_norm_values_are_tf_2_21s():
    c = tf.constant(C, tf.complex64)
    # printed by TF 2.21: tf.norm(c), tf.norm(c, axis=1), reduce_euclidean_norm(c, 0), tf.norm(c, 'fro', axis=[0, 1])
    _close(tf.norm(c), 5.0249376 + 0j)
    _close(tf.norm(c, axis=1), [3.8729835 + 0j, 2.0615528 + 0j, 2.4494898 + 0j])
    _close(tf.math.reduce_euclidean_norm(c, 0), [2.6925824 + 0j, 4.2426405 + 0j])
    _close(tf.norm(c, 'fro', axis=[0, 1]), 5.0249376 + 0j)
    _close(tf.math.squared_difference(c, 1j), [[2, 13], [0.25, 5], [1, 5]])


def test_complex_norm_and_squared_difference_gradients_are_tf_2_21s():
    c = tf.constant(C, tf.complex64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(c)
        norm = tf.math.real(tf.reduce_sum(tf.norm(c, axis=1) * [1, 2, 3]))
        euclid = tf.math.real(tf.reduce_sum(tf.math.reduce_euclidean_norm(c, 0) * [1, -1]))
        squares = tf.math.real(tf.reduce_sum(tf.math.squared_difference(c, 1j) * (1 - 2j)))
    # printed by TF 2.21 for the three losses above
    _close(tape.gradient(norm, c), [[0.2581989 + 0.5163978j, 0.7745967 - 0.2581989j],
                                    [0.48507127j, -1.9402851 + 0j], [1.2247448 + 1.2247448j, 2.4494896 + 0j]])
    _close(tape.gradient(euclid, c), [[0.37139067 + 0.74278134j, -0.7071068 + 0.23570228j],
                                      [0.18569534j, 0.47140455 + 0j], [0.37139067 + 0.37139067j, -0.47140455 + 0j]])
    _close(tape.gradient(squares, c), [[-2 + 6j, 14 + 8j], [2 - 1j, -10j], [2 + 4j, 8 + 6j]])


def test_complex128_norm_gradient_matches_central_differences():
    rng = np.random.RandomState(7)
    c0 = rng.randn(3, 4) + 1j * rng.randn(3, 4)
    w = tf.constant(rng.randn(3), tf.float64)

    def loss(m):
        return float(tf.reduce_sum(tf.math.real(tf.norm(m, axis=1)) * w).numpy())

    c = tf.constant(c0)
    with tf.GradientTape() as tape:
        tape.watch(c)
        value = tf.reduce_sum(tf.math.real(tf.norm(c, axis=1)) * w)
    got = tape.gradient(value, c).numpy()
    want = np.zeros_like(c0)
    h = 1e-6
    for idx in np.ndindex(c0.shape):
        step = np.zeros_like(c0)
        step[idx] = h
        want[idx] = ((loss(tf.constant(c0 + step)) - loss(tf.constant(c0 - step)))
                     + 1j * (loss(tf.constant(c0 + 1j * step)) - loss(tf.constant(c0 - 1j * step)))) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)
