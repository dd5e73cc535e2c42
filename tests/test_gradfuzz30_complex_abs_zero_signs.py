"""tf.abs of a complex tensor: its gradient keeps TF 2.21's signs of zero (gradfuzz30, notes/progs/gradfuzz30/p6.py).

TF's rule is div_no_nan(complex(g, 0) * z, complex(|z|, 0)): Eigen's complex product and quotient add the
zero parts' products, so a zero upstream gives +0.0 where g re(z) alone is -0.0 (re(z) < 0). A jacobian's
other rows are such zeros: tapeflow printed -0. there.
"""
import numpy as np
import pytest

import framework as tf


def _hexes(t):
    a = np.ravel(t.numpy())
    if a.dtype.kind == 'c':
        return ['%s,%s' % (float(v.real).hex(), float(v.imag).hex()) for v in a]
    return [float(v).hex() for v in a]


def _zero_row(i):
    return ['0x0.0p+0'] * i


# TF 2.21's values, p6.py: jacobian and hessian diagonals of |complex(x, s)|, upstream of 0, 1, 0, -2 for z
_GOLDEN = {
    'float32': (['0x1.5bab640000000p-1', '-0x1.bb2e8c0000000p-1', '0x1.6a09e60000000p-1', '-0x1.aa027e0000000p-1'],
                ['0x1.fa60b40000000p-1', '0x1.6f5f280000000p-3', '0x1.6a09e60000000p-1', '0x1.b4eee40000000p-1'],
                ['0x0.0p+0,0x0.0p+0', '-0x1.bb2e8c0000000p-1,0x1.0062dc0000000p-1', '0x0.0p+0,0x0.0p+0',
                 '0x1.aa027e0000000p+0,0x1.1c01aa0000000p+0']),
    'float64': (['0x1.5bab63ff50d5fp-1', '-0x1.bb2e8be83a08cp-1', '0x1.6a09e667f3bccp-1', '-0x1.aa027f059dce1p-1'],
                ['0x1.fa60b6b5303bap-1', '0x1.6f5f307351a34p-3', '0x1.6a09e667f3bcdp-1', '0x1.b4eede2d25220p-1'],
                ['0x0.0p+0,0x0.0p+0', '-0x1.bb2e8be83a08cp-1,0x1.0062dc930a4d0p-1', '0x0.0p+0,0x0.0p+0',
                 '0x1.aa027f059dce1p+0,0x1.1c01aa03be896p+0']),
}


def _diagonal_matrix(diagonal):
    out = []
    for i, d in enumerate(diagonal):
        out += _zero_row(i) + [d] + _zero_row(len(diagonal) - 1 - i)
    return out


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_jacobian_and_hessian_of_complex_abs_have_positive_zeros(dtype):
    x = tf.constant([0.37, -1.21, 0.5, -0.3], dtype)
    s = tf.constant([0.4, 0.7, -0.5, -0.2], dtype)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.abs(tf.complex(x, s))
        g = inner.gradient(y, x)
    jacobian, hessian, _ = _GOLDEN[dtype]
    assert _hexes(outer.jacobian(y, x)) == _diagonal_matrix(jacobian)      # tapeflow: -0x0.0p+0 off the diagonal
    assert _hexes(outer.jacobian(g, x)) == _diagonal_matrix(hessian)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_complex_abs_gradient_of_a_zero_upstream_is_positive_zero(dtype):
    z = tf.complex(tf.constant([0.37, -1.21, 0.5, -0.3], dtype), tf.constant([0.4, 0.7, -0.5, -0.2], dtype))
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = tf.abs(z)
    grad = tape.gradient(y, z, output_gradients=tf.constant([0.0, 1.0, 0.0, -2.0], dtype))
    assert grad.dtype == z.dtype
    assert _hexes(grad) == _GOLDEN[dtype][2]


def test_complex_abs_gradient_at_zero_is_zero():
    # div_no_nan: |0| divides nothing, the gradient there is 0 (no nan)
    z = tf.constant([0j, 3 + 4j], tf.complex128)
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = tf.abs(z)
    assert tape.gradient(y, z).numpy().tolist() == [0j, (0.6 + 0.8j)]
