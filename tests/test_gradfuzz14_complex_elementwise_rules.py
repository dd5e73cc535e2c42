"""Complex gradients of tf.math.sign, cumprod and pow follow TF 2.21's rules: sign of complex values is
TF's div_no_nan(x, |x|) composition (tapeflow gave Sign's zero gradient), cumprod's rule takes no
conjugates (tapeflow's were conjugated) and pow's gradient for a complex exponent masks x != 0 (tapeflow
compared complex bases with Greater and raised InvalidArgumentError)."""
import numpy as np

import framework as tf

X = [1 + 2j, 0.5j, 2 - 0.3j, -1.5 + 0.7j]
Y = [3 - 1j, -2 + 1j, 1 + 1j, 0.4 - 0.9j]
W = [1 - 2j, 0.5 + 1j, -1 + 0.25j, 2 + 0j]


def _close(got, want):
    np.testing.assert_allclose(got.numpy(), want, rtol=2e-6, atol=1e-7)


def test_sign_cumprod_pow_gradients_are_tf_2_21s():
    x, y, w = (tf.constant(v, tf.complex64) for v in (X, Y, W))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, y])
        sign = tf.math.real(tf.reduce_sum(tf.math.sign(x) * w))
        products = tf.math.real(tf.reduce_sum(tf.math.cumprod(x) * w))
        shifted = tf.math.real(tf.reduce_sum(tf.math.cumprod(x, exclusive=True, reverse=True) * w))
        power = tf.math.real(tf.reduce_sum(tf.pow(x, y) * w))
    # printed by TF 2.21 for the four losses above
    _close(tape.gradient(sign, x), [2.9802322e-08 + 5.9604645e-08j, 1 + 0j,
                                    -2.9015243e-02 - 1.9343498e-01j, 2.1607298e-01 + 4.6301326e-01j])
    _close(tape.gradient(products, x), [-0.24999991 - 1.5775001j, -12.155 - 11.81j, 3.425 - 3.1499996j,
                                        -3.7000005 + 2.6j])
    _close(tape.gradient(shifted, x), [0j, -6.49 - 3.73j, 1.1000001 + 0.40000004j, -2.15 - 1.1j])
    _close(tape.gradient(power, y), [-72.890945 - 73.52522j, 1.1774055 + 1.0777212j,
                                     -1.7324376 + 0.1774326j, -33.00888 - 69.35761j])
    _close(tape.gradient(power, x), [106.955345 + 2.0667105j, -0.20632339 + 4.1524687j,
                                     -0.5419675 + 1.6026103j, -16.5463 - 1.4521723j])


def test_complex_sign_gradient_matches_central_differences():
    """x / |x| is not holomorphic: TF's gradient of a real loss is d/dRe + i d/dIm, which central
    differences in complex128 give."""
    rng = np.random.RandomState(3)
    x0 = rng.randn(5) + 1j * rng.randn(5)
    w = tf.constant(rng.randn(5) + 1j * rng.randn(5))

    def loss(a):
        return float(tf.math.real(tf.reduce_sum(tf.math.sign(tf.constant(a)) * w)).numpy())

    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = tf.math.real(tf.reduce_sum(tf.math.sign(x) * w))
    h = 1e-6
    central = [(loss(x0 + s) - loss(x0 - s) + 1j * (loss(x0 + 1j * s) - loss(x0 - 1j * s))) / (2 * h)
               for s in np.eye(5) * h]
    np.testing.assert_allclose(tape.gradient(value, x).numpy(), central, rtol=1e-6, atol=1e-8)
