"""Float32 tf.reduce_prod / keras.ops.prod over trailing axes (and whole tensors) multiply in
TensorFlow's order (Eigen's packet accumulators, predux_mul, the tail from 1: ops/eigen_prod.py).
Golden values: TF 2.21's bytes (hex) for the same calls on RandomState(5) inputs."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops
from framework.ops import eigen_prod

RNG = np.random.RandomState(5)
X = RNG.uniform(0.5, 1.6, (3, 4, 10)).astype('float32')
Y = RNG.uniform(0.5, 1.6, (5, 1, 12)).astype('float32')


@pytest.mark.parametrize('axis, want', [
    (None, 'c839d53f'),
    (-1, 'ceba9b3ff16a253f5fdcc53ee93bcd3e0f79324077df1f3f98fb17400d1a3b3fd7ef053ffc178b3f6a4f0040ad1b7e40'),
    ((1, 2), '5a67f93d24724140d5d19040'),
    (0, 'acff653fd8b5a03f4cc6c13fa8f900405802a33e06a98c3f670d1040cb47c83f841b863f3691cc3e89de923fd704583f'),
    ((0, 1), 'aa82213f81e89d3f067a0e3f5f43183fe584953e5422d93e89950c40342f873f1f8b1741e40f1840'),
])
def test_reduce_prod_bits(axis, want):
    out = tf.reduce_prod(X, axis=axis)
    assert out.numpy().tobytes().hex()[:96] == want      # (the first 12 values where there are more)
    assert tuple(tf.reduce_prod(X, axis=axis, keepdims=True).shape) == tuple(
        1 if axis is None or i in np.atleast_1d(axis) % 3 else d for i, d in enumerate(X.shape))


def test_size_one_axes_are_set_aside_and_keras_prod():
    assert tf.reduce_prod(Y, axis=[0, 2]).numpy().tobytes().hex() == 'a77be93f'
    assert ops.prod(X).numpy().tobytes().hex() == 'c839d53f'
    assert int(tf.reduce_prod(np.arange(1, 11).astype('int32'))) == 3628800


def test_row_products_agree_with_float64_products_closely():
    a = np.random.RandomState(1).uniform(0.5, 1.5, (4, 45)).astype(np.float32)
    np.testing.assert_allclose(eigen_prod.row_products(a), np.prod(a.astype(np.float64), axis=1), rtol=1e-5)


def test_gradient_unchanged():
    x = tf.Variable(X[0].astype('float64'))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reduce_prod(x, axis=-1))
    g = tape.gradient(y, x).numpy()
    want = np.prod(X[0].astype('float64'), axis=-1, keepdims=True) / X[0].astype('float64')
    np.testing.assert_allclose(g, want, rtol=1e-12)
