"""A tf.Variable fed straight to an RNN layer under a GradientTape gets its gradient, as in TF.

The recurrent layers project an input no tape tracks with raw-array steps of their own; a trainable
variable is tracked only from its first read, so before the fix a Variable sequence looked untracked
and ``tape.gradient(loss, x)`` was None. Golden values: TF 2.21 / Keras 3.15 on this machine
(/work/notes/progs/layerfuzz/rnnvar.py), 2 units, kernel 0.3, recurrent kernel -0.2, bias 0.1,
x = linspace(-1, 1, 12) as (2, 3, 2), loss sum(y * [1, 2]); each gradient row has two equal columns
(the kernel is constant), so one column is pinned. Matmuls and tanh round their last bits per CPU:
compared within 1e-5.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

TF_GRADIENTS = {  # (layer, go_backwards): x's gradient, column 0, batch-major
    ('SimpleRNN', False): [0.1183679, -0.3586272, 0.8998007, 0.0953593, -0.2489737, 0.6994288],
    ('SimpleRNN', True): [0.7941304, -0.3022804, 0.1209022, 0.8849127, -0.3401982, 0.0920837],
    ('LSTM', False): [0.0411308, 0.103808, 0.182937, 0.0961876, 0.1482621, 0.3732656],
    ('LSTM', True): [0.0241738, 0.0749082, 0.0596359, 0.3447699, 0.1391046, 0.0797899],
    ('GRU', False): [0.0981341, 0.2075195, 0.3697891, 0.1096703, 0.1347783, 0.13917],
    ('GRU', True): [0.5249766, 0.1585786, 0.0451727, 0.4068812, 0.1096933, 0.0158675],
}


def _layer(name, go_backwards):
    return getattr(keras.layers, name)(
        2, go_backwards=go_backwards, kernel_initializer=keras.initializers.Constant(0.3),
        recurrent_initializer=keras.initializers.Constant(-0.2), bias_initializer=keras.initializers.Constant(0.1))


@pytest.mark.parametrize('name,go_backwards', sorted(TF_GRADIENTS))
def test_variable_sequence_gets_tf_gradient(name, go_backwards):
    layer = _layer(name, go_backwards)
    x = tf.Variable(np.linspace(-1, 1, 12).reshape(2, 3, 2).astype('float32'))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x) * tf.constant([1.0, 2.0]))
    grad = tape.gradient(loss, x)
    assert grad is not None
    got = grad.numpy()
    np.testing.assert_array_equal(got[..., 0], got[..., 1])
    np.testing.assert_allclose(got[..., 0].ravel(), TF_GRADIENTS[(name, go_backwards)], rtol=1e-5, atol=1e-6)


def test_unwatched_variable_sequences_still_get_none():
    """TF: a non-trainable Variable, or any under watch_accessed_variables=False, is not watched: None."""
    layer = keras.layers.LSTM(2)
    frozen = tf.Variable(np.ones((2, 3, 2), 'float32'), trainable=False)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(frozen))
    assert tape.gradient(loss, frozen) is None
    x = tf.Variable(np.ones((2, 3, 2), 'float32'))
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        loss = tf.reduce_sum(layer(x))
    assert tape.gradient(loss, x) is None
    assert len(tape.watched_variables()) == 0
