"""With recurrent_dropout (Keras's implementation 1) each step's input meets each gate's block of the
kernel in a matmul of its own, so its gradient is TF's eager AddN of the gates' parts: ((f + o) + i) + c
for an LSTM, (z + h) + r for a GRU. Values printed by TF 2.21 (progs/layersparity/rnn2.py 'lstm_rd',
'gru_rd_last' dx0 under layersparity/harness.py); one product of the whole kernel differed in 23 and 14
of 30 values. (An Embedding's or a stacked RNN's gradient through such a layer.)"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _rnd(shape, seed, scale=1.0, dtype='float32'):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(dtype)


def _input_gradient(layer):
    """layersparity/harness.py's run(): call once, set seeded weights, call again under a tape."""
    x = tf.constant(_rnd((2, 5, 3), 0))
    layer(x, training=True)
    layer.set_weights([_rnd(w.shape, 100 + i, 0.5, w.dtype) for i, w in enumerate(layer.get_weights())])
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = layer(x, training=True)
        loss = tf.reduce_sum(out * _rnd(tuple(out.shape), 7))
    return [float(v).hex() for v in tape.gradient(loss, x).numpy().ravel()]


def test_lstm_recurrent_dropout_input_gradient():
    layer = keras.layers.LSTM(4, recurrent_dropout=0.3, seed=3, return_sequences=True)
    assert _input_gradient(layer) == LSTM_DX


def test_gru_recurrent_dropout_input_gradient():
    layer = keras.layers.GRU(4, recurrent_dropout=0.3, seed=3)
    assert _input_gradient(layer) == GRU_DX


LSTM_DX = ['0x1.d17d700000000p-4', '0x1.f104340000000p-7', '-0x1.a2efd40000000p-4',
     '0x1.9a9b200000000p-11', '0x1.fa6a8c0000000p-5', '-0x1.6c678e0000000p-6',
     '-0x1.11edf00000000p-4', '-0x1.06a56a0000000p-3', '0x1.9712340000000p-5',
     '-0x1.7548680000000p-6', '-0x1.9713c20000000p-3', '0x1.8652b00000000p-7',
     '-0x1.5fe8800000000p-4', '-0x1.1b1eb20000000p-3', '0x1.1dce640000000p-5',
     '-0x1.8cf33a0000000p-3', '-0x1.8c79660000000p-2', '0x1.7c81700000000p-3',
     '-0x1.2782f00000000p-5', '-0x1.0ca78c0000000p-1', '0x1.7b68aa0000000p-2',
     '-0x1.13d82a0000000p-4', '-0x1.705e580000000p-3', '0x1.2b86900000000p-3',
     '-0x1.42bca00000000p-7', '-0x1.370d5e0000000p-1', '0x1.c500ae0000000p-3',
     '-0x1.c53ec00000000p-12', '-0x1.fc7d300000000p-6', '0x1.1fe1440000000p-3']

GRU_DX = ['0x1.25dcc00000000p-8', '-0x1.14516e0000000p-3', '0x1.2902980000000p-6',
     '0x1.26eafe0000000p-3', '-0x1.6dbe220000000p-5', '-0x1.8685f80000000p-4',
     '-0x1.5666480000000p-3', '-0x1.4936c40000000p-4', '-0x1.e1620c0000000p-4',
     '-0x1.3309320000000p-3', '-0x1.713bbc0000000p-5', '-0x1.05af600000000p-4',
     '-0x1.bd389a0000000p-3', '0x1.b01e760000000p-3', '-0x1.33b7600000000p-2',
     '0x1.7ef2740000000p-6', '0x1.0eb01c0000000p-4', '0x1.4022560000000p-7',
     '-0x1.2102f60000000p-5', '0x1.275a180000000p-4', '0x1.b175980000000p-6',
     '-0x1.4af0500000000p-5', '0x1.0d0e700000000p-3', '0x1.b568840000000p-5',
     '-0x1.499b980000000p-4', '0x1.454f2e0000000p-3', '0x1.45e0fa0000000p-2',
     '-0x1.24dcf60000000p-3', '-0x1.74eca80000000p-4', '-0x1.297e200000000p-3']
