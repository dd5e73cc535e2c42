"""tf.linalg.eig / eigvals and keras.ops.eig differentiate with TensorFlow's Eig gradient (real and complex
inputs, complex eigenvalue pairs, eigenvector losses, second order). Literals printed by TF 2.21
(/work/notes/progs/gradfuzz3, q1 eig_* and /tmp probes)."""
import numpy as np

import framework as tf


def test_eigvals_of_a_real_matrix_with_a_complex_pair():
    a = tf.Variable([[1.0, 2.0], [-3.0, 0.5]], dtype=tf.float64)
    with tf.GradientTape(persistent=True) as t:
        e = tf.linalg.eigvals(a)
        w = tf.reduce_sum(tf.math.real(e) ** 2 + tf.math.imag(e) ** 2)
        v = tf.linalg.eig(a)[1]
        w2 = tf.reduce_sum(tf.abs(v[0]))
    np.testing.assert_allclose(e.numpy(), [0.75 + 2.4366986j, 0.75 - 2.4366986j], rtol=1e-7)
    g = t.gradient(w, a)
    assert g.dtype == tf.float64
    np.testing.assert_allclose(g.numpy(), [[1.0, 6.0], [-4.0, 2.0]], atol=1e-12)
    np.testing.assert_allclose(t.gradient(w2, a).numpy(), [[0.0, 0.18973666], [0.12649111, 0.0]], atol=1e-8)


def test_keras_eig_float32():
    b = tf.constant([[2.0, 1.0, 0.0], [0.5, 3.0, 1.0], [0.0, 0.2, 5.0]])
    with tf.GradientTape() as t:
        t.watch(b)
        e = tf.keras.ops.eig(b)[0]
        w = tf.reduce_sum(tf.math.real(e) * tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(t.gradient(w, b).numpy(),
                               [[1.2286903, 0.30131531, -0.0016371656], [0.6026302, 1.8280467, 0.11070307],
                                [-0.016371597, 0.55351532, 2.9432628]], rtol=2e-5, atol=1e-6)


def test_complex128_input_keeps_its_precision():
    c = tf.Variable([[1 + 1j, 2], [0.5j, 3 - 1j]], dtype=tf.complex128)
    with tf.GradientTape() as t:
        e = tf.linalg.eigvals(c)
        w = tf.reduce_sum(tf.abs(e * tf.constant([1.0, 2j], tf.complex128)))
    assert e.dtype == tf.complex128
    np.testing.assert_allclose(e.numpy(), [1.2928932 + 0.7071068j, 2.7071068 - 0.7071068j], rtol=1e-7)
    np.testing.assert_allclose(t.gradient(w, c).numpy(),
                               [[0.658294 + 0.6839019j, -0.3611569 - 0.012804j],
                                [0.0512159 - 1.4446278j, 2.1541377 - 0.7095099j]], rtol=1e-6)


def test_second_order_through_eig():
    x = tf.Variable([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]], dtype=tf.float64)
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            m = tf.matmul(x, x, transpose_b=True) + tf.constant([[0.0, 1.0], [0.0, 0.0]], tf.float64)
            y = tf.math.real(tf.linalg.eig(m)[0])
            w = tf.reduce_sum(y * tf.constant([1.0, 2.0], tf.float64))
        g = t1.gradient(w, x)
        s = tf.reduce_sum(g * g * g)
    np.testing.assert_allclose(g.numpy(), [[2.81441, -3.19928, 6.41862], [2.6051, 5.56133, -1.16098]], atol=1e-5)
    np.testing.assert_allclose(t2.gradient(s, x).numpy(), [[74.59826, 148.37484, 302.84414],
                                                           [92.31659, 355.98758, 116.26207]], atol=1e-4)
