"""tf.math.squared_difference's second derivatives in TF 2.21's arrangement: _SquaredDifferenceGrad computes
x_grad = (2 * grad) * (x - y) once and hands -x_grad to y, so an outer tape differentiates one product.

Golden values printed by TF 2.21 (progs/gradfuzz18/t6.py):

    with tf.GradientTape() as t2:
        t2.watch([x, y])
        with tf.GradientTape() as t:
            t.watch([x, y]); s = tf.reduce_sum(tf.math.squared_difference(x, y) * w)
        gx, gy = t.gradient(s, [x, y])
        u = tf.reduce_sum(gx * v) + tf.reduce_sum(gy * w)
    print(gx, gy, t2.gradient(u, [x, y]))
"""
import numpy as np

import framework as tf


def _hex32(values):
    return np.array([float.fromhex(v) for v in values.split()], np.float32)


def _same_bits(got, want):
    assert got.numpy().tobytes() == want.tobytes(), (got.numpy().tolist(), want.tolist())


def test_same_shape_second_derivatives():
    x = tf.constant(np.float32([0.3, -1.2, 2.5, 0.7, -0.4]))
    y = tf.constant(np.float32([1.1, 0.4, -0.9, 0.7, 2.2]))
    w = tf.constant(np.cos(np.arange(5)).astype(np.float32))
    v = tf.constant(np.sin(np.arange(5) + 0.5).astype(np.float32))
    with tf.GradientTape() as outer:
        outer.watch([x, y])
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            s = tf.reduce_sum(tf.math.squared_difference(x, y) * w)
        gx, gy = inner.gradient(s, [x, y])
        u = tf.reduce_sum(gx * v) + tf.reduce_sum(gy * w)
    _same_bits(gx, _hex32('-0x1.99999ap+0 -0x1.ba9d9ap+0 -0x1.6a36d8p+1 -0x0p+0 0x1.b310b2p+1'))
    _same_bits(gy, _hex32('0x1.99999ap+0 0x1.ba9d9ap+0 0x1.6a36d8p+1 0x0p+0 -0x1.b310b2p+1'))
    hx, hy = outer.gradient(u, [x, y])
    _same_bits(hx, _hex32('-0x1.0a88bcp+0 0x1.f9e6d0p-2 -0x1.b05d30p-1 -0x1.43fffcp+0 0x1.b1931ap-2'))
    _same_bits(hy, _hex32('0x1.0a88bcp+0 -0x1.f9e6d0p-2 0x1.b05d30p-1 0x1.43fffcp+0 -0x1.b1931ap-2'))


def test_broadcast_second_derivatives():
    x = tf.constant(np.float32([[0.3, -1.2, 2.5], [0.7, -0.4, 1.9]]))
    y = tf.constant(np.float32([[0.25], [-0.5]]))
    w = tf.constant(np.float32([[0.3, -0.7, 1.1], [0.9, 0.2, -0.6]]))
    with tf.GradientTape() as outer:
        outer.watch([x, y])
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            s = tf.reduce_sum(tf.math.squared_difference(x, y) * w)
        gx, gy = inner.gradient(s, [x, y])
        u = tf.reduce_sum(gx * gx) + tf.reduce_sum(gy * 1.3)
    _same_bits(gy, _hex32('-0x1.c0a3d8p+2 0x1.5c28f8p-1').reshape(2, 1))
    hx, hy = outer.gradient(u, [x, y])
    _same_bits(hx, _hex32('-0x1.7ced90p-1 -0x1.ee978cp+1 0x1.2eb854p+4 0x1.5be76ep+2 -0x1.f3b644p-2 0x1.0f1aa2p+3')
               .reshape(2, 3))
    _same_bits(hy, _hex32('-0x1.c9fbecp+3 -0x1.ad70a8p+3').reshape(2, 1))


def test_second_derivative_matches_central_differences_float64():
    x0, y0 = np.array([0.3, -1.2, 2.5]), np.array([1.1, 0.4, -0.9])

    def gx_sum(xv):
        x, y = tf.constant(xv), tf.constant(y0)
        with tf.GradientTape() as tape:
            tape.watch([x, y])
            s = tf.reduce_sum(tf.math.squared_difference(x, y) * tf.constant([0.3, -0.7, 1.1], tf.float64))
        gx, gy = tape.gradient(s, [x, y])
        return float(tf.reduce_sum(gx * gx) + tf.reduce_sum(gy))
    x, y = tf.constant(x0), tf.constant(y0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            s = tf.reduce_sum(tf.math.squared_difference(x, y) * tf.constant([0.3, -0.7, 1.1], tf.float64))
        gx, gy = inner.gradient(s, [x, y])
        u = tf.reduce_sum(gx * gx) + tf.reduce_sum(gy)
    eps = 1e-6
    numeric = [(gx_sum(x0 + eps * e) - gx_sum(x0 - eps * e)) / (2 * eps) for e in np.eye(3)]
    np.testing.assert_allclose(outer.gradient(u, x).numpy(), numeric, rtol=1e-6)
