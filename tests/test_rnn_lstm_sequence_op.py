"""An LSTM loop under one GradientTape is one recorded op (layers/recurrent/lstm_sequence.py) whose
gradients are the per-step ops' bit for bit, and TensorFlow's values within rounding.

The goldens come from TF 2.21 / Keras 3 on this AMD EPYC (AVX2): LSTM(2) over a (2, 12, 3) input with
the weights below, loss = reduce_sum(out * out), gradients printed rounded to 7 decimals
(/work/notes/progs/rnnspeed/tf/golden.py). They involve products and tanh: compared with a tolerance.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.recurrent import rnn

X = (np.arange(2 * 12 * 3, dtype=np.float32).reshape(2, 12, 3) % 7 - 3) / 4
KERNEL = (np.arange(3 * 8, dtype=np.float32).reshape(3, 8) % 5 - 2) / 5
RECURRENT = (np.arange(2 * 8, dtype=np.float32).reshape(2, 8) % 3 - 1) / 3
BIAS = np.arange(8, dtype=np.float32) / 10

TF_LAST = (0.3086722493171692, [
    [0.06303, 0.0067791, 0.0103448, 0.0416839, 0.0393404, 0.1143091, 0.0543247, 0.0825068, 0.0110713, 0.0102717,
     0.0120828, -0.0174195, 0.0326918, -0.0239079, 0.0162988, 0.0153399, -0.0668018, -0.0171838, -0.0126761,
     -0.0310727, -0.0473615, -0.0645399, -0.060761, -0.0862492],
    [0.0171575, 0.0202464, 0.0127117, 0.0250867, 0.0781628, 0.0629613, 0.0133898, 0.0161952, 0.0418793, 0.0446526,
     0.025098, 0.0639375, 0.1684349, 0.1592586, 0.0325722, 0.0424735],
    [0.120787, 0.1278268, 0.0740985, 0.1786363, 0.4878258, 0.4450507, 0.0936533, 0.1210736]])
TF_SEQUENCES = (3.1448583602905273, [
    [0.2833545, -0.3397411, -0.0128148, -0.0007409, -0.4675063, -0.0016709, 0.1266567, -0.075125, 0.0008956,
     -0.0586066, 0.047978, -0.0713968, -0.0337843, -0.04816, 0.0104972, 0.0094468, -0.3087465, 0.0278732,
     -0.0018987, 0.0276003, 0.1982318, 0.3602363, -0.1646947, 0.0578199],
    [0.0994842, 0.2592441, 0.1145434, 0.262638, 0.6913414, 0.7200462, 0.0927292, 0.2408784, 0.2205145, 0.4719689,
     0.1835043, 0.5272182, 1.2727338, 1.4825368, 0.1730827, 0.4769997],
    [0.7424336, 1.7269647, 0.6000923, 1.6419959, 4.5641341, 5.1734743, 0.5629526, 1.5251355]])


def _lstm(**kwargs):
    layer = keras.layers.LSTM(2, **kwargs)
    layer.build((2, 12, 3))
    layer.set_weights([KERNEL, RECURRENT, BIAS] if kwargs.get('use_bias', True) else [KERNEL, RECURRENT])
    return layer


def _loss_and_gradients(layer, x=X):
    with tf.GradientTape() as tape:
        out = layer(x)
        loss = tf.reduce_sum(out * out)
    return out, loss, tape.gradient(loss, layer.trainable_variables)


@pytest.mark.parametrize('return_sequences, golden', [(False, TF_LAST), (True, TF_SEQUENCES)])
def test_lstm_gradients_match_tensorflow(return_sequences, golden):
    _, loss, grads = _loss_and_gradients(_lstm(return_sequences=return_sequences))
    np.testing.assert_allclose(float(loss), golden[0], rtol=1e-6)
    for g, expected in zip(grads, golden[1]):
        np.testing.assert_allclose(g.numpy().ravel(), expected, rtol=1e-5, atol=2e-7)


def test_the_loop_is_one_recorded_op_under_one_tape():
    layer = _lstm(return_sequences=True)
    with tf.GradientTape() as tape:
        layer(X)
    names = [node[3] for node in tape._nodes if node is not None]
    assert names.count('lstm_sequence') == 1
    assert 'lstm_cell_z' not in names and 'lstm_cell_state' not in names


def test_nested_tapes_keep_the_per_step_ops():
    layer = _lstm()
    x = tf.constant(X)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            out = tf.reduce_sum(layer(x) ** 2)
        names = [node[3] for node in inner._nodes if node is not None]
        g = inner.gradient(out, x)
        s = tf.reduce_sum(g * g)
    assert 'lstm_sequence' not in names and names.count('sigmoid') >= 12     # the separate ops of each step
    assert outer.gradient(s, x).shape == (2, 12, 3)


@pytest.mark.parametrize('kwargs', [dict(), dict(return_sequences=True), dict(go_backwards=True),
                                    dict(go_backwards=True, return_sequences=True), dict(use_bias=False)])
@pytest.mark.parametrize('steps', [3, 12])
def test_one_op_gives_the_per_step_ops_bits(monkeypatch, kwargs, steps):
    x = np.random.default_rng(steps).normal(size=(5, steps, 3)).astype(np.float32)
    fused_out, fused_loss, fused = _loss_and_gradients(_lstm(**kwargs), x)
    monkeypatch.setattr(rnn.lstm_sequence, 'applies', lambda *args: False)
    out, loss, grads = _loss_and_gradients(_lstm(**kwargs), x)
    np.testing.assert_array_equal(fused_out.numpy(), out.numpy())
    assert float(fused_loss).hex() == float(loss).hex()
    for a, b in zip(fused, grads):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def _recorded_sweep(layer, x):
    """The input's gradient from a sweep that a second tape records (the op's Tensor rules), and that
    tape's gradient for the sweep's output gradient."""
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        out = layer(xt)
    seed = tf.constant(np.cos(np.arange(out.shape.num_elements())).reshape(out.shape).astype(np.float32))
    with tf.GradientTape() as recorder:
        recorder.watch(seed)
        gx = tape.gradient(out, xt, output_gradients=seed)
        s = tf.reduce_sum(gx * gx)
    return gx, recorder.gradient(s, seed)


@pytest.mark.parametrize('return_sequences', [False, True])
def test_a_recorded_sweep_gives_the_per_step_ops_bits(monkeypatch, return_sequences):
    """The Tensor rules run their walk once per gradient: one walk per input made a graph whose terms
    added at the output gradient in another order (last bits of the recorder's gradient differed)."""
    x = np.random.default_rng(4).normal(size=(5, 12, 3)).astype(np.float32)
    fused = _recorded_sweep(_lstm(return_sequences=return_sequences), x)
    monkeypatch.setattr(rnn.lstm_sequence, 'applies', lambda *args: False)
    separate = _recorded_sweep(_lstm(return_sequences=return_sequences), x)
    for a, b in zip(fused, separate):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
