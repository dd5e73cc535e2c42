"""det / slogdet gradients as TF 2.21 computes them (bits printed by TF 2.21 on float32).

TF's rules multiply by matrix_inverse(a, adjoint=True), the inverse of the transpose (another LU
than the transpose of inv(a), so float32 bits differ); its one LogMatrixDeterminant rule ignores
the sign's gradient and eager TF fills the log's with zeros, so the sign's gradient is zeros.
"""
import numpy as np

import framework as tf

A = [[1.5, -0.3, 0.2], [0.4, -2.0, 0.7], [0.1, 0.9, 1.1]]


def hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def test_float32_det_and_log_abs_gradients_carry_tf_bits():
    a = tf.constant(A, tf.float32)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        sign, log_abs = tf.linalg.slogdet(a)
        d = tf.linalg.det(a)
        both = sign * 2.0 + log_abs * 3.0
    assert hexes(tape.gradient(d, a)) == [
        '-0x1.6a3d720000000p+1', '-0x1.7ae14a0000000p-2', '0x1.1eb8540000000p-1', '0x1.051eb80000000p-1', 
        '0x1.a147b00000000p+0', '-0x1.6147ae0000000p+0', '0x1.851ebc0000000p-3', '-0x1.f0a3d40000000p-1', '-0x1.70a3d60000000p+1']
    assert hexes(tape.gradient(both, a)) == [
        '0x1.0e31a80000000p+1', '0x1.1a9b100000000p-2', '-0x1.abba400000000p-2', '-0x1.85899e0000000p-2', 
        '-0x1.373f880000000p+0', '0x1.0782bc0000000p+0', '-0x1.223e640000000p-3', '0x1.72714c0000000p-1', '0x1.12f7ba0000000p+1']


def test_the_sign_alone_has_a_zero_gradient_and_a_zero_second_derivative():
    a = tf.constant(A, tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(a)
        with tf.GradientTape() as inner:
            inner.watch(a)
            sign, _ = tf.linalg.slogdet(a)
        g = inner.gradient(sign, a)
    assert hexes(g) == ['0x0.0p+0', '0x0.0p+0', '-0x0.0p+0', '-0x0.0p+0', '-0x0.0p+0', '0x0.0p+0', '-0x0.0p+0',
                        '0x0.0p+0', '0x0.0p+0']
    assert hexes(outer.gradient(g, a)) == ['-0x0.0p+0'] * 9
