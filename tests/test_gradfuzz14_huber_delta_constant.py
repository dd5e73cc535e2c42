"""keras.losses.Huber(delta) computes its linear branch's constant as Keras 3 on TF 2.21 does, half * square(delta)
with delta a tensor of the loss's dtype: for delta=0.1 in float32 that is 0.0050000004f, where tapeflow rounded
0.5 * 0.1 * 0.1 from float64 (0.005f) and its losses were an ulp off."""
import numpy as np

import framework as tf
from framework import keras

Y_TRUE = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.2, 0.3, 0.5]]
Y_PRED = [[0.1, 0.9, 0.0], [1.0, 0.0, 0.0], [0.25, 0.25, 0.5]]


def test_huber_small_delta_bits_are_tf_2_21s():
    y_pred = tf.constant(Y_PRED)
    with tf.GradientTape() as tape:
        tape.watch(y_pred)
        loss = keras.losses.Huber(delta=0.1)(tf.constant(Y_TRUE), y_pred)
    grad = tape.gradient(loss, y_pred)
    # printed by TF 2.21 (float.hex): loss 0x1.6c16c6p-10, gradient row 0 [0x1.6c16c2p-7, -0x1.6c16c2p-7, 0]
    assert float(loss.numpy()).hex() == '0x1.6c16c60000000p-10'
    assert [float(v).hex() for v in grad.numpy()[0]] == ['0x1.6c16c20000000p-7', '-0x1.6c16c20000000p-7', '0x0.0p+0']


def test_huber_gradient_matches_central_differences_in_float64():
    rng = np.random.RandomState(1)
    t0, p0 = rng.randn(4, 3), rng.randn(4, 3)

    def loss(t, p):     # the function keeps float64 (the Loss class would compute in floatx, float32)
        return tf.reduce_mean(keras.losses.huber(t, p, delta=0.3))

    def value(p):
        return float(loss(tf.constant(t0), tf.constant(p)))

    p = tf.constant(p0)
    with tf.GradientTape() as tape:
        tape.watch(p)
        v = loss(tf.constant(t0), p)
    got = tape.gradient(v, p).numpy()
    h = 1e-7
    want = np.zeros_like(p0)
    for idx in np.ndindex(p0.shape):
        s = np.zeros_like(p0)
        s[idx] = h
        want[idx] = (value(p0 + s) - value(p0 - s)) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-9)
