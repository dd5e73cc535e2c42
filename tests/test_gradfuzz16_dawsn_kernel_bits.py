"""tf.math.special.dawsn carries TF 2.21's CPU bits: Cephes' rational forms in the tensor's dtype
(framework/ops/cephes_dawsn.py). tapeflow summed series in float64: dawsn(20.) in float32 was
0x1.9a1d2ap-6 where TF gives 0x1.9a1d2cp-6, and its gradient 1 - 2 x y, which cancels there,
-0x1.48e8p-10 where TF gives -0x1.48f0p-10 (5e-4 relative); float64 values differed at 2e-13.

Golden values printed by TF 2.21:
    x = tf.constant([...], dtype); with tf.GradientTape() as t: t.watch(x); y = tf.math.special.dawsn(x)
    [float(v).hex() for v in y.numpy()], [float(v).hex() for v in t.gradient(y, x).numpy()]
"""
import numpy as np
import pytest

import framework as tf

X = [-3.5, -0.5, 0.3, 2.0, 3.25, 5.0, 6.25, 20.0, -20.0, 1e-8, 89.0, -2e9, 3e38]
TF = {
    'float32': (['-0x1.326ccep-3', '-0x1.b29f74p-2', '0x1.216a32p-2', '0x1.349294p-2', '0x1.4cf1fcp-3',
                 '0x1.a25756p-4', '0x1.4c0bf6p-4', '0x1.9a1d2cp-6', '-0x1.9a1d2cp-6', '0x1.5798eep-27',
                 '0x1.7033fap-8', '0x1.12e0bep-32', '0x0.0p+0'],
                ['-0x1.83e68p-5', '0x1.26b046p-1', '0x1.a92cfp-1', '-0x1.a494ap-3', '-0x1.d0938p-5',
                 '-0x1.5da58p-6', '-0x1.b4acp-7', '-0x1.48fp-10', '-0x1.48fp-10', '0x1.0p+0', '-0x1.09p-14',
                 '0x1.0p+1', 'nan']),
    'float64': (['-0x1.326cce4875497p-3', '-0x1.b29f73897eab2p-2', '0x1.216a31f8527edp-2', '0x1.3492932d91017p-2',
                 '0x1.4cf1faca8d3b6p-3', '0x1.a25756d75a1bbp-4', '0x1.4c0bf5ece7720p-4', '0x1.9a1d2aa78e158p-6',
                 '-0x1.9a1d2aa78e158p-6', '0x1.5798ee2308c3ap-27', '0x1.7033f92577558p-8', '0x1.12e0be826d695p-32',
                 '0x1.225fd13c6fb43p-129'],
                ['-0x1.83e68fecd4080p-5', '0x1.26b0463b40aa7p-1', '0x1.a92cf1024da6cp-1', '-0x1.a494996c880b8p-3',
                 '-0x1.d093789258080p-5', '-0x1.5da591a614540p-6', '-0x1.b4ac108a68880p-7', '-0x1.48eaa2e335c00p-10',
                 '-0x1.48eaa2e335c00p-10', '0x1.ffffffffffffep-1', '-0x1.08cf033e5c000p-14', '0x1.0p+1', '0x0.0p+0']),
}


def _hex(values):
    return [float(v).hex() for v in values]


@pytest.mark.parametrize('mode', [True, 'small', False])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_dawsn_values_and_gradient_are_tf_bits(dtype, mode):
    from framework.config import set_tf_exact_math, tf_exact_math
    before = tf_exact_math()
    set_tf_exact_math(mode)
    try:
        with np.errstate(over='ignore'):
            x = tf.constant(np.array(X, dtype))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.math.special.dawsn(x)
        values, grads = TF[dtype]
        assert _hex(y.numpy()) == [float.fromhex(v).hex() for v in values]
        assert _hex(tape.gradient(y, x).numpy()) == [float.fromhex(v).hex() for v in grads]
    finally:
        set_tf_exact_math(before)


def test_dawsn_denormals_read_and_flush_as_zero():
    # TF 2.21: float32 dawsn([1e-40, -1e-40, -0.0, 3e38, -3e38]) all +0.0; float64 dawsn(-1e-310) +0.0
    y = tf.math.special.dawsn(tf.constant([1e-40, -1e-40, -0.0, 3e38, -3e38], tf.float32)).numpy()
    assert _hex(y) == ['0x0.0p+0'] * 5
    assert _hex(tf.math.special.dawsn(tf.constant([1e-310, -1e-310], tf.float64)).numpy()) == ['0x0.0p+0'] * 2


def test_dawsn_matches_central_differences_in_float64():
    x = np.array([-4.0, -1.0, 0.2, 3.0, 5.5, 7.0])
    with tf.GradientTape() as tape:
        t = tf.constant(x)
        tape.watch(t)
        y = tf.math.special.dawsn(t)
    eps = 1e-6
    numeric = (tf.math.special.dawsn(x + eps).numpy() - tf.math.special.dawsn(x - eps).numpy()) / (2 * eps)
    np.testing.assert_allclose(tape.gradient(y, t).numpy(), numeric, rtol=1e-7, atol=1e-9)
