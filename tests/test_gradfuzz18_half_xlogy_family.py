"""tf.math.xlogy / xdivy / xlog1py of bfloat16 and float16 as TF 2.21's kernels (progs/gradfuzz18/t13.py, t14.py).

bfloat16 went through the ops' composition: xdivy as x * (1 / y) (two roundings, TF's Eigen kernel divides once)
and all three gradients as the composition's (TF's rules are xdivy(x, y) * grad for xlogy's y, and so on).
float16 split Eigen's packets from the scalar tail at 4 values, where its packets hold 8 (a -0 x keeps its sign
in the packets and gives 0 in the tail). Golden values printed by TF 2.21, as float32:

    rs = np.random.RandomState(11)
    x = tf.constant(rs.uniform(-3, 3, 16), tf.bfloat16); y = tf.constant(rs.uniform(0.01, 5, 16), tf.bfloat16)
    g = tf.constant(np.cos(np.arange(16)), tf.bfloat16)
    print(tf.math.xdivy(x, y))
    with tf.GradientTape() as t:
        t.watch([x, y]); z = tf.math.xlogy(x, y)
    print(t.gradient(z, [x, y], output_gradients=g))
"""
import numpy as np
import pytest

import framework as tf

XDIVY = ('-0x1.120p+4 -0x1.380p+2 -0x1.1e0p-3 0x1.b20p+0 -0x1.020p-3 -0x1.5e0p-6 -0x1.b20p+0 -0x1.840p-5 '
         '0x1.2c0p+2 0x1.3a0p+2 0x1.8e0p-2 -0x1.900p-1 0x1.060p+3 0x1.c80p-1 -0x1.000p+0 0x1.7e0p-3 ')
XLOGY_GRAD_X = ('-0x1.180p+1 -0x1.1e0p-2 -0x1.880p-3 0x1.cc0p-3 -0x1.be0p-1 0x1.980p-2 0x1.0e0p-1 0x1.6c0p-2 '
                '0x1.540p-4 0x1.8a0p-1 -0x1.120p+0 0x1.400p-8 -0x1.0e0p+0 0x1.980p-1 0x1.880p-4 -0x1.180p+0 ')
XLOGY_GRAD_Y = ('-0x1.120p+4 -0x1.500p+1 0x1.dc0p-5 -0x1.ac0p+0 0x1.500p-4 -0x1.8c0p-8 -0x1.a20p+0 -0x1.240p-5 '
                '-0x1.5e0p-1 -0x1.1e0p+2 -0x1.4e0p-2 -0x1.c60p-9 0x1.ba0p+2 0x1.9e0p-1 -0x1.180p-3 -0x1.220p-3 ')


def _inputs():
    rs = np.random.RandomState(11)
    x = tf.constant(rs.uniform(-3, 3, 16), tf.bfloat16)
    y = tf.constant(rs.uniform(0.01, 5, 16), tf.bfloat16)
    return x, y, tf.constant(np.cos(np.arange(16)), tf.bfloat16)


def _same_bits(got, hexes):
    got = tf.cast(got, tf.float32).numpy()
    want = np.array([float.fromhex(v) for v in hexes.split()], np.float32)
    assert got.tobytes() == want.tobytes(), (got.tolist(), want.tolist())


def test_bfloat16_xdivy_divides_once():
    x, y, _ = _inputs()
    _same_bits(tf.math.xdivy(x, y), XDIVY)


def test_bfloat16_xlogy_gradients_are_tensorflows_rule():
    x, y, g = _inputs()
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = tf.math.xlogy(x, y)
    gx, gy = tape.gradient(z, [x, y], output_gradients=g)
    assert gx.dtype == gy.dtype == tf.bfloat16
    _same_bits(gx, XLOGY_GRAD_X)
    _same_bits(gy, XLOGY_GRAD_Y)


@pytest.mark.parametrize('dtype', [tf.float16, tf.bfloat16, tf.float32])
@pytest.mark.parametrize('fn', [tf.math.xdivy, tf.math.xlogy, tf.math.xlog1py])
def test_negative_zero_x_keeps_its_sign_in_packets_of_eight(fn, dtype):
    # TF 2.21 (t14.py): 13 values of -0: the first 8 (one packet) -0, the 5 of the scalar tail +0
    got = tf.cast(fn(tf.constant([-0.] * 13, dtype), tf.constant([2.] * 13, dtype)), tf.float32).numpy()
    assert np.signbit(got).tolist() == [True] * 8 + [False] * 5
    assert (got == 0).all()
