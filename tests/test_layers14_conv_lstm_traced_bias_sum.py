"""A traced ConvLSTM step on static shapes adds its bias last, as grappler's AddOpsRewrite regroups Keras 3's
``(conv(x_t) + bias) + conv(h)`` to ``(conv(x_t) + conv(h)) + bias`` on TF 2.21 (SimpleRNN's rule,
layers/recurrent/regrouped_step_sum.py).

Printed by TF 2.21 (notes/progs/layers14/cl4.py):
    x = np.random.RandomState(0).randn(4, 5, 3).astype('float32').reshape(4, 5, 3, 1)
    l = keras.layers.ConvLSTM1D(2, 2, kernel_initializer=GlorotUniform(1), recurrent_initializer=Orthogonal(seed=2),
                                bias_initializer=RandomNormal(seed=3))
    tf.function(lambda t: l(t))(x) -> the 16 values below; l(x) eagerly differs at flat indices 0, 4, 5, 7, 10, 12-15
    keras.utils.set_random_seed(5); the same layer with dropout=0.3, seed=2 (one input mask per gate):
    tf.function(lambda v: l(v, training=True))(x) -> TF_TRACED_DROPOUT (notes/progs/layers14/cl5.py)
"""
import numpy as np

import framework as tf
from framework import keras

TF_TRACED = ['-0x1.5d3118p-3', '-0x1.752998p-3', '-0x1.c40ea6p-4', '-0x1.23368ap-3', '-0x1.c586acp-3',
             '-0x1.8fb95ap-4', '-0x1.6ca3acp-3', '-0x1.4b9b3ep-6', '0x1.312506p-5', '-0x1.5632dcp-5',
             '-0x1.4f3e9cp-3', '0x1.af4404p-3', '-0x1.dd17bap-5', '0x1.6f3428p-3', '0x1.cd1ec6p-6', '0x1.4591d6p-3']


def test_traced_conv_lstm_adds_the_bias_last(onednn_on):
    # (oneDNN's bits: with oneDNN off on an AMD EPYC TF 2.21's Eigen contraction gives value 3 -0x1.233688p-3 and
    # no difference at index 0, as tapeflow does there: notes progs/kerasexamples10/l14.py)
    x = np.random.RandomState(0).randn(4, 5, 3).astype('float32').reshape(4, 5, 3, 1)
    layer = keras.layers.ConvLSTM1D(2, 2, kernel_initializer=keras.initializers.GlorotUniform(1),
                                    recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                                    bias_initializer=keras.initializers.RandomNormal(seed=3))
    eager = layer(x).numpy().ravel()
    traced = tf.function(lambda t: layer(t))(x).numpy().ravel()
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in TF_TRACED]
    assert np.nonzero(eager != traced)[0].tolist() == [0, 4, 5, 7, 10, 12, 13, 14, 15]


TF_TRACED_DROPOUT = [
    '-0x1.016708p-2', '-0x1.f205ccp-3', '-0x1.cebd1ep-4', '0x1.2d29d8p-9',
    '-0x1.35257cp-3', '-0x1.f15e1ap-3', '-0x1.0577cap-2', '0x1.844434p-8',
    '0x1.9c9484p-6', '-0x1.11b2d4p-3', '-0x1.a83ee4p-3', '0x1.d5b60cp-3',
    '-0x1.e98e88p-6', '0x1.1015d2p-3', '-0x1.502f62p-5', '0x1.1e65e4p-4',
]


def test_traced_training_with_input_dropout_adds_the_bias_last(onednn_on):
    # (oneDNN's bits; TF 2.21 with oneDNN off on an AMD EPYC: value 3 0x1.2d29e0p-9, l14.py)
    x = np.random.RandomState(0).randn(4, 5, 3).astype('float32').reshape(4, 5, 3, 1)
    keras.utils.set_random_seed(5)
    layer = keras.layers.ConvLSTM1D(2, 2, dropout=0.3, seed=2, kernel_initializer=keras.initializers.GlorotUniform(1),
                                    recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                                    bias_initializer=keras.initializers.RandomNormal(seed=3))
    traced = tf.function(lambda v: layer(v, training=True))(x).numpy().ravel()
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in TF_TRACED_DROPOUT]
