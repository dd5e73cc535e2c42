"""expint's gradient in TF 2.21's order, and unconnected_gradients='zero' for a watched string tensor.

Golden values printed by TF 2.21 (progs/gradfuzz18/t5.py):

    x = np.random.RandomState(11).uniform(0.01, 20, 12)
    a = tf.constant(x, dt)
    with tf.GradientTape() as t:
        t.watch(a); s = tf.reduce_sum(tf.math.special.expint(a) * tf.constant(np.cos(np.arange(12)), dt))
    print(t.gradient(s, a))

_ExpintGrad is grad * exp(x) / x, so (grad * exp(x)) / x; tapeflow took grad * (exp(x) / x), which
rounded about a third of float32 and float64 gradients an ulp off.
"""
import numpy as np
import pytest

import framework as tf

GRADIENTS = {
    tf.float32: '0x1.48876cp+3 0x1.0232f6p+1 -0x1.dc6764p+8 -0x1.08c0f0p+17 -0x1.5d11ccp+8 0x1.e3144ap+8 '
                '0x1.2dd81ap+2 0x1.4c5e26p+10 -0x1.1de096p+20 -0x1.414862p+20 -0x1.ecd85ep+16 0x1.26d2cep-6',
    tf.float64: '0x1.488768eecceaep+3 0x1.0232f69fe397ap+1 -0x1.dc6767d68317ep+8 -0x1.08c0ea5a773d5p+17 '
                '-0x1.5d11ca9163d3cp+8 0x1.e314419d60188p+8 0x1.2dd818d159589p+2 0x1.4c5e21043b709p+10 '
                '-0x1.1de088fb1a329p+20 -0x1.4148711287cf0p+20 -0x1.ecd86100409d8p+16 0x1.26d2d020a0e7ap-6',
}


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_expint_gradient_bits(dtype):
    x = np.random.RandomState(11).uniform(0.01, 20, 12)
    a = tf.constant(x, dtype)
    with tf.GradientTape() as tape:
        tape.watch(a)
        s = tf.reduce_sum(tf.math.special.expint(a) * tf.constant(np.cos(np.arange(12)), dtype))
    got = tape.gradient(s, a).numpy()
    want = np.array([float.fromhex(v) for v in GRADIENTS[dtype].split()], got.dtype)
    assert got.tobytes() == want.tobytes(), (got.tolist(), want.tolist())


def test_expint_gradient_matches_central_differences_float64():
    x = np.array([0.3, 1.7, 4.2, 11.])
    a = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.math.special.expint(a))
    eps = 1e-6
    numeric = (tf.math.special.expint(tf.constant(x + eps)) - tf.math.special.expint(tf.constant(x - eps))) / (2 * eps)
    np.testing.assert_allclose(tape.gradient(y, a).numpy(), numeric.numpy(), rtol=1e-7)


def test_unconnected_zero_gradient_of_a_string_source_is_empty_strings():
    # TF 2.21: <tf.Tensor: shape=(2,), dtype=string, numpy=array([b'', b''], dtype=object)> (after its
    # 'The dtype of the watched tensor must be floating' warning); tapeflow filled the int 0
    s = tf.constant(['a', 'bc'])
    with tf.GradientTape() as tape:
        tape.watch(s)
        y = tf.constant(2.)
    zeros = tape.gradient(y, s, unconnected_gradients='zero')
    assert zeros.dtype == tf.string
    assert zeros.numpy().tolist() == [b'', b'']
