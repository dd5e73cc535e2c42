"""|z| of complex128 tensors is C's hypot, as TF 2.21's ComplexAbs kernel computes it (std::abs): numpy's
complex128 abs rounded otherwise in 1499 of 4000 random values (t23.py), and gradients through |z| (an fft's
magnitude) inherited it.

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t24.py:
    rs = np.random.RandomState(12); z = rs.randn(6) * exp(rs.randn(6) * 3) + 1j * rs.randn(6) * exp(rs.randn(6) * 3)
    tf.abs(z); then x = rs.randn(8) and the gradient of reduce_sum(|fft(complex(x, 0.5 x - 0.25))| *
    cos(arange(8) * 0.7 + 0.3)) with respect to x; printed with float.hex.
"""
import numpy as np

import framework as tf

TF_ABS = ['0x1.ee7ef976250bfp-2', '0x1.6e6a58450d5e7p+5', '0x1.83325c514b1d0p+2', '0x1.252dcf84e4240p+13', '0x1.bb167d57203e6p+2', '0x1.ef30a729dd384p+2']
TF_GRADIENT = ['-0x1.6382ec4c34ad3p-2', '-0x1.71f76e2fc752ep-1', '-0x1.5151792b310bep+1', '-0x1.9e0a06c5395e5p+1', '0x1.08e3ddbf00d00p+0', '-0x1.8f84d13ee6902p+1', '0x1.1801c83b901dep+1', '-0x1.9e43b28993b38p+0']


def test_complex128_abs_is_hypot():
    rs = np.random.RandomState(12)
    z = rs.randn(6) * np.exp(rs.randn(6) * 3) + 1j * rs.randn(6) * np.exp(rs.randn(6) * 3)
    assert [float(v).hex() for v in tf.abs(tf.constant(z)).numpy()] == TF_ABS
    x = tf.constant(rs.randn(8))
    with tf.GradientTape() as tape:
        tape.watch(x)
        f = tf.signal.fft(tf.complex(x, x * 0.5 - 0.25))
        loss = tf.reduce_sum(tf.abs(f) * np.cos(np.arange(8) * 0.7 + 0.3))
    assert [float(v).hex() for v in tape.gradient(loss, x).numpy()] == TF_GRADIENT


def test_complex128_abs_edges():
    z = tf.constant(np.array([complex(np.inf, np.nan), complex(np.nan, 1), complex(-0., -0.), complex(3, -4)]))
    assert tf.abs(z).numpy().tolist()[0] == np.inf       # hypot(inf, nan) is inf (C99)
    assert np.isnan(tf.abs(z).numpy()[1])
    assert tf.abs(z).numpy().tolist()[2:] == [0.0, 5.0]
