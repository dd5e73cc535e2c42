"""Input gradients of UnitNormalization, RMSNormalization, LayerNormalization(rms_scaling=True) and
tf.math.reduce_variance with TF 2.21's bits: Keras squares with ops.square (Square's gradient 2 * x * g;
tapeflow's x * x added two x * g, which rounds otherwise), and rms_scaling's variance is Keras's ops.var,
tf.math.reduce_variance, whose gradient also flows through the mean (tapeflow used moments', which stops
it there). reduce_variance of complex numbers is real, as TF's (tapeflow squared the complex deviations).
Goldens printed by TF 2.21 (/work/notes/progs/layersparity/normgold.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers

UNIT = [
    '0x1.8365b40000000p-3', '-0x1.1d5b720000000p-4', '0x1.99053e0000000p-8', '0x1.5f3e900000000p-4',
    '-0x1.67687e0000000p-3', '0x1.126ab60000000p-4', '-0x1.a70dae0000000p-7', '-0x1.007cfc0000000p-2',
    '0x1.21b7a60000000p-3', '0x1.5b56c60000000p-4', '-0x1.9d9c9e0000000p-4', '-0x1.0207fc0000000p-6',
    '0x1.07b6080000000p-3', '-0x1.3fcf000000000p-4', '-0x1.4124220000000p-3', '-0x1.762c7e0000000p-2',
    '0x1.126c6a0000000p-3', '0x1.c145c00000000p-5', '0x1.eb892c0000000p-5', '-0x1.091dd20000000p-2',
    '0x1.2957dc0000000p-2', '0x1.dcc6e40000000p-5', '-0x1.71580c0000000p-5', '0x1.8e0ae20000000p-2',
]

RMS = [
    '0x1.da76800000000p-2', '-0x1.5d7d600000000p-3', '0x1.f4f2180000000p-7', '0x1.ae2f480000000p-3',
    '-0x1.b82eea0000000p-2', '0x1.50172e0000000p-3', '-0x1.0310f60000000p-5', '-0x1.3a21f20000000p-1',
    '0x1.62d4720000000p-2', '0x1.a966ce0000000p-3', '-0x1.fa91a00000000p-3', '-0x1.3c05ba0000000p-5',
    '0x1.42fa8c0000000p-2', '-0x1.87af0e0000000p-3', '-0x1.8950d80000000p-2', '-0x1.ca44720000000p-1',
    '0x1.5019460000000p-2', '0x1.131f380000000p-3', '0x1.2d00c20000000p-3', '-0x1.44b3340000000p-1',
    '0x1.6c2b660000000p-1', '0x1.23f70a0000000p-3', '-0x1.c45a200000000p-4', '0x1.e7801e0000000p-1',
]

LN_RMS = [
    '0x1.ea84300000000p-2', '-0x1.41096e0000000p-3', '0x1.f462ea0000000p-6', '0x1.d23cbc0000000p-3',
    '-0x1.ae49640000000p-2', '0x1.7712f60000000p-3', '-0x1.f88f800000000p-6', '-0x1.51c82c0000000p-1',
    '0x1.8c52a80000000p-2', '0x1.e53d760000000p-3', '-0x1.1043e00000000p-2', '-0x1.ba9bce0000000p-6',
    '0x1.7030360000000p-2', '-0x1.58a4800000000p-3', '-0x1.8dc5980000000p-2', '-0x1.c98a080000000p-1',
    '0x1.7bf5260000000p-2', '0x1.6bb06c0000000p-3', '0x1.1cf2000000000p-3', '-0x1.014c100000000p+0',
    '0x1.cb51540000000p-1', '0x1.dcfa1c0000000p-3', '-0x1.680e620000000p-3', '0x1.6949840000000p+0',
]

VAR = [
    '-0x1.4ed0040000000p+0', '0x1.76860e0000000p-3', '0x1.0467180000000p-3', '0x1.f61db20000000p-2',
    '-0x1.9a930c0000000p-1', '0x1.4f347a0000000p+0', '-0x1.7bc6b40000000p-2', '0x1.7cf6ee0000000p-3',
    '-0x1.baab6a0000000p-5', '0x1.280b4e0000000p-4', '-0x1.3b72020000000p-2', '0x1.e60fd80000000p-2',
    '-0x1.00d5080000000p-7', '-0x1.60d4820000000p-6', '0x1.43565c0000000p-2', '-0x1.71e39a0000000p-3',
    '0x1.a1ad5a0000000p-6', '-0x1.0cd6ea0000000p-3', '-0x1.9e22f80000000p-3', '0x1.43f6f00000000p-3',
    '-0x1.ed9f000000000p-1', '0x1.10ca0c0000000p-1', '0x1.7b99880000000p-2', '0x1.ac998a0000000p-4',
]


def _x():
    return tf.constant((np.random.RandomState(1).randn(4, 6) * 2 + 1).astype('float32'))


@pytest.mark.parametrize('make, golden', [
    (lambda: L.UnitNormalization(), UNIT),
    (lambda: L.RMSNormalization(), RMS),
    (lambda: L.LayerNormalization(rms_scaling=True), LN_RMS),
])
def test_input_gradient_bits(make, golden):
    x = _x()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')         # rms_scaling's deprecation warning
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = make()(x)
            loss = tf.reduce_sum(y * tf.constant(np.random.RandomState(7).randn(*y.shape).astype('float32')))
    assert [float(v).hex() for v in tape.gradient(loss, x).numpy().ravel()] == golden


def test_reduce_variance_gradient_bits():
    x = _x()
    with tf.GradientTape() as tape:
        tape.watch(x)
        v = tf.math.reduce_variance(x, axis=1)
    g = tape.gradient(v, x, output_gradients=tf.constant(np.linspace(-1, 1, 4).astype('float32')))
    assert [float(t).hex() for t in g.numpy().ravel()] == VAR


def test_reduce_variance_of_complex_numbers_is_real():
    v = tf.math.reduce_variance(tf.constant([1 + 2j, 3 - 1j, -0.5 + 0.25j]))
    assert v.dtype == 'float64'
    assert v.numpy() == pytest.approx(3.569444444444444, rel=1e-15)      # TF 2.21 (tapeflow: last bit apart)
    assert tf.math.reduce_std(tf.constant([1 + 2j, 3 - 1j])).numpy() == 1.8027756377319946
