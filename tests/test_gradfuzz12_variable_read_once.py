"""TF's Python-composed ops that convert their input first (tf.nn.gelu, tf.math.l2_normalize, tf.norm,
tf.clip_by_norm) read a variable once, so its uses' gradients add before they reach it: eager second
derivatives of a variable through them take TF's order (framework/ops/variable_reads.py). Values printed
by TF 2.21 (notes progs/gradfuzz12/pin_read.py); each case was an ulp off in some values before."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = [[-2.14, -0.37, 1.52, 0.83], [-2.88, -1.86, 0.44, 2.71], [1.24, -1.94, 0.05, -0.66]]
C = [[-1.53, -0.33, 0.92, 1.1], [-1.61, -1.55, 0.27, -0.8], [1.74, -0.6, 1.31, 0.46]]
OPS = {'gelu_tanh': lambda v: tf.nn.gelu(v, approximate=True), 'l2_normalize': lambda v: tf.math.l2_normalize(v, -1),
       'norm': lambda v: tf.norm(v, axis=-1), 'clip_by_norm': lambda v: tf.clip_by_norm(v, 1.5, axes=[1])}
EXPECTED = {
    'gelu_tanh': (
        '0x1.47f73c0000000p-3 -0x1.d4f84a0000000p-3 -0x1.2927720000000p+0 -0x1.9623620000000p-2 '
        '0x1.0d31080000000p-4 0x1.4283240000000p-3 0x1.d6b32a0000000p-4 0x1.44cdd00000000p-2 '
        '-0x1.e3c7620000000p+0 0x1.04dc300000000p-4 0x1.0846ae0000000p+0 0x1.d1e4580000000p-3'),
    'l2_normalize': (
        '-0x1.65e8e40000000p-3 -0x1.0ca4420000000p-2 -0x1.c358dc0000000p-3 -0x1.20c5020000000p-2 '
        '-0x1.0db6d80000000p-3 -0x1.fdcc920000000p-4 -0x1.cbebd20000000p-5 0x1.4ebb980000000p-7 '
        '-0x1.036e400000000p-1 0x1.7fa38c0000000p-2 -0x1.4ab63e0000000p-3 0x1.9530b00000000p-6'),
    'norm': (
        '0x1.1750420000000p-1 0x1.dc8e920000000p-4 -0x1.5357860000000p-2 -0x1.8730640000000p-2 '
        '-0x1.6fcb380000000p-1 -0x1.b5a1b80000000p-2 0x1.ba794c0000000p-4 0x1.af02e00000000p-1 '
        '-0x1.9008e40000000p-1 0x1.24bb220000000p-1 -0x1.a57e9e0000000p-2 -0x1.2a21600000000p-7'),
    'clip_by_norm': (
        '-0x1.667bc60000000p-3 -0x1.969a680000000p-2 -0x1.9e25fc0000000p-3 -0x1.b8a96c0000000p-2 '
        '-0x1.fa96160000000p-4 -0x1.3a531e0000000p-3 -0x1.952db60000000p-4 0x1.4103c40000000p-5 '
        '-0x1.817aba0000000p-1 0x1.dd80980000000p-2 -0x1.4179c80000000p-2 -0x1.78da400000000p-7'),
}


@pytest.mark.parametrize('name', sorted(OPS))
def test_second_derivative_of_a_variable_read_once(name):
    x = tf.Variable(X, dtype=tf.float32)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(tf.sin(OPS[name](x)))
        g = inner.gradient(loss, x)
        weighted = tf.reduce_sum(g * tf.constant(C, tf.float32))
    got = ' '.join(float(v).hex() for v in np.ravel(outer.gradient(weighted, x).numpy()))
    assert got == EXPECTED[name]


def test_first_derivative_reads_the_variable_it_was_given():
    # the read is on the tape: the gradient still reaches the variable, and a constant is left as it is
    x = tf.Variable(X, dtype=tf.float32)
    with tf.GradientTape() as tape:
        y = tf.nn.gelu(x, approximate=True)
    assert tape.gradient(y, x).shape == (3, 4)
    c = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(c)
        y = tf.norm(c)
    assert tape.gradient(y, c).shape == (3, 4)
