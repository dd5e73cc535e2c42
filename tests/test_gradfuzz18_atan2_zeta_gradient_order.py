"""atan2's second derivatives and zeta's q gradient in TF 2.21's arrangement, bit for bit.

TF's _Atan2Grad computes one grad_inv = grad / (y**2 + x**2) for both inputs, so an outer tape
differentiates that one node; _ZetaGrad multiplies (-x * zeta(x + 1, q)) by grad, not grad by -x first.
Golden values were printed by TF 2.21 (progs/gradfuzz18/t2.py):

    with tf.GradientTape(persistent=True) as t2:
        t2.watch([y, x])
        with tf.GradientTape() as t1:
            t1.watch([y, x]); s = tf.reduce_sum(tf.math.atan2(y, x) * w)
        gy, gx = t1.gradient(s, [y, x])
        u = tf.reduce_sum(gy * w) + tf.reduce_sum(gx)
    print(t2.gradient(u, [y, x]))
"""
import numpy as np

import framework as tf


def _hex32(values):
    return np.array([float.fromhex(v) for v in values.split()], np.float32)


def _same_bits(got, want):
    assert got.numpy().tobytes() == want.tobytes(), (got.numpy().tolist(), want.tolist())


W = [0.3, -0.7, 1.1, 0.4, -0.9]


def test_atan2_second_derivatives_share_one_grad_inv():
    y = tf.constant([1., -1., 0.5, -2., 3.])
    x = tf.constant([2., 0.5, -1., -1., 0.1])
    w = tf.constant(W)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([y, x])
        with tf.GradientTape() as inner:
            inner.watch([y, x])
            s = tf.reduce_sum(tf.math.atan2(y, x) * w)
        gy, gx = inner.gradient(s, [y, x])
        u = tf.reduce_sum(gy * w) + tf.reduce_sum(gx)
    _same_bits(gy, _hex32('0x1.eb8520p-4 -0x1.1eb852p-2 -0x1.c28f5cp-1 -0x1.47ae14p-4 -0x1.4750fap-7'))
    _same_bits(gx, _hex32('-0x1.eb8520p-5 -0x1.1eb852p-1 -0x1.c28f5cp-2 0x1.47ae14p-3 0x1.32dbeap-2'))
    hy, hx = outer.gradient(u, [y, x])
    _same_bits(hy, _hex32('-0x1.9ce078p-5 -0x1.6f0080p-6 0x1.f8a090p-3 0x1.6f0068p-6 -0x1.b0c238p-4'))
    _same_bits(hx, _hex32('0x1.30be0ep-5 0x1.5dcc64p-1 -0x1.48e8a8p+0 0x1.54c986p-4 0x1.542ad8p-4'))


def test_atan2_second_derivative_matches_central_differences_float64():
    y0, x0 = np.array([1., -1., 0.5]), np.array([2., 0.5, -1.])

    def first(yv, xv):
        y, x = tf.constant(yv), tf.constant(xv)
        with tf.GradientTape() as tape:
            tape.watch([y, x])
            s = tf.reduce_sum(tf.math.atan2(y, x))
        gy, gx = tape.gradient(s, [y, x])
        return float(tf.reduce_sum(gy) + tf.reduce_sum(gx))
    y, x = tf.constant(y0), tf.constant(x0)
    with tf.GradientTape() as outer:
        outer.watch(y)
        with tf.GradientTape() as inner:
            inner.watch([y, x])
            s = tf.reduce_sum(tf.math.atan2(y, x))
        gy, gx = inner.gradient(s, [y, x])
        u = tf.reduce_sum(gy) + tf.reduce_sum(gx)
    analytic = outer.gradient(u, y).numpy()
    eps = 1e-6
    numeric = [(first(y0 + eps * e, x0) - first(y0 - eps * e, x0)) / (2 * eps) for e in np.eye(3)]
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-8)


def test_zeta_q_gradient_multiplies_partial_by_grad():
    x = tf.constant([2., 3., 4.5, 1.5])
    q = tf.constant([1., 2., 0.5, 3.])
    with tf.GradientTape() as outer:
        outer.watch(q)
        with tf.GradientTape() as inner:
            inner.watch(q)
            s = tf.reduce_sum(tf.math.zeta(x, q) * tf.constant([0.3, -0.7, 1.1, 0.4]))
        gq = inner.gradient(s, q)
    _same_bits(gq, _hex32('-0x1.71459cp-1 0x1.620e46p-3 -0x1.c12a60p+7 -0x1.94caf0p-4'))
    _same_bits(outer.gradient(gq, q), _hex32('0x1.f2bc12p+0 -0x1.3da348p-2 0x1.34450ep+11 0x1.d73094p-5'))
