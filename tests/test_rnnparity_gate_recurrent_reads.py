"""With recurrent_dropout (Keras's implementation 1) each gate multiplies its masked h by its own slice of
the recurrent kernel, a read of the variable of its own: the recurrent kernel's gradient is TF's AddN of
the reads' parts (tapeflow's sweep adds a variable's many reads so). Values printed by TF 2.21
(progs/layersparity/rnn2.py 'lstm_rd', 'gru_rd_last' under layersparity/harness.py); from one read of the
kernel sliced per gate, 18 of 64 and 17 of 48 values differed in last bits."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _rnd(shape, seed, scale=1.0, dtype='float32'):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(dtype)


def _recurrent_kernel_gradient(layer):
    """layersparity/harness.py's run(): call once, set seeded weights, call again under a tape."""
    x = tf.constant(_rnd((2, 5, 3), 0))
    layer(x, training=True)
    layer.set_weights([_rnd(w.shape, 100 + i, 0.5, w.dtype) for i, w in enumerate(layer.get_weights())])
    with tf.GradientTape() as tape:
        out = layer(x, training=True)
        loss = tf.reduce_sum(out * _rnd(tuple(out.shape), 7))
    return [float(v).hex() for v in tape.gradient(loss, layer.trainable_weights[1]).numpy().ravel()]


def test_lstm_recurrent_dropout_recurrent_kernel_gradient():
    layer = keras.layers.LSTM(4, recurrent_dropout=0.3, seed=3, return_sequences=True)
    assert _recurrent_kernel_gradient(layer) == LSTM_RECURRENT_KERNEL


def test_gru_recurrent_dropout_recurrent_kernel_gradient():
    layer = keras.layers.GRU(4, recurrent_dropout=0.3, seed=3)
    assert _recurrent_kernel_gradient(layer) == GRU_RECURRENT_KERNEL


LSTM_RECURRENT_KERNEL = ['0x1.b767c40000000p-7', '-0x1.fdc3ba0000000p-8', '0x1.c348be0000000p-10',
     '0x1.3763540000000p-7', '-0x1.1c8b2a0000000p-7', '-0x1.1b25cc0000000p-8',
     '-0x1.89bb240000000p-6', '-0x1.184d6e0000000p-7', '-0x1.a8774c0000000p-4',
     '-0x1.1134700000000p-9', '-0x1.cb3d080000000p-4', '0x1.0a16ec0000000p-5',
     '0x1.c177b40000000p-7', '-0x1.f235a80000000p-8', '-0x1.11d7980000000p-10',
     '0x1.2e5dbc0000000p-7', '-0x1.3ea9860000000p-5', '0x1.2998e60000000p-5',
     '0x1.f8a3100000000p-10', '-0x1.84cb340000000p-6', '0x1.752fe00000000p-5',
     '0x1.4cf68c0000000p-6', '0x1.8f39420000000p-4', '0x1.db815a0000000p-6', '0x1.92a4860000000p-5',
     '-0x1.a676640000000p-7', '0x1.f467080000000p-2', '0x1.cac2960000000p-2',
     '-0x1.5dd3aa0000000p-5', '0x1.0983920000000p-4', '-0x1.077dfe0000000p-5',
     '-0x1.803d200000000p-7', '0x1.b6046e0000000p-6', '0x1.a2e8900000000p-8',
     '-0x1.3848f00000000p-5', '0x1.e755980000000p-7', '-0x1.71eb140000000p-5',
     '-0x1.a7833e0000000p-7', '-0x1.cd8e8c0000000p-4', '-0x1.69b2740000000p-5', '0x0.0p+0',
     '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.2837ae0000000p-6', '-0x1.27f0020000000p-5',
     '-0x1.e62a420000000p-6', '-0x1.0657800000000p-7', '-0x1.330efe0000000p-8',
     '-0x1.7daca80000000p-10', '-0x1.6ddda60000000p-9', '0x1.f1b9100000000p-10',
     '-0x1.8373800000000p-6', '-0x1.7e74900000000p-8', '-0x1.d9edf00000000p-5',
     '-0x1.3d232a0000000p-6', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
     '0x1.5a63660000000p-6', '0x1.d8f7ee0000000p-8', '-0x1.3bb8da0000000p-5',
     '0x1.5cbec60000000p-7']

GRU_RECURRENT_KERNEL = ['0x1.99727c0000000p-2', '-0x1.02a6b00000000p-4', '0x1.82539e0000000p-8',
     '0x1.852ecc0000000p-2', '0x1.6afc040000000p-7', '-0x1.a389ee0000000p-12',
     '0x1.2992f20000000p-11', '-0x1.b067600000000p-12', '0x1.4d21080000000p-2',
     '-0x1.1c9d140000000p-3', '-0x1.25133a0000000p-6', '-0x1.94ab880000000p-4',
     '-0x1.4666420000000p-3', '0x1.5370b40000000p-6', '-0x1.6466c60000000p-7',
     '0x1.5d21320000000p-3', '0x1.77b4de0000000p-5', '0x1.0971ac0000000p-8', '0x1.4fc39e0000000p-9',
     '0x1.98167e0000000p-6', '0x1.05acee0000000p-4', '-0x1.05235c0000000p-7',
     '0x1.f1d0320000000p-11', '0x1.94f9300000000p-3', '-0x1.50c8020000000p-8',
     '0x1.934e2a0000000p-9', '-0x1.fc6cc40000000p-9', '0x1.4696e40000000p-9',
     '0x1.5e47920000000p-7', '0x1.82dc3e0000000p-11', '0x1.9408d80000000p-11',
     '0x1.1ce4240000000p-7', '0x1.299e860000000p-4', '-0x1.3111860000000p-6',
     '0x1.8e42a00000000p-10', '0x1.28111c0000000p-4', '0x1.f843900000000p-4',
     '-0x1.684a7a0000000p-7', '0x1.8897200000000p-8', '-0x1.220a1c0000000p-2',
     '0x1.391d300000000p-10', '0x1.3f30e40000000p-8', '0x1.054d4e0000000p-14',
     '0x1.d9ef100000000p-8', '-0x1.9ba84e0000000p-4', '0x1.a63ef80000000p-6',
     '0x1.7952780000000p-8', '-0x1.d880900000000p-8']
