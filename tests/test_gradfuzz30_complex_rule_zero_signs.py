"""Gradients through complex products, quotients, squares, exp, sin, cos and log keep TF 2.21's signs of zero (gradfuzz30,
notes/progs/gradfuzz30/p11.py, p3.py).

TF's rules multiply the upstream gradient by the conjugated derivative, grad * conj(f'(z)), in Eigen's complex
product. tapeflow wrote every rule as for real numbers and let the tape conjugate around it, conj(rule(conj(g))):
the same values, but a zero part's sign comes out flipped where Eigen's sum of two zero products is +0.0 (a zero
upstream, a jacobian's other rows). These rules are now written in TF's form (complex_gradients.in_tf_form);
tapeflow differed in 18 of these 22 gradients and printed -0. off the diagonal of the jacobian below.
"""
import numpy as np
import pytest

import framework as tf

W = [0.3 - 0.2j, -1.1 + 0.5j]
FUNCTIONS = {
    'mul': lambda z: z * z,
    'square': tf.square,
    'times_number': lambda z: z * -1.5,
    'times_tensor': lambda z: z * tf.constant(W * 2, z.dtype),
    'exp': tf.exp,
    'sin': tf.sin,
    'cos': tf.cos,
    'square_sin': lambda z: tf.square(tf.sin(z)),
    'log': tf.math.log,
    'div': lambda z: 1.0 / z,
    'div2': lambda z: z / (1.5 - 0.5j),
}

# TF 2.21's gradients at z = [0.37+0.4j, -1.21+0.7j, 0.5-0.5j, -0.3-0.2j] of upstream [0, 1, -0, -2+1j] (p11.py)
GOLDEN = [
    ('complex64', 'mul', ['0x0.0p+0,0x0.0p+0', '-0x1.35c2900000000p+1,-0x1.6666660000000p+0', '0x0.0p+0,-0x0.0p+0', '0x1.99999c0000000p-1,-0x1.6666680000000p+0']),
    ('complex64', 'square', ['0x0.0p+0,0x0.0p+0', '-0x1.35c2900000000p+1,-0x1.6666660000000p+0', '0x0.0p+0,-0x0.0p+0', '0x1.99999c0000000p-1,-0x1.6666680000000p+0']),
    ('complex64', 'times_number', ['0x0.0p+0,-0x0.0p+0', '-0x1.8000000000000p+0,-0x0.0p+0', '0x0.0p+0,0x0.0p+0', '0x1.8000000000000p+1,-0x1.8000000000000p+0']),
    ('complex64', 'times_tensor', ['0x0.0p+0,0x0.0p+0', '-0x1.19999a0000000p+0,-0x1.0000000000000p-1', '0x0.0p+0,-0x0.0p+0', '0x1.59999a0000000p+1,-0x1.9999a00000000p-4']),
    ('complex64', 'exp', ['0x0.0p+0,0x0.0p+0', '0x1.d318640000000p-3,-0x1.896dcc0000000p-3', '0x0.0p+0,-0x0.0p+0', '-0x1.996a6c0000000p+0,0x1.ba0e5e0000000p-2']),
    ('complex64', 'sin', ['0x0.0p+0,0x0.0p+0', '0x1.c5bbbc0000000p-2,-0x1.6b63700000000p-1', '-0x0.0p+0,0x0.0p+0', '-0x1.0116f20000000p+1,0x1.b605500000000p-1']),
    ('complex64', 'cos', ['-0x0.0p+0,0x0.0p+0', '0x1.2ca29c0000000p+0,0x1.1238c80000000p-2', '0x0.0p+0,0x0.0p+0', '-0x1.a469100000000p-2,0x1.5f4d6e0000000p-1']),
    ('complex64', 'square_sin', ['0x0.0p+0,0x0.0p+0', '-0x1.6bbc5c0000000p+0,0x1.6dfe680000000p+0', '0x0.0p+0,-0x0.0p+0', '0x1.c37f400000000p-1,-0x1.49d6fa0000000p+0']),
    ('complex128', 'mul', ['0x0.0p+0,0x0.0p+0', '-0x1.35c28f5c28f5cp+1,-0x1.6666666666666p+0', '0x0.0p+0,-0x0.0p+0', '0x1.9999999999999p-1,-0x1.6666666666666p+0']),
    ('complex128', 'square', ['0x0.0p+0,0x0.0p+0', '-0x1.35c28f5c28f5cp+1,-0x1.6666666666666p+0', '0x0.0p+0,-0x0.0p+0', '0x1.9999999999999p-1,-0x1.6666666666666p+0']),
    ('complex128', 'times_number', ['0x0.0p+0,-0x0.0p+0', '-0x1.8000000000000p+0,-0x0.0p+0', '0x0.0p+0,0x0.0p+0', '0x1.8000000000000p+1,-0x1.8000000000000p+0']),
    ('complex128', 'times_tensor', ['0x0.0p+0,0x0.0p+0', '-0x1.199999999999ap+0,-0x1.0000000000000p-1', '0x0.0p+0,-0x0.0p+0', '0x1.599999999999ap+1,-0x1.99999999999a0p-4']),
    ('complex128', 'exp', ['0x0.0p+0,0x0.0p+0', '0x1.d318633afce38p-3,-0x1.896dcd474af75p-3', '0x0.0p+0,-0x0.0p+0', '-0x1.996a6da472d2fp+0,0x1.ba0e5fc8c697fp-2']),
    ('complex128', 'sin', ['0x0.0p+0,0x0.0p+0', '0x1.c5bbbf410cee2p-2,-0x1.6b6370e845854p-1', '-0x0.0p+0,0x0.0p+0', '-0x1.0116f2e741233p+1,0x1.b6054febfbd85p-1']),
    ('complex128', 'cos', ['-0x0.0p+0,0x0.0p+0', '0x1.2ca29bbc0220fp+0,0x1.1238ca691586dp-2', '0x0.0p+0,0x0.0p+0', '-0x1.a4691108fc2cap-2,0x1.5f4d6d6037cf8p-1']),
    ('complex128', 'square_sin', ['0x0.0p+0,0x0.0p+0', '-0x1.6bbc5f75500bbp+0,0x1.6dfe66fcfe78cp+0', '0x0.0p+0,-0x0.0p+0', '0x1.c37f40928efa7p-1,-0x1.49d6f83339909p+0']),
    # (p16.py: the same program for tf.math.log)
    ('complex64', 'log', ['0x0.0p+0,0x0.0p+0', '-0x1.3d09360000000p-1,0x1.6ed1880000000p-2', '-0x0.0p+0,0x0.0p+0', '0x1.89d89c0000000p+2,0x1.89d8900000000p-1']),
    ('complex128', 'log', ['0x0.0p+0,0x0.0p+0', '-0x1.3d0935b319604p-1,0x1.6ed1882e6dc1ep-2', '-0x0.0p+0,0x0.0p+0', '0x1.89d89d89d89d8p+2,0x1.89d89d89d89d8p-1']),
    # (p16.py: 1.0 / z and z / (1.5 - 0.5j), TF's _RealDivGrad)
    ('complex64', 'div', ['0x0.0p+0,0x0.0p+0', '-0x1.0538dc0000000p-2,0x1.c646aa0000000p-2', '0x0.0p+0,-0x0.0p+0', '0x1.a0916c0000000p+3,0x1.67c3660000000p+3']),
    ('complex64', 'div2', ['0x0.0p+0,0x0.0p+0', '0x1.3333320000000p-1,-0x1.9999980000000p-3', '-0x0.0p+0,0x0.0p+0', '-0x1.fffffe0000000p-1,0x1.0000000000000p+0']),
    ('complex128', 'div', ['0x0.0p+0,0x0.0p+0', '-0x1.0538dc19452e1p-2,0x1.c646a7f1499b3p-2', '0x0.0p+0,-0x0.0p+0', '0x1.a0916b8ce0306p+3,0x1.67c368854d410p+3']),
    ('complex128', 'div2', ['0x0.0p+0,0x0.0p+0', '0x1.3333333333333p-1,-0x1.9999999999999p-3', '-0x0.0p+0,0x0.0p+0', '-0x1.0000000000000p+0,0x1.fffffffffffffp-1']),
]


def _hexes(t):
    a = np.ravel(t.numpy())
    if a.dtype.kind == 'c':
        return ['%s,%s' % (float(v.real).hex(), float(v.imag).hex()) for v in a]
    return [float(v).hex() for v in a]


@pytest.mark.parametrize('dtype, name, expected', GOLDEN, ids=['%s-%s' % row[:2] for row in GOLDEN])
def test_complex_gradient_signs_of_zero(dtype, name, expected):
    z = tf.constant([0.37 + 0.4j, -1.21 + 0.7j, 0.5 - 0.5j, -0.3 - 0.2j], dtype)
    upstream = tf.constant([0j, 1 + 0j, -0j, -2 + 1j], dtype)
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = FUNCTIONS[name](z)
    grad = tape.gradient(y, z, output_gradients=upstream)
    assert grad.dtype == z.dtype
    assert _hexes(grad) == expected


def test_jacobian_through_a_complex_square_has_positive_zeros():
    # p3.py: y = real(z z) + 0.7 imag(z z) of z = complex(x, sin(x) + 0.3), float64; TF's jacobian
    x = tf.constant([0.37, -1.21, 0.5], tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        z = tf.complex(x, tf.sin(x) + 0.3)
        o = z * z
        y = tf.math.real(o) + tf.math.imag(o) * 0.7
    diagonal = ['0x1.d4bf693db550bp-1', '-0x1.bac40a9614f15p+1', '0x1.5665499d2a099p+0']
    expected = [diagonal[i] if i == j else '0x0.0p+0' for i in range(3) for j in range(3)]
    assert _hexes(tape.jacobian(y, x)) == expected
    assert _hexes(tape.jacobian(y, x, experimental_use_pfor=False)) == expected


def test_second_derivative_through_a_complex_variable_product():
    # p10.py: TF 2.21 printed [0.6-2.2j, -2-14j] and [2.08+4.16j, 120-40j]
    v = tf.Variable([1 + 2j, 3 - 1j], dtype=tf.complex128)
    z = tf.constant([0.5 + 0.1j, -1 + 2j], tf.complex128)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.math.real(tf.reduce_sum(z * v * v))
        g = inner.gradient(y, v)
        loss = tf.math.real(tf.reduce_sum(g * tf.math.conj(g)))
    np.testing.assert_allclose(g.numpy(), [0.6 - 2.2j, -2 - 14j], rtol=1e-14)
    np.testing.assert_allclose(outer.gradient(loss, v).numpy(), [2.08 + 4.16j, 120 - 40j], rtol=1e-14)
