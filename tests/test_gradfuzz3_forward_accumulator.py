"""ForwardAccumulator as TF 2.21: an accumulator never entered answers jvp with the tangent for a primal and
None (zeros with 'zero') for anything else, where tapeflow raised the GradientTape's 'non-persistent' error;
a complex primal (after TF's warning) carries its tangent, and jvp is the real-linear directional
derivative (of abs and real too), where tapeflow gave None. Literals printed by TF 2.21."""
import numpy as np

import framework as tf


def test_jvp_of_an_accumulator_never_entered():
    x = tf.constant([1.0, 2.0])
    acc = tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.5]))
    y = x * 2.0
    assert acc.jvp(y) is None
    np.testing.assert_array_equal(acc.jvp(x).numpy(), [1.0, 0.5])
    np.testing.assert_array_equal(acc.jvp(y, unconnected_gradients='zero').numpy(), [0.0, 0.0])
    with acc:
        z = x * x
    np.testing.assert_array_equal(acc.jvp(z).numpy(), [2.0, 2.0])
    assert acc.jvp(y) is None


def test_complex_primal_carries_its_tangent():
    z = tf.constant([1 + 1j, 2 - 1j], tf.complex64)
    with tf.autodiff.ForwardAccumulator(z, tf.constant([1 + 0j, 1j], tf.complex64)) as acc:
        w = z * z
        r = tf.math.real(w) + tf.abs(z)
        c = tf.complex(tf.math.real(z) * 2.0, tf.math.imag(z))
    np.testing.assert_allclose(acc.jvp(w).numpy(), [2 + 2j, 2 + 4j])
    assert acc.jvp(r).dtype == tf.float32
    np.testing.assert_allclose(acc.jvp(r).numpy(), [2.7071068, 1.5527864], rtol=1e-6)
    np.testing.assert_allclose(acc.jvp(c).numpy(), [2 + 0j, 1j])


def test_complex_output_of_a_real_primal_and_nesting():
    a = tf.constant([0.5, -1.0])
    with tf.autodiff.ForwardAccumulator(a, tf.constant([1.0, 2.0])) as acc:
        e = tf.exp(tf.complex(a, a * a))
    np.testing.assert_allclose(acc.jvp(e).numpy(), [1.1895664 + 2.0053666j, 1.6357718 - 0.17594463j], rtol=1e-6)
    z = tf.constant([1 + 1j, 2 - 1j], tf.complex64)
    tangent = tf.constant([1 + 0j, 1j], tf.complex64)
    with tf.autodiff.ForwardAccumulator(z, tangent) as outer:
        with tf.autodiff.ForwardAccumulator(z, tangent) as inner:
            y = z ** 3
        d = inner.jvp(y)
    np.testing.assert_allclose(d.numpy(), [6j, 12 + 9j], atol=1e-5)
    np.testing.assert_allclose(outer.jvp(d).numpy(), [6 + 6j, -12 + 6j], atol=1e-5)
