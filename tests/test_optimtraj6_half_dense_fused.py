"""A float16 / bfloat16 Dense layer in a traced step (fit, predict, a tf.function), as TF 2.21 with oneDNN
computes it (probe /work/notes/progs/optimtraj4/f16fuse2.py and fitdt.py, goldens from half_golden.py).

TF's grappler fuses MatMul + BiasAdd + activation into one oneDNN kernel, which sums in float32, applies
the activation there and rounds once. tapeflow rounded the sum first and applied tanh / elu in half
precision (a third of a tanh layer's values one ulp off), and gave -0.0 for negative bfloat16 relu inputs
where TF's bfloat16 kernel gives 0.0. A Dense(1) bfloat16 bias gradient added the column in bfloat16 steps;
TF's sum adds in float32 and rounds once. float16 fits (dtype='float16' layers) went from 0 to 59 of 60
probe lines equal to TF, bfloat16 from 0 to 55 (the other 5: Nadam's NaN bit patterns).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

_X = (np.sin(np.arange(24) * 0.9) * 1.7).reshape(6, 4)
_KERNEL = (np.cos(np.arange(20) * 1.3) * 0.8).reshape(4, 5)
_BIAS = np.linspace(-0.6, 0.5, 5)

# (dtype, activation, the traced layer's 6 x 5 outputs), printed by TF 2.21
CASES = [
    ('float16', 'tanh',
        ['0x1.f100000000000p-1', '-0x1.3480000000000p-1', '-0x1.fd40000000000p-1', '-0x1.7c40000000000p-1',
         '0x1.fc00000000000p-1', '-0x1.ff00000000000p-1', '-0x1.8180000000000p-2', '0x1.fbc0000000000p-1',
         '0x1.e440000000000p-1', '-0x1.cb80000000000p-1', '0x1.e3c0000000000p-1', '0x1.6240000000000p-3',
         '-0x1.f2c0000000000p-1', '-0x1.c600000000000p-1', '0x1.e180000000000p-1', '-0x1.eec0000000000p-1',
         '-0x1.a2c0000000000p-1', '0x1.7940000000000p-1', '0x1.d680000000000p-1', '0x1.d3c0000000000p-3',
         '-0x1.8cc0000000000p-2', '0x1.2680000000000p-1', '0x1.1a00000000000p-2', '-0x1.0a80000000000p-1',
         '-0x1.0640000000000p-2', '0x1.d140000000000p-2', '-0x1.b380000000000p-1', '-0x1.dac0000000000p-1',
         '0x1.3140000000000p-2', '0x1.f1c0000000000p-1']),
    ('float16', 'elu',
        ['0x1.0d80000000000p+1', '-0x1.0100000000000p-1', '-0x1.e540000000000p-1', '-0x1.3b40000000000p-1',
         '0x1.62c0000000000p+1', '-0x1.ef80000000000p-1', '-0x1.4ec0000000000p-2', '0x1.5fc0000000000p+1',
         '0x1.cb00000000000p+0', '-0x1.8900000000000p-1', '0x1.c7c0000000000p+0', '0x1.65c0000000000p-3',
         '-0x1.c540000000000p-1', '-0x1.8280000000000p-1', '0x1.bdc0000000000p+0', '-0x1.bd00000000000p-1',
         '-0x1.5e00000000000p-1', '0x1.e300000000000p-1', '0x1.94c0000000000p+0', '0x1.dc00000000000p-3',
         '-0x1.5780000000000p-2', '0x1.4f80000000000p-1', '0x1.2180000000000p-2', '-0x1.c100000000000p-2',
         '-0x1.d7c0000000000p-3', '0x1.f600000000000p-2', '-0x1.6e80000000000p-1', '-0x1.9c80000000000p-1',
         '0x1.3b00000000000p-2', '0x1.1100000000000p+1']),
    ('float16', 'relu',
        ['0x1.0d80000000000p+1', '-0x0.0p+0', '-0x0.0p+0', '-0x0.0p+0', '0x1.62c0000000000p+1', '-0x0.0p+0',
         '-0x0.0p+0', '0x1.5fc0000000000p+1', '0x1.cb00000000000p+0', '-0x0.0p+0', '0x1.c7c0000000000p+0',
         '0x1.65c0000000000p-3', '-0x0.0p+0', '-0x0.0p+0', '0x1.bdc0000000000p+0', '-0x0.0p+0', '-0x0.0p+0',
         '0x1.e300000000000p-1', '0x1.94c0000000000p+0', '0x1.dc00000000000p-3', '-0x0.0p+0', '0x1.4f80000000000p-1',
         '0x1.2180000000000p-2', '-0x0.0p+0', '-0x0.0p+0', '0x1.f600000000000p-2', '-0x0.0p+0', '-0x0.0p+0',
         '0x1.3b00000000000p-2', '0x1.1100000000000p+1']),
    ('float16', None,
        ['0x1.0d80000000000p+1', '-0x1.6500000000000p-1', '-0x1.7a40000000000p+1', '-0x1.e980000000000p-1',
         '0x1.62c0000000000p+1', '-0x1.b7c0000000000p+1', '-0x1.9580000000000p-2', '0x1.5fc0000000000p+1',
         '0x1.cb00000000000p+0', '-0x1.7580000000000p+0', '0x1.c7c0000000000p+0', '0x1.65c0000000000p-3',
         '-0x1.1500000000000p+1', '-0x1.67c0000000000p+0', '0x1.bdc0000000000p+0', '-0x1.0480000000000p+1',
         '-0x1.2680000000000p+0', '0x1.e300000000000p-1', '0x1.94c0000000000p+0', '0x1.dc00000000000p-3',
         '-0x1.a280000000000p-2', '0x1.4f80000000000p-1', '0x1.2180000000000p-2', '-0x1.2780000000000p-1',
         '-0x1.0c40000000000p-2', '0x1.f600000000000p-2', '-0x1.4200000000000p+0', '-0x1.a3c0000000000p+0',
         '0x1.3b00000000000p-2', '0x1.1100000000000p+1']),
    ('bfloat16', 'tanh',
        ['0x1.f000000000000p-1', '-0x1.3400000000000p-1', '-0x1.fe00000000000p-1', '-0x1.7c00000000000p-1',
         '0x1.fc00000000000p-1', '-0x1.fe00000000000p-1', '-0x1.8200000000000p-2', '0x1.fc00000000000p-1',
         '0x1.e400000000000p-1', '-0x1.cc00000000000p-1', '0x1.e400000000000p-1', '0x1.6400000000000p-3',
         '-0x1.f200000000000p-1', '-0x1.c600000000000p-1', '0x1.e200000000000p-1', '-0x1.ee00000000000p-1',
         '-0x1.a200000000000p-1', '0x1.7800000000000p-1', '0x1.d600000000000p-1', '0x1.d200000000000p-3',
         '-0x1.8c00000000000p-2', '0x1.2600000000000p-1', '0x1.2000000000000p-2', '-0x1.0c00000000000p-1',
         '-0x1.0600000000000p-2', '0x1.d200000000000p-2', '-0x1.b400000000000p-1', '-0x1.dc00000000000p-1',
         '0x1.3200000000000p-2', '0x1.f200000000000p-1']),
    ('bfloat16', 'elu',
        ['0x1.0e00000000000p+1', '-0x1.0200000000000p-1', '-0x1.e600000000000p-1', '-0x1.3a00000000000p-1',
         '0x1.6200000000000p+1', '-0x1.f000000000000p-1', '-0x1.4e00000000000p-2', '0x1.6000000000000p+1',
         '0x1.cc00000000000p+0', '-0x1.8a00000000000p-1', '0x1.c800000000000p+0', '0x1.6800000000000p-3',
         '-0x1.c600000000000p-1', '-0x1.8200000000000p-1', '0x1.be00000000000p+0', '-0x1.be00000000000p-1',
         '-0x1.5e00000000000p-1', '0x1.de00000000000p-1', '0x1.9600000000000p+0', '0x1.da00000000000p-3',
         '-0x1.5800000000000p-2', '0x1.5000000000000p-1', '0x1.2800000000000p-2', '-0x1.c400000000000p-2',
         '-0x1.d600000000000p-3', '0x1.f600000000000p-2', '-0x1.6e00000000000p-1', '-0x1.9e00000000000p-1',
         '0x1.3c00000000000p-2', '0x1.1200000000000p+1']),
    ('bfloat16', 'relu',
        ['0x1.0e00000000000p+1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.6200000000000p+1', '0x0.0p+0', '0x0.0p+0',
         '0x1.6000000000000p+1', '0x1.cc00000000000p+0', '0x0.0p+0', '0x1.c800000000000p+0', '0x1.6800000000000p-3',
         '0x0.0p+0', '0x0.0p+0', '0x1.be00000000000p+0', '0x0.0p+0', '0x0.0p+0', '0x1.de00000000000p-1',
         '0x1.9600000000000p+0', '0x1.da00000000000p-3', '0x0.0p+0', '0x1.5000000000000p-1', '0x1.2800000000000p-2',
         '0x0.0p+0', '0x0.0p+0', '0x1.f600000000000p-2', '0x0.0p+0', '0x0.0p+0', '0x1.3c00000000000p-2',
         '0x1.1200000000000p+1']),
    ('bfloat16', None,
        ['0x1.0e00000000000p+1', '-0x1.6600000000000p-1', '-0x1.7a00000000000p+1', '-0x1.e800000000000p-1',
         '0x1.6200000000000p+1', '-0x1.b800000000000p+1', '-0x1.9400000000000p-2', '0x1.6000000000000p+1',
         '0x1.cc00000000000p+0', '-0x1.7600000000000p+0', '0x1.c800000000000p+0', '0x1.6800000000000p-3',
         '-0x1.1400000000000p+1', '-0x1.6800000000000p+0', '0x1.be00000000000p+0', '-0x1.0400000000000p+1',
         '-0x1.2600000000000p+0', '0x1.de00000000000p-1', '0x1.9600000000000p+0', '0x1.da00000000000p-3',
         '-0x1.a200000000000p-2', '0x1.5000000000000p-1', '0x1.2800000000000p-2', '-0x1.2a00000000000p-1',
         '-0x1.0c00000000000p-2', '0x1.f600000000000p-2', '-0x1.4200000000000p+0', '-0x1.a600000000000p+0',
         '0x1.3c00000000000p-2', '0x1.1200000000000p+1']),
]


@pytest.mark.parametrize('dtype, activation, expected', CASES)
def test_traced_half_dense_applies_its_activation_before_rounding(dtype, activation, expected):
    layer = keras.layers.Dense(5, activation=activation, dtype=dtype)
    layer.build((None, 4))
    layer.kernel.assign(tf.cast(_KERNEL, dtype))
    layer.bias.assign(tf.cast(_BIAS, dtype))
    out = tf.function(lambda a: layer(a))(tf.cast(_X, dtype))
    assert [float(v).hex() for v in np.asarray(tf.cast(out, 'float32')).ravel()] == expected


_COLUMN = [float.fromhex(h) for h in ['0x1.b4p-3', '-0x1.98p-2', '-0x1.18p-3', '0x1.5cp-3', '-0x1.5p+0', '-0x1.24p-3',
                                      '-0x1.78p-2', '-0x1.7cp-3', '0x1.18p-1', '-0x1.c4p-2', '-0x1.eap-2', '-0x1.58p-5',
                                      '-0x1.1ep-1', '-0x1.d4p-3', '-0x1.4p-2', '-0x1.a4p-3']]


@pytest.mark.parametrize('traced', [False, True])
def test_one_unit_bfloat16_bias_gradient_sums_in_float32(traced):
    layer = keras.layers.Dense(1, dtype='bfloat16')
    layer.build((None, 3))
    inputs = tf.cast(np.ones((16, 3)), 'bfloat16')
    upstream = tf.cast(np.array(_COLUMN).reshape(16, 1), 'bfloat16')

    def bias_gradient():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(inputs) * upstream)
        return tape.gradient(loss, layer.bias)

    grad = tf.function(bias_gradient)() if traced else bias_gradient()
    # TF 2.21: -0x1.fp+1 (the float32 sum -3.8799 rounded once); bfloat16 steps gave -0x1.f2p+1
    assert float(np.asarray(tf.cast(grad, 'float32'))[0]).hex() == '-0x1.f000000000000p+1'
