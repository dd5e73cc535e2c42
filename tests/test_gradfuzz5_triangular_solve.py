"""tf.linalg.triangular_solve of small systems carries TF 2.21's bits (framework/ops/eigen_triangular_solve.py:
rows in solving order, ascending subtractions, times the diagonal's reciprocal) with TF's gradient rule, and
tf.linalg.cholesky's gradient solves L^-1 with it as TF does (bits printed by TF 2.21, float32)."""
import numpy as np
import pytest

import framework as tf

# TF on the Xeon these were printed on: the gradient's products are oneDNN's there
pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = [
    '-0x1.24924a0000000p-2', '-0x1.41d41e0000000p-4', '0x1.92cbc80000000p-5', '0x1.ac3e300000000p-3',
    '-0x1.69905a0000000p-4', '0x1.1395d60000000p-5', '0x1.f78ee20000000p-3', '-0x1.ffc84a0000000p-7',
]
X_ADJOINT = [
    '-0x1.3e2ffc0000000p-2', '-0x1.cf11ba0000000p-6', '0x1.24d96c0000000p-3', '0x1.74d2ca0000000p-3',
    '-0x1.49a40e0000000p-4', '0x1.74e3760000000p-4', '0x1.7f74900000000p-3', '-0x1.284e700000000p-4',
]
GRAD_L = [
    '0x1.d36c860000000p-3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x1.336bc20000000p-3', '-0x1.b3e9980000000p-4', '0x0.0p+0', '0x0.0p+0',
    '0x1.de30dc0000000p-3', '-0x1.53077c0000000p-3', '0x1.1edb0c0000000p-5', '0x0.0p+0',
    '0x1.3d789c0000000p-3', '-0x1.c229d20000000p-4', '0x1.7ce31e0000000p-6', '-0x1.9156700000000p-4',
]
GRAD_B = [
    '0x1.40c7f60000000p-1', '0x1.40c7f60000000p-1', '0x1.a5f3460000000p-2', '0x1.a5f3460000000p-2',
    '0x1.482b920000000p-1', '0x1.482b920000000p-1', '0x1.b3bea40000000p-2', '0x1.b3bea40000000p-2',
]
GRAD_CHOLESKY = [
    '0x1.3a73700000000p-2', '0x1.4bec420000000p-2', '0x1.23c21c0000000p-2', '0x1.40c7f60000000p-2',
    '0x1.4bec420000000p-2', '0x1.cdcb100000000p-3', '0x1.d449ca0000000p-3', '0x1.a5f3480000000p-3',
    '0x1.23c21c0000000p-2', '0x1.d449ca0000000p-3', '0x1.4c4e700000000p-2', '0x1.482b940000000p-2',
    '0x1.40c7f60000000p-2', '0x1.a5f3480000000p-3', '0x1.482b940000000p-2', '0x1.b3bea40000000p-3',
]


def hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def test_solutions_and_gradients_carry_tf_bits():
    l = tf.constant((np.tril(np.arange(16).reshape(4, 4) * 0.41 % 1.3 - 0.6) + 2 * np.eye(4)).astype('float32'))
    b = tf.constant((np.arange(8).reshape(4, 2) * 0.29 % 0.9 - 0.4).astype('float32'))
    a = tf.matmul(l, l, transpose_b=True)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([l, b, a])
        x = tf.linalg.triangular_solve(l, b)
        x_adjoint = tf.linalg.triangular_solve(l, b, adjoint=True)
        c = tf.linalg.cholesky(a)
    assert hexes(x) == X
    assert hexes(x_adjoint) == X_ADJOINT
    grad_l, grad_b = tape.gradient(x, [l, b], output_gradients=tf.ones_like(x))
    assert hexes(grad_l) == GRAD_L
    assert hexes(grad_b) == GRAD_B
    lower_ones = tf.constant(np.tril(np.ones((4, 4), 'float32')))
    assert hexes(tape.gradient(c, a, output_gradients=lower_ones)) == GRAD_CHOLESKY
