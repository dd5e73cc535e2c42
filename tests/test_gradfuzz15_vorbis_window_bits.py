"""tf.signal.vorbis_window is TF 2.21's ops (sin(pi / 2 * pow(sin(pi / N * (n + 0.5)), 2.0)) in the dtype, its float32
sin and pow Eigen's), so the window, tf.signal.mdct / inverse_mdct built on it and their gradients carry TF's bits;
numpy's correctly rounded sin gave windows an ulp off (vorbis_window(16): 6 of 16 values) and mdct values up to
6.5e-7 off. Literals printed by TF 2.21 (progs/gradfuzz15/t32.py; t31.py compares sizes 8 to 300)."""
import numpy as np

import framework as tf

WINDOW = [
    '0x1.b669b60000000p-6', '0x1.d2f9320000000p-3', '0x1.197f1a0000000p-1', '0x1.abac280000000p-1',
    '0x1.f283460000000p-1', '0x1.ffd1120000000p-1', '0x1.ffd1120000000p-1', '0x1.f283460000000p-1',
    '0x1.abac260000000p-1', '0x1.197f1a0000000p-1', '0x1.d2f9160000000p-3', '0x1.b669840000000p-6'
]
MDCT = [
    '-0x1.aa66580000000p+2', '0x1.7d85c40000000p+0', '-0x1.4d3ca00000000p+1', '0x1.6664f60000000p+0',
    '-0x1.7802c80000000p-1', '-0x1.6f885a0000000p+1', '0x1.861e560000000p+0', '-0x1.3782a00000000p+0',
    '0x1.b03fe00000000p-1', '0x1.d148e80000000p+1', '-0x1.f91de40000000p+2', '0x1.5aef400000000p-4',
    '0x1.7711e00000000p-4', '-0x1.e1b51e0000000p+1', '-0x1.e03d4a0000000p+0', '-0x1.3da4140000000p+1',
    '0x1.53639a0000000p+1', '-0x1.7f23240000000p-2', '-0x1.aae9e40000000p-1', '-0x1.3d21040000000p-3',
    '-0x1.6930600000000p-6', '-0x1.3605d00000000p+1', '-0x1.14c73e0000000p-1', '-0x1.db96200000000p+1'
]
GRAD = [
    '-0x1.ae162c0000000p-4', '0x1.f038080000000p-2', '-0x1.d6feae0000000p-1', '0x1.c115440000000p+0',
    '-0x1.abbf580000000p+1', '-0x1.fd8af80000000p+0', '-0x1.130e440000000p-1', '-0x1.17b00a0000000p-1',
    '0x1.feb1500000000p+1', '-0x1.6468460000000p-1', '0x1.1eeb880000000p-3', '-0x1.11ae7a0000000p+0',
    '-0x1.c05b520000000p+0', '0x1.354c700000000p+1', '0x1.45dcec0000000p+0', '-0x1.ad64120000000p-4',
    '-0x1.f646b20000000p-4', '0x1.efa2f40000000p-2', '-0x1.d6712e0000000p-1', '0x1.063b080000000p+1',
    '-0x1.8a37280000000p+0', '-0x1.8c3b8c0000000p+1', '-0x1.34b8600000000p-1', '-0x1.78db320000000p+0',
    '0x1.f18d0c0000000p+1', '0x1.2579340000000p+0', '0x1.bc9aa00000000p-2', '-0x1.3dc0400000000p-6',
    '-0x1.b848b40000000p+1', '0x1.43be560000000p+0', '0x1.5514dc0000000p-1', '-0x1.a5a8e00000000p-3'
]
IMDCT = [
    '-0x1.13c1420000000p-4', '-0x1.51fbe40000000p-1', '0x1.40cdaa0000000p+0', '0x1.1fef4a0000000p+0',
    '0x1.09854e0000000p+0', '0x1.e2fabc0000000p+0', '-0x1.c984800000000p-4', '-0x1.72cab40000000p-2',
    '0x1.307c900000000p-3', '-0x1.c04a400000000p-2', '0x1.15ebbe0000000p+1', '0x1.26fdca0000000p+0',
    '-0x1.eb0f3c0000000p+0', '0x1.d529200000000p-4', '0x1.ee49540000000p-5', '-0x1.d6498e0000000p-4',
    '0x1.413b020000000p-6', '0x1.63e2000000000p-2', '-0x1.51cadc0000000p-1', '-0x1.4f6b3c0000000p-2',
    '-0x1.f6ef460000000p-1', '0x1.0801380000000p+0', '0x1.f7202a0000000p-2', '-0x1.c95db60000000p-2',
    '-0x1.9cdb3a0000000p-1', '0x1.0cd6280000000p-3', '-0x1.366a560000000p+0', '0x1.47a9480000000p-3',
    '-0x1.8586940000000p-1', '0x1.5a9d940000000p-1', '0x1.6d2dae0000000p-2', '-0x1.750c680000000p-5'
]


def _hex(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_vorbis_window_is_tensorflows():
    assert _hex(tf.signal.vorbis_window(12)) == WINDOW


def test_mdct_its_gradient_and_inverse_are_tensorflows():
    x = tf.constant(np.random.RandomState(17).randn(2, 16).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.signal.mdct(x, 8)
        s = tf.reduce_sum(y * tf.cos(tf.reshape(tf.range(24.0), [2, 3, 4])))
    assert _hex(y) == MDCT
    assert _hex(tape.gradient(s, x)) == GRAD
    assert _hex(tf.signal.inverse_mdct(y)) == IMDCT
