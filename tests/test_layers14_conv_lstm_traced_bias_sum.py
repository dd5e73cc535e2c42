"""A traced ConvLSTM step on static shapes adds its bias last, as grappler's AddOpsRewrite regroups Keras 3's
``(conv(x_t) + bias) + conv(h)`` to ``(conv(x_t) + conv(h)) + bias`` on TF 2.21 (SimpleRNN's rule,
layers/recurrent/regrouped_step_sum.py).

Printed by TF 2.21 (notes/progs/layers14/cl4.py):
    x = np.random.RandomState(0).randn(4, 5, 3).astype('float32').reshape(4, 5, 3, 1)
    l = keras.layers.ConvLSTM1D(2, 2, kernel_initializer=GlorotUniform(1), recurrent_initializer=Orthogonal(seed=2),
                                bias_initializer=RandomNormal(seed=3))
    tf.function(lambda t: l(t))(x) -> the 16 values below; l(x) eagerly differs at flat indices 0, 4, 5, 7, 10, 12-15
"""
import numpy as np

import framework as tf
from framework import keras

TF_TRACED = ['-0x1.5d3118p-3', '-0x1.752998p-3', '-0x1.c40ea6p-4', '-0x1.23368ap-3', '-0x1.c586acp-3',
             '-0x1.8fb95ap-4', '-0x1.6ca3acp-3', '-0x1.4b9b3ep-6', '0x1.312506p-5', '-0x1.5632dcp-5',
             '-0x1.4f3e9cp-3', '0x1.af4404p-3', '-0x1.dd17bap-5', '0x1.6f3428p-3', '0x1.cd1ec6p-6', '0x1.4591d6p-3']


def test_traced_conv_lstm_adds_the_bias_last():
    x = np.random.RandomState(0).randn(4, 5, 3).astype('float32').reshape(4, 5, 3, 1)
    layer = keras.layers.ConvLSTM1D(2, 2, kernel_initializer=keras.initializers.GlorotUniform(1),
                                    recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                                    bias_initializer=keras.initializers.RandomNormal(seed=3))
    eager = layer(x).numpy().ravel()
    traced = tf.function(lambda t: layer(t))(x).numpy().ravel()
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in TF_TRACED]
    assert np.nonzero(eager != traced)[0].tolist() == [0, 4, 5, 7, 10, 12, 13, 14, 15]
