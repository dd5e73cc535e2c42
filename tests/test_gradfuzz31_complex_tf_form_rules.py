"""Complex gradients of expm1, log1p, tan, sinh, tanh, sqrt and reciprocal in TF 2.21's own form (gradfuzz31).

TF's rules conjugate x (or y) before their ops and kernels: grad * exp(conj(x)), grad * reciprocal(1 + conj(x)),
square(reciprocal(cos(conj(x)))) * grad, grad * cosh(conj(x)), TanhGrad(conj(y), grad), SqrtGrad(y, grad) and
ReciprocalGrad(y, grad), whose complex kernels conjugate y and multiply with Eigen's complex product. The tape's
generic conj(rule(conj(g))) gave -0.0 parts for a zero upstream and, for tanh / sqrt / reciprocal, other last bits.
Goldens: TF 2.21 printed them (notes/progs/gradfuzz31/p16.py, run as `p16.py tf`).
"""
import numpy as np
import pytest

import framework as tf

# (dtype, function, gradient of f(z) at z with output_gradients up, as float.hex of real and imaginary parts)
TF_GRADIENTS = [
    ('complex64', 'tanh', ['0x0.0p+0,0x0.0p+0', '0x1.d7fe900000000p-4,-0x1.4a67ba0000000p-2', '-0x0.0p+0,0x0.0p+0', '-0x1.ff55f60000000p+0,0x1.704e660000000p-1']),
    ('complex64', 'sqrt', ['0x0.0p+0,0x0.0p+0', '0x1.c10cd80000000p-4,0x1.a23da00000000p-2', '0x0.0p+0,0x0.0p+0', '0x1.41e7cc0000000p-2,0x1.d5d15a0000000p+0']),
    ('complex64', 'reciprocal', ['0x0.0p+0,0x0.0p+0', '-0x1.0538dc0000000p-2,0x1.c646a80000000p-2', '0x0.0p+0,0x0.0p+0', '0x1.a0916c0000000p+3,0x1.67c3640000000p+3']),
    ('complex64', 'expm1', ['0x0.0p+0,0x0.0p+0', '0x1.d318640000000p-3,-0x1.896dcc0000000p-3', '0x0.0p+0,-0x0.0p+0', '-0x1.996a6c0000000p+0,0x1.ba0e5e0000000p-2']),
    ('complex64', 'log1p', ['0x0.0p+0,0x0.0p+0', '-0x1.929f100000000p-2,0x1.4f84880000000p+0', '-0x0.0p+0,0x0.0p+0', '-0x1.21cfb40000000p+1,0x1.09a9100000000p+1']),
    ('complex64', 'tan', ['0x0.0p+0,0x0.0p+0', '-0x1.4122580000000p-1,0x1.4889ec0000000p+0', '0x0.0p+0,-0x0.0p+0', '-0x1.f479080000000p+0,0x1.4beb600000000p+0']),
    ('complex64', 'sinh', ['0x0.0p+0,0x0.0p+0', '0x1.657fbc0000000p+0,0x1.f7e08c0000000p-1', '0x0.0p+0,-0x0.0p+0', '-0x1.fd0e960000000p+0,0x1.253f6c0000000p+0']),
    ('complex128', 'tanh', ['0x0.0p+0,0x0.0p+0', '0x1.d7feb937f5250p-4,-0x1.4a67b97aeef5ep-2', '-0x0.0p+0,0x0.0p+0', '-0x1.ff55f6fb58c11p+0,0x1.704e655806928p-1']),
    ('complex128', 'sqrt', ['0x0.0p+0,0x0.0p+0', '0x1.c10cd7b955467p-4,0x1.a23d9fa9cf50dp-2', '0x0.0p+0,0x0.0p+0', '0x1.41e7cde21a0d2p-2,0x1.d5d15a8fea657p+0']),
    ('complex128', 'reciprocal', ['0x0.0p+0,0x0.0p+0', '-0x1.0538dc19452e1p-2,0x1.c646a7f1499b2p-2', '0x0.0p+0,0x0.0p+0', '0x1.a0916b8ce0306p+3,0x1.67c368854d412p+3']),
    ('complex128', 'expm1', ['0x0.0p+0,0x0.0p+0', '0x1.d318633afce38p-3,-0x1.896dcd474af75p-3', '0x0.0p+0,-0x0.0p+0', '-0x1.996a6da472d2fp+0,0x1.ba0e5fc8c697fp-2']),
    ('complex128', 'log1p', ['0x0.0p+0,0x0.0p+0', '-0x1.929f090f1929ep-2,0x1.4f84878c94f85p+0', '-0x0.0p+0,0x0.0p+0', '-0x1.21cfb2b78c135p+1,0x1.09a90e7d95bc6p+1']),
    ('complex128', 'tan', ['0x0.0p+0,0x0.0p+0', '-0x1.41224f8624d14p-1,0x1.4889e9884b15dp+0', '0x0.0p+0,-0x0.0p+0', '-0x1.f4790cb4b1994p+0,0x1.4beb617f6f9c8p+0']),
    ('complex128', 'sinh', ['0x0.0p+0,0x0.0p+0', '0x1.657fb9ec2effdp+0,0x1.f7e08db5e6f9ap-1', '0x0.0p+0,-0x0.0p+0', '-0x1.fd0e966637ed3p+0,0x1.253f6c967f9ecp+0']),
]

_FUNCTIONS = {'expm1': tf.math.expm1, 'log1p': tf.math.log1p, 'tan': tf.tan, 'sinh': tf.sinh, 'tanh': tf.tanh,
              'sqrt': tf.sqrt, 'reciprocal': tf.math.reciprocal}


def _hexes(t):
    return ['%s,%s' % (float(v.real).hex(), float(v.imag).hex()) for v in np.ravel(t.numpy())]


@pytest.mark.parametrize('dtype, name, expected', TF_GRADIENTS)
def test_complex_gradient_has_tf_bits_and_zero_signs(dtype, name, expected):
    z = tf.constant([0.37 + 0.4j, -1.21 + 0.7j, 0.5 - 0.5j, -0.3 - 0.2j], dtype)
    up = tf.constant([0j, 1 + 0j, -0j, -2 + 1j], dtype)
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = _FUNCTIONS[name](z)
    assert _hexes(tape.gradient(y, z, output_gradients=up)) == expected


# Gradient, real-input jacobian and hessian (x real, f(complex(x, imaginary parts)) real part) at the size-3
# inputs of notes/progs/gradfuzz31/p2.py (`p2.py tf`, TF 2.21 printed these; HEAD before gradfuzz31 differed)
TF_DERIVATIVES = [
    ('complex64', 'sqrt', 'grad', ['-0x1.daeb5a0000000p+0,-0x1.fd014e0000000p-2', '-0x1.db63560000000p-7,-0x1.eaf4ea0000000p-1', '-0x1.57d9600000000p-2,-0x1.66edd80000000p-1']),
    ('complex64', 'reciprocal', 'grad', ['0x1.a2c7720000000p+5,0x1.1076700000000p+5', '-0x1.3e6daa0000000p+0,-0x1.936fe00000000p-5', '-0x1.ed26480000000p-2,-0x1.bf42520000000p-1']),
    ('complex64', 'reciprocal', 'jac', ['-0x1.2cdd140000000p+5', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.4340d00000000p-2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.3fe37e0000000p-2']),
    ('complex128', 'log1p', 'hess', ['-0x1.3d0e11883da42p-3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.2597ec237852bp+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.58418d094112cp-1']),
    ('complex128', 'tanh', 'grad', ['0x1.0cf689112e559p-1,-0x1.9b0ca646fb4ecp-5', '-0x1.b0263bc7f3e46p-1,-0x1.3518470a84fa3p+0', '-0x1.6211da0b1be76p+0,0x1.4f040da467b28p+0']),
    ('complex128', 'sqrt', 'grad', ['0x1.5b38293448b64p-6,-0x1.e07c8afa5a574p-3', '-0x1.d14d55693bb7ap+0,0x1.35f09bf36308ep-2', '0x1.18ce691df673cp-2,-0x1.318899c21884dp-1']),
    ('complex128', 'sqrt', 'hess', ['0x1.be9e7b5bf5642p-2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.f933135144430p+1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.5eff7543fcbf5p-3']),
    ('complex128', 'reciprocal', 'grad', ['0x1.98edf86bf173ap-3,-0x1.9d50a2edb9eb2p-1', '-0x1.be6fe9268ee7ap+5,0x1.3141a39bbe638p+4', '0x1.ba9b6cec9940ap-2,-0x1.95adba07f9818p-1']),
    ('complex128', 'reciprocal', 'jac', ['0x1.6adab993ad114p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.82c606fed86cdp+3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.0405baee7c386p-2']),
    ('complex128', 'reciprocal', 'hess', ['0x1.7c65b527caf79p+2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.e4c49f105c9cfp+8', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.def9429a21375p-1']),
]
# size 7: a jacobian's 7 sweeps of SqrtGrad take Eigen's packets as the stacked 49 values do (pfor_rows)
TF_SIZE_7_DERIVATIVES = [
    ('complex64', 'sqrt', 'hess', ['-0x1.ee7b2c0000000p-2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.0623640000000p-2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.d582200000000p-4', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.bb85aa0000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.613b440000000p-4', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.58fda80000000p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.a5b86c0000000p-3']),
]


def _p2_inputs(dtype, size=3):
    """p2.py's inputs: RandomState(3), sizes 3 then 7, complex64 then complex128 (values then upstream)."""
    rng = np.random.RandomState(3)
    for ct in ('complex64', 'complex128'):
        for n in (3, 7):
            zv = rng.uniform(-1.5, 1.5, n) + 1j * rng.uniform(-1.5, 1.5, n)
            upv = rng.uniform(-2, 2, n) + 1j * rng.uniform(-2, 2, n)
            if ct == dtype and n == size:
                return zv, upv


def _real_hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


@pytest.mark.parametrize('dtype, name, kind, expected, size', [row + (3,) for row in TF_DERIVATIVES] +
                         [row + (7,) for row in TF_SIZE_7_DERIVATIVES])
def test_gradients_jacobians_and_hessians_have_tf_bits(dtype, name, kind, expected, size):
    zv, upv = _p2_inputs(dtype, size)
    f = _FUNCTIONS[name]
    if kind == 'grad':
        z = tf.constant(zv, dtype)
        with tf.GradientTape() as tape:
            tape.watch(z)
            y = f(z)
        assert _hexes(tape.gradient(y, z, output_gradients=tf.constant(upv, dtype))) == expected
        return
    x = tf.constant(zv.real, 'float32' if dtype == 'complex64' else 'float64')
    imaginary = tf.constant(zv.imag, x.dtype)
    if kind == 'jac':
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.math.real(f(tf.complex(x, imaginary)))
        assert _real_hexes(tape.jacobian(y, x)) == expected
        return
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.math.real(f(tf.complex(x, imaginary))))
        g = inner.gradient(y, x)
    assert _real_hexes(outer.jacobian(g, x)) == expected
