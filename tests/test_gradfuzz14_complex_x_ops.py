"""TF 2.21's Xlogy / Xdivy / Xlog1py / MulNoNan gradient rules multiply g by the partial derivative
itself, for complex operands too (its Mul / Log / Div rules use the conjugate): so for a real loss of
tf.math.xlogy(x, y) TF's gradient is log(y), the conjugate of the usual conj(d/dx). tapeflow composed
these ops of Mul and Log for complex values and gave the conjugates."""
import numpy as np
import pytest

import framework as tf

X = [1 + 2j, 0.5j, 2 + 0j]
Y = [3 - 1j, -2 + 1j, 1 + 1j]
# printed by TF 2.21: tape.gradient(tf.math.real(tf.reduce_sum(tf.math.<op>(x, y))), [x, y]), complex64
TF_GRADIENTS = {
    'xlogy': ([1.1512926 - 0.32175055j, 0.804719 + 2.6779451j, 0.34657356 + 0.7853982j],
              [0.099999994 + 0.7j, 0.1 - 0.2j, 1 - 1j]),
    'xdivy': ([0.3 + 0.10000001j, -0.4 - 0.2j, 0.5 - 0.5j],
              [0.04 - 0.22j, 0.07999999 - 0.060000014j, 4.371139e-08 + 1j]),
    'xlog1py': ([1.4166068 - 0.24497865j, 0.34657347 + 2.3561943j, 0.804719 + 0.4636476j],
                [0.11764706 + 0.5294118j, 0.25 - 0.25j, 0.8 - 0.4j]),
    'multiply_no_nan': ([3 - 1j, -2 + 1j, 1 + 1j], [1 + 2j, 0.5j, 2 + 0j]),
    'divide_no_nan': ([0.3 - 0.10000001j, -0.4 + 0.2j, 0.5 + 0.5j],        # DivNoNan's rule conjugates
                      [0.040000003 + 0.22000001j, 0.08 + 0.060000002j, -1j]),
}


@pytest.mark.parametrize('op', sorted(TF_GRADIENTS))
def test_complex_gradients_are_tf_2_21s(op):
    x = tf.constant(X, tf.complex64)
    y = tf.constant(Y, tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        loss = tf.math.real(tf.reduce_sum(getattr(tf.math, op)(x, y)))
    for got, want in zip(tape.gradient(loss, [x, y]), TF_GRADIENTS[op]):
        np.testing.assert_allclose(got.numpy(), want, rtol=2e-6, atol=1e-7)


def test_xlogy_complex128_gradient_is_the_plain_derivative():
    """TF's rule gives d/dx x log(y) = log(y) unconjugated: the conjugate of the central differences'
    d/dRe + i d/dIm of the real loss."""
    rng = np.random.RandomState(11)
    x0 = rng.randn(4) + 1j * rng.randn(4)
    y0 = rng.randn(4) + 1j * rng.randn(4) + 3

    def loss(a):
        return float(tf.math.real(tf.reduce_sum(tf.math.xlogy(tf.constant(a), tf.constant(y0)))).numpy())

    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = tf.math.real(tf.reduce_sum(tf.math.xlogy(x, tf.constant(y0))))
    h = 1e-6
    steps = np.eye(4) * h
    central = np.array([(loss(x0 + s) - loss(x0 - s) + 1j * (loss(x0 + 1j * s) - loss(x0 - 1j * s))) / (2 * h)
                        for s in steps])
    np.testing.assert_allclose(tape.gradient(value, x).numpy(), np.conj(central), rtol=1e-6, atol=1e-8)
