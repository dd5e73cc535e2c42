"""Second derivatives through TensorFlow's *Grad kernels, as TF 2.21 gives them.

TF's ReluGrad, Relu6Grad, LeakyReluGrad and MaxPoolGrad (1-3 D) return ``zeros_like`` towards their
features, so a second derivative of a piecewise-linear op is 0.0, not None. SoftsignGrad registers
no gradient at all: LookupError. Sign's gradient is ``zeros_like(x)``: +0.0 (tapeflow gave g * 0,
-0.0 or nan) and no further derivative. Golden outputs from /opt/tfref (TF 2.21),
notes/progs/autodiff12/x_pw.py and x_second.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([0.5, -2.0, 7.0, 0.0], np.float32)
IMG = np.array([0.1, 0.5, -0.3, 0.2, 0.9, -1.0, 0.4, 0.3, 0.05], np.float32)


def _second(f, x, square=False):
    x = tf.constant(x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
            y = tf.reduce_sum(y * y) if square else tf.reduce_sum(y * 1.5)
        g = inner.gradient(y, x)
    return g, outer.gradient(g, x)


@pytest.mark.parametrize('f, x, first', [
    (tf.nn.relu, X, [1.5, 0.0, 1.5, 0.0]),
    (tf.nn.relu6, X, [1.5, 0.0, 0.0, 0.0]),
    (tf.nn.leaky_relu, X, [1.5, 0.30000001192092896, 1.5, 0.30000001192092896]),
    (keras.activations.hard_sigmoid, X, [0.25, 0.25, 0.0, 0.25]),
    (lambda z: tf.nn.max_pool2d(z, 2, 1, 'VALID'), IMG.reshape(1, 3, 3, 1), [0, 0, 0, 0, 6.0, 0, 0, 0, 0]),
    (lambda z: tf.nn.max_pool1d(z, 2, 1, 'VALID'), IMG.reshape(1, 9, 1), None),
    (lambda z: tf.nn.max_pool3d(z, 2, 1, 'VALID'), IMG[:8].reshape(1, 2, 2, 2, 1), None),
])
def test_piecewise_linear_second_derivative_is_zeros(f, x, first):
    g, h = _second(f, x)
    if first is not None:
        np.testing.assert_array_equal(g.numpy().ravel(), np.array(first, np.float32))
    assert h is not None and h.dtype == tf.float32 and h.shape == x.shape
    assert not h.numpy().any()


def test_piecewise_linear_with_moving_upstream_keeps_its_values():
    g, h = _second(tf.nn.relu6, X, square=True)        # d2/dx2 sum(relu6(x)^2) = 2 on (0, 6)
    np.testing.assert_array_equal(g.numpy(), [1.0, 0.0, 0.0, 0.0])
    np.testing.assert_array_equal(h.numpy(), [2.0, 0.0, 0.0, 0.0])
    g, h = _second(tf.nn.leaky_relu, X, square=True)
    np.testing.assert_allclose(h.numpy(), [2.0, 0.08, 2.0, 0.08], rtol=1e-6)


def test_leaky_relu_float64_gradient_matches_central_differences():
    x = tf.constant([-1.3, -0.2, 0.4, 2.5], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.leaky_relu(x, alpha=0.3) * tf.constant([1.0, -2.0, 0.5, 3.0], tf.float64))
    g = tape.gradient(y, x).numpy()
    eps = 1e-6
    xs = x.numpy()
    w = np.array([1.0, -2.0, 0.5, 3.0])
    alpha = float(np.float32(0.3))      # TF's LeakyRelu alpha is a float32 attr
    f = lambda v: np.sum(np.where(v > 0, v, alpha * v) * w)
    numeric = [(f(xs + eps * e) - f(xs - eps * e)) / (2 * eps) for e in np.eye(4)]
    np.testing.assert_allclose(g, numeric, rtol=1e-8)


def test_softsign_has_no_second_derivative():
    with pytest.raises(LookupError) as info:
        _second(tf.nn.softsign, np.array([0.5, -2.0], np.float32))
    assert str(info.value) == 'gradient registry has no entry for: SoftsignGrad'


def test_softsign_first_derivative_under_an_unconcerned_outer_tape():
    x = tf.constant([0.5, -2.0])
    other = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(other)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.softsign(x)) * other
        g = inner.gradient(y, x)
        z = tf.reduce_sum(other * 2.0)
    np.testing.assert_allclose(g.numpy(), [3 / 2.25, 3 / 9], rtol=1e-6)
    assert outer.gradient(z, other).numpy() == 2.0


def test_sign_gradient_is_positive_zero_without_further_derivative():
    g, h = _second(tf.sign, X, square=True)
    assert g.numpy().view(np.uint32).tolist() == [0, 0, 0, 0]      # TF: +0.0 (tapeflow gave -0.0 at -2)
    assert h is None
    x = tf.constant([1.0, -1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sign(x) * tf.constant([np.inf, np.nan])
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 0.0]      # TF: zeros_like(x), never g * 0
