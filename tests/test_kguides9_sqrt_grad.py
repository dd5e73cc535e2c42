"""sqrt's gradient as TensorFlow's SqrtGrad kernel computes it (Eigen's packets: dy * (0.5 / y);
the scalar tail past the last whole AVX packet: (0.5 * dy) / y; 0 wherever dy is 0), recorded
with TF's _SqrtGradGrad rule so second derivatives round as TF's do (the researchers guide's
nested tapes over sqrt(a**2 + b**2) differed in the 5th digit).

Goldens: TF 2.21 on the same values (RandomState(3) draws, in this order).
"""
import numpy as np
import pytest

import framework as tf

# (n, dtype) -> (sum of d2h/dx as float64 hex, sum of d2h/dw, first three of d2h/dx), from TF 2.21
_TF = [
    (7, 'float32', '0x1.25deb80000000p-3', '-0x1.57f0000000000p-9',
     [0.003448256989941001, -0.007456970401108265, -0.22545340657234192]),
    (50, 'float32', '0x1.4bfc860000000p+1', '-0x1.e381240000000p+1',
     [-1.2980670928955078, -0.0793132334947586, -0.00893412996083498]),
    (300, 'float32', '0x1.bfed1e0000000p+3', '-0x1.f27dd40000000p+1',
     [-0.0006199833005666733, -0.0036198021844029427, 0.03789990767836571]),
    (9, 'float64', '0x1.a95e31fc4a85dp-1', '0x1.6c6872957262ep+1',
     [0.013333387951023592, -0.07671297461897371, 0.00020431941747256778]),
]


def test_second_derivatives_of_sqrt_match_tensorflow_bitwise():
    rng = np.random.RandomState(3)
    for n, dtype, hx_sum, hw_sum, first in _TF:
        x = tf.Variable(rng.uniform(0.1, 3.0, size=(n,)).astype(dtype))
        w = tf.Variable(rng.normal(size=(n,)).astype(dtype))
        v = tf.constant(rng.normal(size=(n,)).astype(dtype))
        with tf.GradientTape(persistent=True) as outer:
            with tf.GradientTape() as inner:
                f = tf.reduce_sum(w * tf.sqrt(x))
            gx = inner.gradient(f, x)
            h = tf.reduce_sum(gx * v)
        hx, hw = outer.gradient(h, [x, w])
        assert np.float64(tf.reduce_sum(hx)).hex() == hx_sum, (n, dtype)
        assert np.float64(tf.reduce_sum(hw)).hex() == hw_sum, (n, dtype)
        assert hx.numpy()[:3].tolist() == first, (n, dtype)


@pytest.mark.parametrize('n', [8, 13, 64, 300])
def test_first_derivative_takes_packets_and_the_scalar_tail(n):
    rng = np.random.RandomState(n)
    x = rng.uniform(0.1, 3.0, size=(n,)).astype('float32')
    w = rng.normal(size=(n,)).astype('float32')
    xv = tf.Variable(x)
    with tf.GradientTape() as tape:
        f = tf.reduce_sum(w * tf.sqrt(xv))
    got = tape.gradient(f, xv).numpy()
    y = np.sqrt(x)
    whole = n - n % 8
    expected = np.concatenate([w[:whole] * (np.float32(0.5) / y[:whole]),
                               (np.float32(0.5) * w[whole:]) / y[whole:]])
    np.testing.assert_array_equal(got, expected)


def test_a_zero_upstream_gradient_gives_zero_and_its_second_derivative_is_tensorflows():
    # TF 2.21: first [0.0, 0.25]; second [nan, -0.03125] (d/dy of 0 * (0.5 / 0) is not guarded)
    x = tf.Variable([0.0, 4.0])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            f = tf.sqrt(x) * tf.constant([0.0, 1.0])
        g = inner.gradient(f, x)
    assert g.numpy().tolist() == [0.0, 0.25]
    second = outer.gradient(g, x).numpy()
    assert np.isnan(second[0]) and second[1] == -0.03125
