"""The gradients of tf.math.igamma / igammac for a carry the bits of TF 2.21's IgammaGradA kernel: Eigen's
forward-mode derivative of the Cephes series / continued fraction in the tensor's dtype
(framework/ops/eigen_igamma_grad_a.py). tapeflow summed the differentiated series in float64: 26 of 310
random float32 probes equal (median 2.7e-7 relative off), and about 4e-15 of noise where TF gives -0
(a = 24.2, x = 183.9).

Golden values printed by TF 2.21:
    A, X = tf.constant(a, dtype), tf.constant(x, dtype)
    with tf.GradientTape(persistent=True) as t: t.watch(A); y = tf.math.igamma(A, X); yc = tf.math.igammac(A, X)
    [float(v).hex() for v in t.gradient(y, A).numpy()]
"""
import numpy as np
import pytest

import framework as tf

A = [0.5, 1.0, 2.0, 5.0, 0.1, 30., 24.226143, 3.0, 1.0]
X = [0.3, 1.0, 3.0, 4.0, 2.0, 29., 183.87749, 0.0, float('inf')]
TF = {
    'float32': ['-0x1.8a8834p-1', '-0x1.ba1754p-2', '-0x1.9453cap-3', '-0x1.71316ap-3', '-0x1.0946e8p-4',
                '-0x1.2b200ep-4', '-0x0.0p+0', '0x0.0p+0', '-0x0.0p+0'],
    'float64': ['-0x1.8a883274d9465p-1', '-0x1.ba175a6f8dc1cp-2', '-0x1.9453c743ef1b8p-3', '-0x1.71316ea85c442p-3',
                '-0x1.0946f50e1950ep-4', '-0x1.2b2049e8891c7p-4', '-0x1.23ead80bd74a9p-165', '0x0.0p+0',
                '-0x0.0p+0'],
}


def _hex(values):
    return [float(v).hex() for v in values]


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_igamma_and_igammac_gradients_for_a_are_tf_bits(dtype):
    a, x = tf.constant(A, dtype), tf.constant(X, dtype)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        lower, upper = tf.math.igamma(a, x), tf.math.igammac(a, x)
    expected = [float.fromhex(v) for v in TF[dtype]]
    assert _hex(tape.gradient(lower, a).numpy()) == [v.hex() for v in expected]
    assert _hex(tape.gradient(upper, a).numpy()) == [(-v).hex() for v in expected]


def test_igamma_gradient_for_a_matches_central_differences():
    a, x = np.array([0.5, 2.0, 5.0, 30.0]), np.array([0.3, 3.0, 4.0, 29.0])
    t = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf.math.igamma(t, tf.constant(x))
    eps = 1e-6
    numeric = (tf.math.igamma(a + eps, x).numpy() - tf.math.igamma(a - eps, x).numpy()) / (2 * eps)
    np.testing.assert_allclose(tape.gradient(y, t).numpy(), numeric, rtol=1e-6)


def test_igamma_gradient_for_a_broadcasts_and_reduces():
    a = tf.constant([[1.5], [2.5]])
    x = tf.constant([0.5, 1.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.math.igamma(a, x))
    g = tape.gradient(y, a)
    assert g.shape == (2, 1)
    per_value = []
    for ai in (1.5, 2.5):
        t = tf.constant([ai] * 3)
        with tf.GradientTape() as inner:
            inner.watch(t)
            z = tf.reduce_sum(tf.math.igamma(t, x))
        per_value.append(float(tf.reduce_sum(inner.gradient(z, t))))
    np.testing.assert_allclose(g.numpy().ravel(), per_value, rtol=1e-6)
