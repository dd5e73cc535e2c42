"""float16 / bfloat16 SigmoidGrad with TF 2.21's split between Eigen's packets and its scalar tail.

Eigen's packets (8 halves) compute dy * (y * (1 - y)); the last size % 8 values take the scalar functor's
(dy * y) * (1 - y), each product rounded to the half type. tapeflow did so for float32 / float64 only, so
float16 and bfloat16 sigmoid gradients (and silu / log_sigmoid / glu second derivatives through them)
were an ulp off in the tail. Golden values printed by TF 2.21 (progs/gradfuzz18/t8.py):

    rs = np.random.RandomState(5)       # float16 (seed 0 for bfloat16, printed cast to float32)
    x = tf.constant(rs.uniform(-8, 8, 13), tf.float16); g = tf.constant(rs.uniform(-3, 3, 13), tf.float16)
    with tf.GradientTape() as t:
        t.watch(x); y = tf.sigmoid(x)
    print(t.gradient(y, x, output_gradients=g))
"""
import numpy as np

import framework as tf

FLOAT16 = ('-0x1.7f8p-6 0x1.6bcp-8 -0x1.904p-7 -0x1.8acp-11 -0x1.368p-2 0x1.854p-4 0x1.b64p-8 0x1.2c8p-3 '
           '-0x1.9c8p-5 -0x1.1a8p-7 -0x1.d8cp-10 -0x1.64p-6 -0x1.bap-2')
BFLOAT16 = ('0x1.180p-1 -0x1.1a0p-4 -0x1.5c0p-2 -0x1.440p-1 0x1.660p-2 0x1.180p-3 0x1.c00p-2 0x0.0p+0 0x0.0p+0 '
            '-0x1.b80p-6 0x1.aa0p-7 -0x1.160p-1 0x1.440p-3')     # seed 0's 13 values, as float32


def _sigmoid_gradient(seed, dtype):
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.uniform(-8, 8, 13), dtype)
    g = tf.constant(rs.uniform(-3, 3, 13), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sigmoid(x)
    return tape.gradient(y, x, output_gradients=g)


def test_float16_sigmoid_gradient_tail_bits():
    got = _sigmoid_gradient(5, tf.float16).numpy()
    want = np.array([float.fromhex(v) for v in FLOAT16.split()], np.float16)
    assert got.tobytes() == want.tobytes(), (got.tolist(), want.tolist())


def test_bfloat16_sigmoid_gradient_tail_bits():
    # TF 2.21, printed as float32: rs = np.random.RandomState(0); x = tf.constant(rs.uniform(-8, 8, 13), tf.bfloat16);
    # g = tf.constant(rs.uniform(-3, 3, 13), tf.bfloat16); tf.cast(gradient of sigmoid(x) seeded with g, tf.float32)
    got = tf.cast(_sigmoid_gradient(0, tf.bfloat16), tf.float32).numpy()
    want = np.array([float.fromhex(v) for v in BFLOAT16.split()], np.float32)
    assert got.tobytes() == want.tobytes(), (got.tolist(), want.tolist())
