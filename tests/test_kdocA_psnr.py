"""keras.ops.psnr computes as Keras 3's TensorFlow backend: max_val cast to x2's dtype and each log10 as
log(x) / log(10) in that dtype, so float32 results carry TF's bits. Golden values: the same calls under
TF 2.21 + Keras 3.15 (inputs from RandomState(3))."""
import numpy as np

import framework as tf
from framework.keras import ops

RNG = np.random.RandomState(3)
X1 = RNG.randn(2, 4, 4, 3).astype('float32')
X2 = RNG.randn(2, 4, 4, 3).astype('float32')


def test_psnr_bits():
    assert ops.nn.psnr(X1, X2, 1.0).numpy() == np.float32(-2.366750955581665)
    assert ops.nn.psnr(X1, X1 * 0.9, 2.0).numpy() == np.float32(25.491104125976562)


def test_psnr_gradient_matches_central_differences():
    a, b = X1[0, 0].astype('float64'), X2[0, 0].astype('float64')
    x = tf.Variable(a)
    with tf.GradientTape() as tape:
        y = ops.nn.psnr(x, b, 1.0)
    g = tape.gradient(y, x).numpy()
    eps, numeric = 1e-6, np.zeros_like(a)
    for i in np.ndindex(a.shape):
        up, down = a.copy(), a.copy()
        up[i] += eps
        down[i] -= eps
        numeric[i] = (ops.nn.psnr(up, b, 1.0).numpy() - ops.nn.psnr(down, b, 1.0).numpy()) / (2 * eps)
    np.testing.assert_allclose(g, numeric, rtol=1e-5, atol=1e-7)
