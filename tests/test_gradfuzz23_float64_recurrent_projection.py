"""A float64 recurrent layer multiplies its inputs by the kernel step by step, as Keras's loop on TF 2.21 does:
Eigen's float64 product rounds a row by how many rows the product has, and tapeflow's one product over the whole
sequence (batch * steps rows) left SimpleRNN(5) over (3, 5, 4) 3 of 15 outputs an ulp off (a masked one 1 of 15).
Goldens printed by TF 2.21 (/opt/tfref) with progs/gradfuzz23/gold1.py (srnn_val) and t7.py (mixed):
    keras.layers.SimpleRNN(5, dtype='float64') on np.random.RandomState(5).randn(3, 5, 4), weights
    RandomState(18).randn(*w.shape) * 0.6 in layer.weights order; print(float(v).hex() for v in y.numpy().ravel())"""
import numpy as np

import framework as tf
from framework import keras

_NO_MASK = [
    '-0x1.70551af500d33p-2', '0x1.f500417bc2879p-1', '0x1.d10722189c7e9p-2',
    '0x1.c9b45216aa981p-1', '-0x1.cccb37343d355p-1', '0x1.cca0256be5cd6p-1',
    '0x1.26201c936529bp-1', '0x1.1d115800b5bfbp-2', '0x1.f500162c31600p-1',
    '-0x1.deb45c31fbdb2p-1', '0x1.705a4d10dff76p-3', '0x1.9b2f5ea3b95cfp-1',
    '0x1.986cf9573a9bep-1', '-0x1.be7a8e70c0192p-1', '-0x1.fea2e19c176bfp-1',
]
_MASKED = [
    '-0x1.f243fd136ce8dp-1', '-0x1.c604a4cee621cp-1', '-0x1.040c9a448acedp-1',
    '-0x1.1e8d82874de08p-4', '-0x1.2e37cfeba1d18p-3', '-0x1.a3d7fb9efde52p-1',
    '-0x1.fe1077677a31ap-1', '-0x1.5f5776bf2c5ffp-1', '0x1.bb6df0179ef1bp-3',
    '0x1.68fe916acb841p-1', '0x1.705a4d10dff76p-3', '0x1.9b2f5ea3b95cfp-1',
    '0x1.986cf9573a9bep-1', '-0x1.be7a8e70c0192p-1', '-0x1.fea2e19c176bfp-1',
]


def _simple_rnn_output(mask=None):
    keras.backend.clear_session()
    layer = keras.layers.SimpleRNN(5, dtype='float64')
    x = tf.constant(np.random.RandomState(5).randn(3, 5, 4))
    layer(x)
    rs = np.random.RandomState(18)
    layer.set_weights([rs.randn(*w.shape) * 0.6 for w in layer.weights])
    y = layer(x) if mask is None else layer(x, mask=tf.constant(mask))
    return [float(v).hex() for v in y.numpy().ravel()]


def test_float64_simple_rnn_values_are_tfs():
    assert _simple_rnn_output() == _NO_MASK


def test_float64_masked_simple_rnn_values_are_tfs():
    mask = np.array([[1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [1, 1, 1, 1, 1]], bool)
    assert _simple_rnn_output(mask) == _MASKED


def test_float64_step_by_step_projection_gradients_match_central_differences():
    keras.backend.clear_session()
    layer = keras.layers.SimpleRNN(3, dtype='float64')
    data = np.linspace(-1.0, 1.0, 24).reshape(2, 4, 3)
    layer(tf.constant(data))
    kernel, _, bias = layer.trainable_weights
    x = tf.constant(data)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(layer(x) * tf.constant([[1.0, -2.0, 0.5]], tf.float64))
    gx, gk, gb = tape.gradient(y, [x, kernel, bias])

    def loss(d):
        return float(tf.reduce_sum(layer(tf.constant(d)) * tf.constant([[1.0, -2.0, 0.5]], tf.float64)))
    for index in [(0, 0, 0), (1, 2, 1), (0, 3, 2)]:
        step = np.zeros_like(data)
        step[index] = 1e-6
        assert abs((loss(data + step) - loss(data - step)) / 2e-6 - gx.numpy()[index]) < 1e-7
    assert gk.shape == (3, 3) and gb.shape == (3,)
