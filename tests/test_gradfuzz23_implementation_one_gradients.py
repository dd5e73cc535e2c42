"""Keras's implementation 1 under an eager GradientTape (LSTM / GRU(implementation=1), and an LSTM with recurrent
dropout at inference, which Keras switches to implementation 1): each gate multiplies h by its own block of the
recurrent kernel, so TF 2.21's gradients sum those products gate by gate; tapeflow ran the one fused step (or the
whole-sequence LSTM / GRU op) and was an ulp off in 10-20 of 24 values of each gradient. Goldens printed by
TF 2.21 (/opt/tfref) with progs/gradfuzz23/gold2.py: float32 x = RandomState(3).randn(2, 4, 3), weights
RandomState(seed).randn(*w.shape) * 0.6 in layer.weights order, loss reduce_sum(y * cos(arange(6) * 0.7 + 0.3)),
print(float(v).hex() for each gradient of [x] + trainable_weights). The GRU's input kernel: its sliced reads'
AddN (tests/test_gradfuzz23_gate_block_reads.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_GOLDEN = {
    ('lstm', 0): [
        '-0x1.2005600000000p-11', '0x1.ad803e0000000p-10', '0x1.414eec0000000p-9', '-0x1.b13f100000000p-9',
        '0x1.2a21980000000p-10', '0x1.25b0ea0000000p-8', '-0x1.391c6c0000000p-8', '0x1.03a33e0000000p-6',
        '0x1.bf69860000000p-9', '-0x1.0b3d220000000p-5', '0x1.8eb67a0000000p-4', '-0x1.77b6800000000p-8',
        '0x1.000e800000000p-13', '-0x1.82b3600000000p-7', '0x1.c031c40000000p-7', '-0x1.08f4860000000p-6',
        '0x1.1331140000000p-8', '0x1.8ed80a0000000p-8', '-0x1.66f56e0000000p-6', '0x1.744cbc0000000p-5',
        '-0x1.47e6300000000p-10', '0x1.7481c80000000p-5', '-0x1.8a96900000000p-4', '0x1.b235b20000000p-3',
    ],
    ('lstm', 1): [
        '0x1.6077e80000000p-7', '0x1.e86e500000000p-8', '-0x1.3709060000000p-7', '-0x1.61ea300000000p-8',
        '-0x1.4571280000000p-10', '0x1.1ec2500000000p-7', '-0x1.1d825c0000000p-4', '0x1.c602d00000000p-9',
        '-0x1.03340a0000000p-7', '0x1.5487380000000p-5', '-0x1.99e7c00000000p-15', '-0x1.fdda1a0000000p-7',
        '-0x1.17a2ba0000000p-6', '0x1.7731080000000p-7', '0x1.2e01a40000000p-4', '-0x1.e1e2dc0000000p-7',
        '0x1.f1c1720000000p-8', '-0x1.2721f00000000p-5', '-0x1.855dd80000000p-3', '-0x1.25042c0000000p-3',
        '0x1.8938080000000p-3', '-0x1.126e1c0000000p-3', '0x1.2a20160000000p-5', '0x1.528be80000000p-4',
        '-0x1.60bb220000000p-7', '0x1.5455060000000p-8', '0x1.b815b60000000p-9', '0x1.3450880000000p-6',
        '-0x1.8719580000000p-10', '-0x1.ce3aec0000000p-7', '0x1.c2c8fc0000000p-4', '0x1.d091140000000p-9',
        '0x1.53ff6a0000000p-5', '-0x1.0408300000000p-4', '0x1.3334360000000p-7', '0x1.70720e0000000p-7',
    ],
    ('lstm', 2): [
        '-0x1.4b9a4a0000000p-9', '0x1.67027e0000000p-10', '0x1.9d65000000000p-8', '-0x1.d005ec0000000p-8',
        '0x1.373ada0000000p-10', '0x1.68af500000000p-7', '-0x1.3c11640000000p-6', '-0x1.6b8d7c0000000p-6',
        '-0x1.91abdc0000000p-5', '-0x1.00b6040000000p-5', '0x1.623a540000000p-9', '0x1.0c63e00000000p-6',
        '0x1.c3c7b60000000p-12', '-0x1.7e51f00000000p-11', '-0x1.7589bc0000000p-11', '0x1.21c6080000000p-10',
        '-0x1.ac36000000000p-13', '-0x1.a874280000000p-10', '0x1.b63b5c0000000p-9', '0x1.7f2b100000000p-8',
        '0x1.b0eda00000000p-8', '0x1.d2c75e0000000p-8', '-0x1.e10e080000000p-11', '-0x1.ad9dac0000000p-9',
        '0x1.bb96dc0000000p-9', '0x1.1194ac0000000p-13', '-0x1.4cb8c20000000p-10', '-0x1.3ef6980000000p-15',
        '0x1.d6bd6e0000000p-13', '-0x1.d3bc3a0000000p-8', '-0x1.9493740000000p-6', '-0x1.0c752a0000000p-8',
        '0x1.55cd780000000p-5', '0x1.102b160000000p-6', '0x1.7677ec0000000p-11', '-0x1.14a0b60000000p-8',
    ],
    ('lstm', 3): [
        '-0x1.d31c540000000p-6', '0x1.4f84f00000000p-9', '0x1.b0009c0000000p-5', '-0x1.603bd40000000p-6',
        '0x1.4068d40000000p-8', '0x1.3567300000000p-5', '-0x1.7958000000000p-13', '-0x1.fc0ad80000000p-5',
        '-0x1.c7716c0000000p-3', '-0x1.48eb680000000p-3', '0x1.4cb15c0000000p-7', '0x1.2b50060000000p-4',
    ],
    ('lstm_rd', 0): [
        '-0x1.2005600000000p-11', '0x1.ad803e0000000p-10', '0x1.414eec0000000p-9', '-0x1.b13f100000000p-9',
        '0x1.2a21980000000p-10', '0x1.25b0ea0000000p-8', '-0x1.391c6c0000000p-8', '0x1.03a33e0000000p-6',
        '0x1.bf69860000000p-9', '-0x1.0b3d220000000p-5', '0x1.8eb67a0000000p-4', '-0x1.77b6800000000p-8',
        '0x1.000e800000000p-13', '-0x1.82b3600000000p-7', '0x1.c031c40000000p-7', '-0x1.08f4860000000p-6',
        '0x1.1331140000000p-8', '0x1.8ed80a0000000p-8', '-0x1.66f56e0000000p-6', '0x1.744cbc0000000p-5',
        '-0x1.47e6300000000p-10', '0x1.7481c80000000p-5', '-0x1.8a96900000000p-4', '0x1.b235b20000000p-3',
    ],
    ('gru', 0): [
        '-0x1.5d02880000000p-5', '0x1.21ccf80000000p-5', '0x1.18ca820000000p-4', '-0x1.5060540000000p-5',
        '0x1.0b1e600000000p-6', '0x1.90086e0000000p-5', '-0x1.9622e00000000p-4', '0x1.6383180000000p-8',
        '0x1.d1b9a40000000p-4', '-0x1.38f85c0000000p-3', '-0x1.3648100000000p-5', '0x1.7f95920000000p-3',
        '0x1.0f6c920000000p-4', '-0x1.ce6b5a0000000p-4', '-0x1.0d931e0000000p-4', '0x1.191aa80000000p-5',
        '0x1.7089040000000p-5', '-0x1.05aac80000000p-4', '0x1.5ce47c0000000p-5', '0x1.0ccebe0000000p-4',
        '-0x1.ce390a0000000p-5', '0x1.34805c0000000p-1', '-0x1.6c83b40000000p-3', '-0x1.e00c620000000p-2',
    ],
    ('gru', 1): [
        '0x1.6de6a00000000p-6', '0x1.7eb81c0000000p-5', '-0x1.6fa9800000000p-7', '0x1.cf0c620000000p-9',
        '0x1.290c500000000p-6', '0x1.615ce80000000p-8', '-0x1.e3cd1c0000000p-6', '-0x1.5a55be0000000p-4',
        '0x1.aa31c80000000p-4', '0x1.5fd2280000000p-4', '0x1.2345a80000000p-1', '0x1.3260f80000000p-2',
        '-0x1.3995dc0000000p-4', '0x1.1a7fce0000000p-3', '0x1.4387d60000000p-8', '-0x1.17a02e0000000p+0',
        '-0x1.5acac80000000p-1', '-0x1.458a320000000p-4', '-0x1.84ef580000000p-5', '0x1.0c0c840000000p-2',
        '0x1.5f1ec00000000p-5', '-0x1.5291940000000p-9', '-0x1.5f86820000000p-9', '-0x1.43f07e0000000p-9',
        '0x1.d158b60000000p-4', '0x1.bf89480000000p-6', '-0x1.380f460000000p-6',
    ],
    ('gru', 2): [
        '-0x1.ff806a0000000p-6', '-0x1.7188f80000000p-6', '-0x1.66c2ae0000000p-4', '0x1.9f71840000000p-6',
        '-0x1.d733a00000000p-6', '-0x1.5f52da0000000p-10', '0x1.5231380000000p-2', '0x1.8f15e20000000p-4',
        '-0x1.1a8b9c0000000p-10', '0x1.acf5860000000p-8', '-0x1.fde1c00000000p-5', '-0x1.b65d580000000p-6',
        '0x1.4fb0500000000p-8', '0x1.4f6f780000000p-9', '0x1.5f36760000000p-10', '0x1.734d740000000p-6',
        '-0x1.78e5000000000p-13', '0x1.672a1e0000000p-10', '0x1.a740e20000000p-6', '-0x1.6f991c0000000p-5',
        '-0x1.2fdbb20000000p-6', '0x1.50aea80000000p-11', '0x1.92edb60000000p-7', '0x1.3141f60000000p-8',
        '-0x1.3c40420000000p-4', '-0x1.aa9c500000000p-6', '0x1.3038500000000p-8',
    ],
    ('gru', 3): [
        '-0x1.1c0ce80000000p-5', '0x1.2d52180000000p-3', '0x1.71d1c40000000p-3', '-0x1.3dcf800000000p-5',
        '0x1.8af7200000000p-10', '-0x1.ca22320000000p-7', '-0x1.838aae0000000p-2', '-0x1.43bd600000000p-6',
        '-0x1.7f62e60000000p-3', '-0x1.1c0ce80000000p-5', '0x1.2d52180000000p-3', '0x1.71d1c40000000p-3',
        '-0x1.3dcf800000000p-5', '0x1.8af7200000000p-10', '-0x1.ca22320000000p-7', '-0x1.1e2d540000000p-2',
        '-0x1.59b46a0000000p-4', '-0x1.fbc4260000000p-7',
    ],
}

_LAYERS = {'lstm': (lambda: keras.layers.LSTM(3, implementation=1), 4),
           'lstm_rd': (lambda: keras.layers.LSTM(3, recurrent_dropout=0.5), 4),
           'gru': (lambda: keras.layers.GRU(3, implementation=1), 5)}


def _gradients(name):
    make, seed = _LAYERS[name]
    keras.backend.clear_session()
    layer = make()
    x = tf.constant(np.random.RandomState(3).randn(2, 4, 3).astype('float32'))
    layer(x)
    rs = np.random.RandomState(seed)
    layer.set_weights([(rs.randn(*v.shape) * 0.6).astype('float32') for v in layer.weights])
    weights = tf.constant(np.cos(np.arange(6.0) * 0.7 + 0.3).reshape(2, 3).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(layer(x) * weights)
    return tape.gradient(loss, [x] + list(layer.trainable_weights))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('name', ['lstm', 'lstm_rd', 'gru'])
def test_eager_gradients_are_tfs_gate_by_gate(name):
    grads = _gradients(name)
    for (layer, index), golden in _GOLDEN.items():
        if layer == name:
            assert [float(v).hex() for v in grads[index].numpy().ravel()] == golden, (name, index)
