"""ConvLSTM with data_format='channels_first' computes its gates' activations in that layout, as Keras 3 does:
TF's sigmoid rounds the values past a buffer's last full vector (Eigen's packets) its own way, so which output
values differ from channels_last depends on the layout.

Printed by TF 2.21 (notes/progs/layers14/cf4.py):
    x = np.random.RandomState(0).randn(2, 3, 6, 5, 2).astype('float32')
    keras.layers.ConvLSTM2D(2, (3, 2), data_format='channels_first', return_sequences=True,
        kernel_initializer=GlorotUniform(1), recurrent_initializer=Orthogonal(seed=2),
        bias_initializer=RandomNormal(seed=3))(x)   -> the 36 values below ([float(v).hex() for v in out.ravel()]);
    the same layer in channels_last on np.moveaxis(x, 2, -1) gives other bits at flat indices 19, 21, 27, 31, 33.
"""
import numpy as np

import framework as tf
from framework import keras

TF_CHANNELS_FIRST = [
    '0x1.f77724p-4', '-0x1.018916p-2', '-0x1.09f7b6p-4', '-0x1.225250p-2',
    '-0x1.b99f48p-3', '-0x1.89c662p-4', '-0x1.7c45e6p-5', '-0x1.ee178ap-3',
    '-0x1.28473ep-7', '-0x1.aa7f64p-3', '-0x1.46c6f2p-3', '0x1.3293aap-5',
    '0x1.20ca8cp-3', '-0x1.0197d6p-1', '0x1.8b226cp-3', '-0x1.6e8e72p-2',
    '-0x1.24e10cp-2', '0x1.0016b2p-3', '0x1.28dbe2p-5', '-0x1.e1c2a6p-4',
    '0x1.cff232p-5', '0x1.bd2b46p-5', '-0x1.d92872p-3', '-0x1.a3d5dap-6',
    '0x1.9d6ee6p-3', '0x1.e243a8p-3', '0x1.908426p-3', '0x1.f905a4p-5',
    '0x1.d99624p-4', '-0x1.901122p-3', '0x1.13039ap-4', '0x1.24c616p-4',
    '-0x1.5e4ec4p-7', '0x1.ef294ep-4', '0x1.2b5778p-3', '-0x1.1847ccp-2',
]


def _layer(data_format):
    return keras.layers.ConvLSTM2D(
        2, (3, 2), data_format=data_format, return_sequences=True,
        kernel_initializer=keras.initializers.GlorotUniform(1),
        recurrent_initializer=keras.initializers.Orthogonal(seed=2),
        bias_initializer=keras.initializers.RandomNormal(seed=3))


def test_channels_first_conv_lstm_has_tensorflows_bits(xeon_cpu):
    x = np.random.RandomState(0).randn(2, 3, 6, 5, 2).astype('float32')
    before = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)       # (the convolutions' chains too: 48 outputs a step)
    try:
        first = _layer('channels_first')(x).numpy()
        last = np.moveaxis(_layer('channels_last')(np.moveaxis(x, 2, -1)).numpy(), -1, 2)
    finally:
        tf.config.set_tf_exact_math(before)
    assert first.shape == (2, 3, 2, 3, 1)
    assert [float(v).hex() for v in first.ravel()] == [float.fromhex(v).hex() for v in TF_CHANNELS_FIRST]
    assert np.nonzero(first.ravel() != last.ravel())[0].tolist() == [19, 21, 27, 31, 33]
