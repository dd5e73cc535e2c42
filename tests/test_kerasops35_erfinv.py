"""keras.ops.erfinv is tf.math.erfinv, as Keras 3 on TF 2.21 calls it (half floats through float32).

tapeflow's keras.ops.erfinv refined a closed-form guess by Newton steps in float64: correctly rounded, but
not TF's kernel (Eigen's ndtri((x + 1) / 2) / sqrt(2), which loses bits near 0: erfinv(-0.2475) and
erfinv(0.2475) differ by 2 ulps in magnitude there); ops.erfinv(0.3333) was 0x1.5e3e78p-1, TF 0x1.5e3e7cp-1.

Goldens: /work/notes/progs/kerasops/g_erfinv.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon

keras = tf.keras
X = np.linspace(-0.99, 0.99, 9).astype('float32')


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_float32_values_are_tf_kernels():
    assert _hex(keras.ops.erfinv(X)) == [
        '-0x1.d246620000000p+0', '-0x1.99f1900000000p-1', '-0x1.e2b38a0000000p-2', '-0x1.c8aaf40000000p-3',
        '0x0.0p+0', '0x1.c8aaec0000000p-3', '0x1.e2b38a0000000p-2', '0x1.99f1900000000p-1', '0x1.d246620000000p+0']


def test_float64_values():
    assert _hex(keras.ops.erfinv(X.astype('float64'))) == [
        '-0x1.d246646c3d428p+0', '-0x1.99f18dd331cd7p-1', '-0x1.e2b389b5de45ap-2', '-0x1.c8aaf5d1ca581p-3',
        '0x0.0p+0', '0x1.c8aaf5d1ca581p-3', '0x1.e2b389b5de45ap-2', '0x1.99f18dd331cd7p-1', '0x1.d246646c3d428p+0']


def test_float16_through_float32_and_the_ends():
    out = keras.ops.erfinv(X.astype('float16'))
    assert out.dtype == tf.float16
    assert out.numpy().tolist() == [-1.8271484375, -0.80078125, -0.471435546875, -0.2230224609375, 0.0,
                                    0.2230224609375, 0.471435546875, 0.80078125, 1.8271484375]
    assert keras.ops.erfinv(np.array([1., -1, 2, 0], 'float32')).numpy().tolist()[:2] == [np.inf, -np.inf]


def test_gradient():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(keras.ops.erfinv(v))
    assert _hex(tape.gradient(y, v)) == [
        '0x1.8736d40000000p+4', '0x1.aeb9900000000p+0', '0x1.1b53b80000000p+0', '0x1.dce11e0000000p-1',
        '0x1.c5bf8a0000000p-1', '0x1.dce11e0000000p-1', '0x1.1b53b80000000p+0', '0x1.aeb9900000000p+0',
        '0x1.8736d40000000p+4']
