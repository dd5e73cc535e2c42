"""LSTM with recurrent_dropout (Keras's implementation 1) steps gate by gate as Keras writes it: each gate's
masked h times its block of the recurrent kernel added to its block of the projection, no concat. Its
kernel and bias gradients are then TF 2.21's (printed by TF, progs/layersparity/rnn2.py 'lstm_rd' and
'lstm_rd_last' under layersparity/harness.py); with the concatenated product 8 of 48 kernel values and
3 of 16 bias values differed in last bits. (The recurrent kernel's still differ: reports36/rnnparity.md.)"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _rnd(shape, seed, scale=1.0, dtype='float32'):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(dtype)


def _gradients(return_sequences):
    """layersparity/harness.py's run(): call once, set seeded weights, call again under a tape."""
    layer = keras.layers.LSTM(4, recurrent_dropout=0.3, seed=3, return_sequences=return_sequences)
    x = tf.constant(_rnd((2, 5, 3), 0))
    layer(x, training=True)
    layer.set_weights([_rnd(w.shape, 100 + i, 0.5, w.dtype) for i, w in enumerate(layer.get_weights())])
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = layer(x, training=True)
        loss = tf.reduce_sum(out * _rnd(tuple(out.shape), 7))
    kernel, _, bias = tape.gradient(loss, layer.trainable_weights)
    return [float(v).hex() for v in kernel.numpy().ravel()], [float(v).hex() for v in bias.numpy().ravel()]


EXPECTED = {
    True: (
        ['0x1.248c140000000p-4', '-0x1.22fbf40000000p-3', '-0x1.f740020000000p-5',
         '0x1.0334c80000000p-7', '-0x1.c6d7d00000000p-3', '-0x1.b685400000000p-4',
         '-0x1.92d4b80000000p-2', '-0x1.71b2140000000p-3', '0x1.14414a0000000p-1',
         '-0x1.021af80000000p-2', '-0x1.22ceee0000000p+1', '-0x1.3f81920000000p+0',
         '-0x1.2664ba0000000p-4', '-0x1.983f2c0000000p-4', '-0x1.eb2f380000000p-5',
         '-0x1.b3a97c0000000p-5', '-0x1.84ab060000000p-5', '0x1.82df600000000p-4',
         '-0x1.97526c0000000p-2', '-0x1.3be77c0000000p-2', '0x1.79ed040000000p-4',
         '0x1.5b4a520000000p-6', '0x1.c5fd160000000p-4', '0x1.b952720000000p-4', '0x1.fcc37c0000000p-2',
         '-0x1.c1a3fc0000000p-1', '0x1.f848f20000000p-2', '0x1.e0abba0000000p-1',
         '0x1.5abb760000000p-3', '-0x1.0d3f600000000p-9', '-0x1.05aa680000000p-6',
         '0x1.7396700000000p-3', '-0x1.47dd6c0000000p-5', '-0x1.4ea0920000000p-2',
         '0x1.4fc55a0000000p-2', '0x1.6688200000000p-2', '0x1.c7e9000000000p-10',
         '-0x1.95549e0000000p-4', '0x1.7b3cfa0000000p-3', '0x1.d296940000000p-5',
         '0x1.5adb1e0000000p-2', '0x1.40e77e0000000p-1', '0x1.49d1ec0000000p+0', '0x1.8f6e640000000p+0',
         '-0x1.3a81a40000000p-3', '-0x1.d451a20000000p-3', '0x1.5967d60000000p-2',
         '0x1.7fc36c0000000p-2'],
        ['0x1.10ec700000000p-6', '0x1.fb75840000000p-5', '-0x1.b0f8b80000000p-3',
         '-0x1.5cef0c0000000p-4', '-0x1.10dfec0000000p-3', '-0x1.4dc2680000000p-5',
         '-0x1.36bde20000000p-2', '-0x1.f343540000000p-4', '0x1.bbdb860000000p-2',
         '-0x1.aaa55e0000000p-1', '-0x1.bd5f140000000p+0', '-0x1.c7475e0000000p+0',
         '0x1.fbd5700000000p-6', '-0x1.d1fa000000000p-4', '-0x1.dcd3b40000000p-5',
         '-0x1.e649d80000000p-6']),
    False: (
        ['0x1.9487a40000000p-5', '0x1.1c89fc0000000p-6', '0x1.8faf280000000p-9', '0x1.1986040000000p-5',
         '-0x1.7fb41e0000000p-4', '0x1.00694e0000000p-6', '0x1.db17ce0000000p-11',
         '-0x1.a58d560000000p-6', '0x1.b5f6f40000000p-3', '-0x1.fd652e0000000p-6',
         '0x1.389b9a0000000p-6', '-0x1.f1b9200000000p-7', '-0x1.620c640000000p-6',
         '0x1.122d9c0000000p-4', '0x1.a06dd60000000p-9', '0x1.3e24500000000p-8', '0x1.7f3b360000000p-7',
         '-0x1.4f63c40000000p-11', '-0x1.d99e960000000p-10', '-0x1.6c79380000000p-4',
         '0x1.406b5e0000000p-6', '0x1.05b4be0000000p-9', '0x1.2030000000000p-10',
         '0x1.a903dc0000000p-6', '-0x1.26e36c0000000p-3', '-0x1.b1d3c00000000p-11',
         '0x1.670ffc0000000p-7', '-0x1.d0b6fc0000000p-5', '0x1.f1771c0000000p-7',
         '0x1.a6331c0000000p-8', '-0x1.01573c0000000p-9', '-0x1.f718020000000p-6',
         '0x1.323e740000000p-5', '0x1.6d55d20000000p-6', '0x1.00b03c0000000p-12',
         '-0x1.8a21160000000p-5', '-0x1.6e5c8a0000000p-7', '0x1.00054c0000000p-6',
         '0x1.24ca200000000p-10', '0x1.375dde0000000p-6', '0x1.9932b00000000p-3',
         '-0x1.1fa5de0000000p-6', '0x1.2a840c0000000p-7', '-0x1.b5702c0000000p-6',
         '0x1.fffc600000000p-7', '0x1.4c15360000000p-5', '-0x1.347b900000000p-9',
         '-0x1.b25dcc0000000p-6'],
        ['0x1.0eabd60000000p-5', '0x1.605efe0000000p-6', '-0x1.70b9c20000000p-11',
         '-0x1.0ac90c0000000p-5', '-0x1.3bc3fc0000000p-4', '0x1.59789c0000000p-6',
         '0x1.49e32e0000000p-11', '-0x1.01e6dc0000000p-8', '0x1.74e7560000000p-4',
         '-0x1.e5a98c0000000p-7', '0x1.3d0e880000000p-7', '-0x1.ca8f280000000p-5',
         '-0x1.2c7ae00000000p-8', '0x1.58fe580000000p-4', '0x1.ca45880000000p-12',
         '-0x1.29b93a0000000p-6']),
}


@pytest.mark.parametrize('return_sequences', [True, False])
def test_recurrent_dropout_lstm_kernel_and_bias_gradients(return_sequences):
    assert _gradients(return_sequences) == EXPECTED[return_sequences]
