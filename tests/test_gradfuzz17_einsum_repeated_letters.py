"""tf.einsum with a letter repeated in one operand ('iij,j->i', 'iji,jk->ik') takes that diagonal first, as TF 2.21's
Einsum kernel does (ReduceOperand's strided view), then multiplies as for distinct letters. tapeflow handed such
equations to numpy's einsum, which sums the products in another order: values and gradients an ulp or more off
TF's in 1-8 places per case (up to 2.5e-6 relative)."""
import numpy as np
import pytest

import framework as tf

SHAPES = [('iij,j->i', (3, 3, 2), (2,)), ('iji,jk->ik', (4, 5, 4), (5, 3)), ('iijk,j->i', (3, 3, 2, 4), (2,))]

# printed by TF 2.21: for each equation in turn, with rs = np.random.RandomState(3) and float32 a, b drawn as
# rs.randn(*shape_a), rs.randn(*shape_b): float.hex of y = tf.einsum(eq, a, b) and of the first 12 non-zero
# values of the gradient of tf.reduce_sum(y * y) for a
TF_BITS = {
    'iij,j->i': (
        ['0x1.46c6500000000p+0', '0x1.edfb420000000p-2', '0x1.2ac2a00000000p+0'],
        ['0x1.4103460000000p+1', '-0x1.67cd0e0000000p+1', '0x1.e545760000000p-1', '-0x1.0ff41a0000000p+0',
        '0x1.257e0a0000000p+1', '-0x1.48f48c0000000p+1'],
    ),
    'iji,jk->ik': (
        ['-0x1.3607be0000000p+0', '0x1.9c34860000000p-1', '0x1.4646760000000p-2', '0x1.8008980000000p+0',
        '-0x1.a599680000000p+1', '0x1.8547ce0000000p-1', '0x1.309e740000000p+0', '-0x1.1928d20000000p-4',
        '0x1.fdd2460000000p-3', '-0x1.e4875a0000000p+0', '0x1.fc47440000000p+0', '-0x1.ddf6c20000000p+0'],
        ['-0x1.1014900000000p+2', '0x1.6d77700000000p-1', '0x1.0a33380000000p-1', '-0x1.b5ed0e0000000p+0',
        '0x1.bc37900000000p+0', '0x1.60bc520000000p+3', '-0x1.8d23f00000000p+2', '0x1.0ce2e40000000p+2',
        '0x1.0387de0000000p+2', '-0x1.c494460000000p+2', '0x1.1bf9120000000p+1', '0x1.3f8b7a0000000p+0'],
    ),
    'iijk,j->i': (
        ['0x1.f3c50e0000000p-2', '0x1.deb1060000000p-6', '-0x1.fd6dc80000000p+0'],
        ['0x1.0e78040000000p-2', '0x1.0e78040000000p-2', '0x1.0e78040000000p-2', '0x1.0e78040000000p-2',
        '0x1.43c4060000000p-1', '0x1.43c4060000000p-1', '0x1.43c4060000000p-1', '0x1.43c4060000000p-1',
        '0x1.030fc20000000p-6', '0x1.030fc20000000p-6', '0x1.030fc20000000p-6', '0x1.030fc20000000p-6'],
    ),
}


def _bits(values):
    return np.array([float.fromhex(v) for v in values], np.float32)


def test_repeated_letter_einsum_bits(xeon_cpu):
    # (TF_BITS came from the Xeon's oneDNN: on the AVX2 EPYC 'iji,jk->ik' sums as MatMul, kerasexamples12's test)
    rs = np.random.RandomState(3)
    for equation, shape_a, shape_b in SHAPES:
        a = tf.constant(rs.randn(*shape_a).astype(np.float32))
        b = tf.constant(rs.randn(*shape_b).astype(np.float32))
        with tf.GradientTape() as tape:
            tape.watch(a)
            y = tf.einsum(equation, a, b)
            loss = tf.reduce_sum(y * y)
        g = tape.gradient(loss, a).numpy().ravel()
        values, gradient = TF_BITS[equation]
        np.testing.assert_array_equal(y.numpy().ravel(), _bits(values), err_msg=equation)
        np.testing.assert_array_equal(g[g != 0][:12], _bits(gradient), err_msg=equation)


@pytest.mark.parametrize('equation, shape_a, shape_b', [('iij,j->i', (3, 3, 2), (2,)), ('bii,bj->bij', (2, 3, 3), (2, 4)),
                                                        ('...ii,...i->...', (2, 3, 3), (2, 3))])
def test_repeated_letter_einsum_matches_numpy(equation, shape_a, shape_b):
    rs = np.random.RandomState(4)
    a, b = rs.randn(*shape_a), rs.randn(*shape_b)
    np.testing.assert_allclose(tf.einsum(equation, a, b).numpy(), np.einsum(equation, a, b), rtol=1e-12)


def test_repeated_letter_size_mismatch_is_tf_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Expected dimension 2 at axis 1 of the input shaped '
                                                             r'\[2,3,2\] but got dimension 3'):
        tf.einsum('iij,j->i', tf.ones([2, 3, 2]), tf.ones([2]))
