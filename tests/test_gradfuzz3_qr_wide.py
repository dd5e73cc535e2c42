"""keras.ops.qr of a wide matrix (M < N) differentiates, as Keras 3 on TF 2.21 (tf.linalg.qr's QrGrad
for wide matrices: a = [X, Y], X = Q U square, Y = Q V), in both modes (they agree for M < N).
tapeflow recorded it as blocked (None). Literals printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('mode', ['reduced', 'complete'])
def test_wide_qr_gradient(mode):
    a = tf.constant([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]], tf.float64)
    with tf.GradientTape() as t:
        t.watch(a)
        q, r = tf.keras.ops.qr(a, mode=mode)
        w = (tf.reduce_sum(q * tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64))
             + tf.reduce_sum(r * tf.reshape(tf.range(1.0, 7.0, dtype=tf.float64), [2, 3])))
    np.testing.assert_allclose(t.gradient(w, a).numpy(), [[4.472135955, -4.024922359, -5.366563146],
                                                          [-11.180339887, 3.577708764, 4.024922359]], rtol=1e-9)


def test_wide_qr_second_order():
    x = tf.Variable([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]])
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.abs(tf.keras.ops.qr(x)[1])
            w = tf.reduce_sum(y * tf.reshape(tf.range(1.0, 7.0), [2, 3]))
        g = t1.gradient(w, x)
        s = tf.reduce_sum(g * g * g)
    np.testing.assert_allclose(g.numpy(), [[-1.43108, -4.02492, 5.36656], [5.09823, 3.57771, -4.02492]], atol=2e-5)
    np.testing.assert_allclose(t2.gradient(s, x).numpy(), [[513.2392, -214.38753, 241.18597],
                                                           [-1723.2368, -241.18597, 321.58142]], rtol=2e-5)


def test_band_part_keeps_its_zero_on_the_tensors_device(backend):
    # band_part's zero was a host numpy scalar, so on cupy where() refused the mix of devices and the
    # QR gradient (which band_parts) failed there (seen on an H200: 'operands are on different devices')
    x = tf.Variable([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]])
    with tf.GradientTape() as t:
        y = tf.linalg.band_part(x, 0, 1)
        w = tf.reduce_sum(tf.abs(tf.keras.ops.qr(x)[1]) * tf.reshape(tf.range(1.0, 7.0), [2, 3]))
    assert backend.holds(y)
    np.testing.assert_array_equal(y.numpy(), [[1.0, -2.0, 0.0], [0.0, 2.0, -1.0]])
    np.testing.assert_allclose(t.gradient(w, x).numpy(), [[-1.43108, -4.02492, 5.36656],
                                                          [5.09823, 3.57771, -4.02492]], atol=2e-5)
