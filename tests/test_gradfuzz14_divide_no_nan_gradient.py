"""tf.math.divide_no_nan is one DivNoNan op with TF 2.21's _DivNoNanGrad, div_no_nan(g, y) and
g * div_no_nan(div_no_nan(-x, y), y): where y is 0 the divisor's gradient is 0 * g, so -0.0 for a negative g,
as TF prints it (tapeflow composed where(y == 0, 0, x / y) and gave +0.0 there)."""
import numpy as np

import framework as tf


def _bits(t):
    return [float(v).hex() for v in np.asarray(t.numpy(), np.float64).ravel()]


def test_zero_divisor_gradient_keeps_the_sign_of_g():
    x = tf.constant(3.0)
    y = tf.constant([0.0, 2.0, -0.0])
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = tf.reduce_sum(tf.math.divide_no_nan(x, y) * [-1.0, 1.0, -1.0])
    gx, gy = tape.gradient(z, [x, y])
    # printed by TF 2.21 (float.hex): gx 0x1.0000000000000p-1, gy [-0x0.0p+0 -0x1.8000000000000p-1 -0x0.0p+0]
    assert _bits(gx) == ['0x1.0000000000000p-1']
    assert _bits(gy) == ['-0x0.0p+0', '-0x1.8000000000000p-1', '-0x0.0p+0']


def test_second_derivatives_are_tf_2_21s():
    x = tf.constant([[1.0, -2.0, 0.0], [3.0, 0.5, -0.0]])
    y = tf.constant([0.0, -1.5, 2.0])
    w = tf.constant([[1.0, -2.0, 0.5], [-1.0, 3.0, 2.0]])
    with tf.GradientTape() as outer:
        outer.watch([x, y])
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            z = tf.reduce_sum(tf.math.divide_no_nan(x, y) * w)
        gx, gy = inner.gradient(z, [x, y])
        s = tf.reduce_sum(gx * gx) + tf.reduce_sum(gy * [1.0, -1.0, 2.0])
    hx, hy = outer.gradient(s, [x, y])
    # printed by TF 2.21 (notes/progs/gradfuzz14/c10.py), float.hex
    assert _bits(gy) == ['0x0.0p+0', '-0x1.38e38e0000000p+1', '0x0.0p+0']
    assert _bits(hx) == ['-0x0.0p+0', '-0x1.c71c720000000p-1', '-0x1.0000000000000p-2',
                         '-0x0.0p+0', '0x1.5555560000000p+0', '-0x1.0000000000000p+0']
    assert _bits(hy) == ['0x0.0p+0', '0x1.5ed0980000000p+3', '-0x1.1000000000000p+0']


def test_gradient_matches_central_differences_in_float64():
    rng = np.random.RandomState(13)
    x0, y0 = rng.randn(3, 4), rng.randn(4) + 2.0
    w = tf.constant(rng.randn(3, 4))

    def loss(a, b):
        return float(tf.reduce_sum(tf.math.divide_no_nan(tf.constant(a), tf.constant(b)) * w))

    x, y = tf.constant(x0), tf.constant(y0)
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        value = tf.reduce_sum(tf.math.divide_no_nan(x, y) * w)
    gx, gy = tape.gradient(value, [x, y])
    h = 1e-6
    for got, base, other, first in ((gx, x0, y0, True), (gy, y0, x0, False)):
        want = np.zeros_like(base)
        for idx in np.ndindex(base.shape):
            s = np.zeros_like(base)
            s[idx] = h
            args = ((base + s, other), (base - s, other)) if first else ((other, base + s), (other, base - s))
            want[idx] = (loss(*args[0]) - loss(*args[1])) / (2 * h)
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-9)
