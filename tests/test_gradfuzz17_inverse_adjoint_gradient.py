"""tf.linalg.inv(a, adjoint=True)'s gradient is TF 2.21's MatrixInverse rule with adjoint, -ainv (g^T ainv), taken
on a itself: tapeflow took the plain rule on the swapped matrix and transposed it back, which sums each product in
another order (7 of 9 float32 gradient values an ulp or more off TF's, second derivatives too)."""
import pytest
import numpy as np

import framework as tf
from framework.gradient_check import check_gradients

A = [[2.0, 0.5, -1.0], [0.3, 1.7, 0.2], [-0.4, 0.9, 2.5]]
W = [[0.3, -1.1, 0.7], [1.3, 0.2, -0.6], [0.9, 0.4, -1.7]]

# printed by TF 2.21 (float.hex of g and gg):
#   a, w = tf.constant(A), tf.constant(W)
#   with tf.GradientTape() as t2:
#       t2.watch(a)
#       with tf.GradientTape() as t:
#           t.watch(a); y = tf.reduce_sum(tf.linalg.inv(a, adjoint=True) * w)
#       g = t.gradient(y, a); s = tf.reduce_sum(g * w)
#   gg = t2.gradient(s, a)
TF_G = ['-0x1.a24b0cp-4', '-0x1.84d0fep-2', '0x1.37f3cep-6', '0x1.e006cp-2', '-0x1.55b448p-7', '-0x1.dca7d2p-4',
        '-0x1.22ee24p-3', '-0x1.8a0ca0p-6', '0x1.dd3698p-3']
TF_GG = ['-0x1.e55f7ep-2', '0x1.5c1a5p-2', '0x1.740d54p-6', '0x1.23d562p-6', '-0x1.8cce06p-1', '-0x1.af4b48p-3',
         '-0x1.a1de74p-4', '0x1.7dd8e8p-2', '0x1.1af0ecp-2']


def _bits(values):
    return np.array([float.fromhex(v) for v in values], np.float32).reshape(3, 3)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_inverse_adjoint_gradient_bits():
    a, w = tf.constant(A), tf.constant(W)
    with tf.GradientTape() as t2:
        t2.watch(a)
        with tf.GradientTape() as t:
            t.watch(a)
            y = tf.reduce_sum(tf.linalg.inv(a, adjoint=True) * w)
        g = t.gradient(y, a)
        s = tf.reduce_sum(g * w)
    gg = t2.gradient(s, a)
    np.testing.assert_array_equal(g.numpy(), _bits(TF_G))
    np.testing.assert_array_equal(gg.numpy(), _bits(TF_GG))


def test_inverse_adjoint_gradient_central_differences():
    a = np.random.RandomState(4).randn(2, 3, 3) + 3 * np.eye(3)
    w = np.cos(np.arange(18.0)).reshape(2, 3, 3)

    def loss(x):
        return tf.reduce_sum(tf.linalg.inv(x, adjoint=True) * w)
    check_gradients(loss, [a], rtol=1e-6, atol=1e-7)     # central differences in float64
