"""float32 erfc and gelu give TensorFlow 2.21's bits (CPU wheel), forward and gradient.

TensorFlow's tf.nn.gelu (and so keras.activations.gelu, Dense(activation='gelu')) is a Python
composition: 0.5 * x * erfc(-x * 0.70710677), or 0.5 * x * (1 + tanh(0.7978846 * (x + 0.044715 * x**3))),
and its Erfc kernel is Eigen's generic_fast_erfc<float> (framework/ops/eigen_math.py).

Golden bits: printed by TensorFlow 2.21 on these inputs (tf.math.erfc(x); tf.nn.gelu(x, approximate)
and GradientTape.gradient(y, x) with the default ones seed), as uint32 hex.
"""
import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math

pytestmark = pytest.mark.usefixtures('intel_reciprocal')     # erfc's packets refine Intel's VRCPPS estimate


def _f32(bits):
    return np.array([int(b, 16) for b in bits], np.uint32).view(np.float32)


def _assert_bits(actual, golden_bits):
    actual = np.asarray(actual, np.float32)
    expected = np.array([int(b, 16) for b in golden_bits], np.uint32)
    bad = np.flatnonzero(actual.view(np.uint32) != expected)
    assert bad.size == 0, 'differs at %s: got %s, TensorFlow %s' % (
        bad.tolist(), actual[bad].tolist(), expected.view(np.float32)[bad].tolist())


# 21 = two packets of 8 and a scalar tail of 5: both branches of the kernel (|x| <= 1 and the
# exp(-x**2) rational), the clamp at 11, infinities, a denormal (read as 0) and x ~ 8.7, where
# the exp(-x**2) * x2_lo correction is denormal and TensorFlow flushes it to zero
ERFC_X = _f32(['0x0', '0x80000000', '0x3e99999a', '0xbf333333', '0x3f800000', '0xbf800000', '0x3f800001',
               '0x40200000', '0xc0700000', '0x40a00000', '0x410b3333', '0xc1180000', '0x41280000', '0x41400000',
               '0xc1400000', '0x7f800000', '0xff800000', '0xae398', '0x3f7fbe77', '0x40880000', '0xbfc00000'])
ERFC = ['0x3f800000', '0x3f800000', '0x3f2bdf1d', '0x3fd6c230', '0x3e21130c', '0x3febdd9e', '0x3e211308',
        '0x39d55c2d', '0x3fffffff', '0x2bd860d6', '0x6e62030', '0x40000000', '0x0', '0x0', '0x40000000', '0x0',
        '0x40000000', '0x3f800000', '0x3e217ffc', '0x30fe574b', '0x3ffba955']

GELU_X = _f32(['0xc0466666', '0xc00ccccd', '0xbfa66666', '0xbecccccd', '0x0', '0x3ecccccd', '0x3f666666',
               '0x3fcccccd', '0x4019999a', '0x40533333', '0xbd4ccccd', '0x40b00000', '0xc0c00000'])
GELU = {False: (['0xbb449477', '0xbcfa92cd', '0xbe00dc5f', '0xbe0d23a7', '0x0', '0x3e863afa', '0x3f3bfe17',
                 '0x3fc193bd', '0x40185743', '0x4053190f', '0xbcc4a211', '0x40b00000', '0xb1cb64c9'],
                ['0xbc1611e8', '0xbd835c2d', '0xbe01008f', '0x3e4a0133', '0x3f000000', '0x3f4d7fb3', '0x3f8717e4',
                 '0x3f8fb3c8', '0x3f85d48f', '0x3f80aa6d', '0x3eeb9757', '0x3f800005', '0xb3185656']),
        True: (['0xbb2c240c', '0xbcf86487', '0xbe0118c0', '0xbe0d259f', '0x0', '0x3e8639fd', '0x3f3bf666',
                '0x3fc18db5', '0x40185dc4', '0x40531db8', '0xbcc4a212', '0x40b00000', '0x80000000'],
               ['0xbc0f3082', '0xbd84f41a', '0xbe00e62d', '0x3e4a13cd', '0x3f000000', '0x3f4d7b0d', '0x3f870c71',
                '0x3f8fc1c2', '0x3f85e54d', '0x3f809ba1', '0x3eeb975c', '0x3f800000', '0x0'])}


def test_erfc_gives_tensorflow_bits():
    _assert_bits(tf.math.erfc(ERFC_X).numpy(), ERFC)


def test_erfc_kernel_scalar_tail_matches_packets_here():
    # the scalar functor (expf, 1 / x) and the packets (Eigen's exp, rcp + Newton) agree on these
    for n in (3, 5, 8, 13):
        _assert_bits(eigen_math.erfc(ERFC_X[:n]), ERFC[:n])


def test_erfc_is_not_numpys_correctly_rounded_value():
    # the test can fail: float64 erfc rounded once differs from Eigen's rational on both branches
    from math import erfc
    for i in (2, 4, 9):        # 0.3, 1.0, 5.0
        assert np.float32(erfc(float(ERFC_X[i]))).view(np.uint32) != int(ERFC[i], 16)


@pytest.mark.parametrize('approximate', [False, True])
def test_gelu_value_gives_tensorflow_bits(approximate):
    _assert_bits(tf.nn.gelu(GELU_X, approximate=approximate).numpy(), GELU[approximate][0])


def test_exact_gelu_gradient_gives_tensorflow_bits():
    x = tf.constant(GELU_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.gelu(x)
    _assert_bits(tape.gradient(y, x).numpy(), GELU[False][1])


def test_keras_gelu_activation_is_tf_nn_gelu():
    from framework import keras
    _assert_bits(keras.activations.gelu(tf.constant(GELU_X)).numpy(), GELU[False][0])
    _assert_bits(keras.activations.gelu(tf.constant(GELU_X), approximate=True).numpy(), GELU[True][0])


def test_large_arrays_stay_close_by_default():
    x = np.linspace(-12, 12, 4001, dtype=np.float32)
    from math import erfc
    want = np.array([erfc(v) for v in x.astype(np.float64)])
    assert np.allclose(tf.math.erfc(x).numpy(), want, rtol=1e-5, atol=1e-30)


def test_keras_ops_erfc_is_tf_math_erfc():
    # Keras's TensorFlow backend calls tf.math.erfc; 1 - erf(5) was 0 where TF gives 1.5374600e-12 (printed by TF 2.21)
    from framework import keras
    _assert_bits(keras.ops.erfc(ERFC_X).numpy(), ERFC)
    assert float(keras.ops.erfc(np.float32(5.0))) == pytest.approx(1.53746e-12, rel=1e-5)
