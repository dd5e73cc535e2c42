"""A GRU loop under one GradientTape is one recorded op (layers/recurrent/gru_sequence.py)
whose outputs and gradients are the per-step ops' bit for bit, and TensorFlow's values within rounding.

The goldens come from TF 2.21 / Keras 3 on this AMD EPYC (AVX2): GRU(2) over a (2, 12, 3) input with
the weights below, loss = reduce_sum(out * out), gradients printed rounded to 7 decimals
(/work/notes/progs/gruspeed/tf/golden.py, golden_ra0.py for reset_after=False). They involve products and tanh: compared with a tolerance.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.recurrent import rnn

X = (np.arange(2 * 12 * 3, dtype=np.float32).reshape(2, 12, 3) % 7 - 3) / 4
KERNEL = (np.arange(3 * 6, dtype=np.float32).reshape(3, 6) % 5 - 2) / 5
RECURRENT = (np.arange(2 * 6, dtype=np.float32).reshape(2, 6) % 3 - 1) / 3
BIAS = (np.arange(12, dtype=np.float32).reshape(2, 6) % 4) / 10

TF_LAST = (0.2501446306705475, [
    [-0.1009611, 0.0707118, 0.0087362, 0.0270685, 0.1770133, 0.2861093, 0.1088357, 0.0266785, 0.001376, -0.0037506,
     0.0395908, -0.0389819, 0.084654, -0.0213215, -0.0048986, -0.0158537, -0.0800056, -0.1928951],
    [0.011695, -0.0002857, 0.0035719, 0.0082249, 0.0456784, 0.0462584, -0.034607, 0.0153773, 0.0155097, 0.0346104,
     0.186789, 0.2030168],
    [-0.0973187, 0.0291635, 0.0483412, 0.1084736, 1.0067914, 1.0705185, -0.0973187, 0.0291635, 0.0483412, 0.1084736,
     0.5789543, 0.6330699]])
TF_SEQUENCES = (2.431363105773926, [
    [-0.5146545, 0.9501971, 0.0249328, 0.0578993, 0.4971712, 0.6221418, 0.513943, 0.5504036, -0.006795, -0.0008379,
     -0.0939414, -0.1423749, 0.4130254, 0.0505551, -0.0192104, 0.0263002, -0.3121623, -0.0600439],
    [0.0821671, -0.0448686, 0.021591, 0.0890878, 0.2762892, 0.4656095, -0.1314924, -0.0123087, 0.0642197, 0.2874069,
     0.7662159, 1.6637143],
    [-0.4093448, -0.6627312, 0.2447512, 1.1110744, 5.0763531, 11.3429165, -0.4093448, -0.6627312, 0.2447512,
     1.1110744, 2.8968332, 6.4934483]])

TF_RESET_BEFORE_LAST = (0.3553799092769623, [          # reset_after=False, the bias BIAS[1]
    [-0.1190857, 0.0777825, 0.0023078, 0.0108299, 0.216772, 0.3262144, 0.1283512, 0.0295828, 0.0031896, -0.0017574,
     0.1008899, -0.0494589, 0.1029428, -0.0304828, -0.0021287, -0.006168, -0.1171905, -0.2193505],
    [0.0051713, 0.0033784, 0.0029624, 0.0043875, 0.1049948, 0.0867715, -0.0464068, 0.0209499, 0.0044788, 0.0121765,
     0.2236078, 0.2090753],
    [-0.1171067, 0.0388002, 0.0130304, 0.0330449, 1.2175002, 1.1279215]])
TF_RESET_BEFORE_SEQUENCES = (3.31318998336792, [
    [-0.6046314, 1.0769527, 0.0026977, 0.0463324, 0.3700064, 0.7662129, 0.6644425, 0.6243753, 0.0252048, 0.0083401,
     0.270067, -0.1343478, 0.561907, 0.0037321, 0.0030483, 0.0024497, -0.0896618, -0.0248553],
    [0.0810679, -0.077034, 0.0321571, 0.039418, 0.6751919, 0.9135746, -0.1696777, -0.0175069, 0.0396685, 0.0919117,
     1.1436132, 1.7528207],
    [-0.4956529, -0.7599126, 0.1334343, 0.2871694, 7.8526316, 12.3536167]])


def _gru(**kwargs):
    layer = keras.layers.GRU(2, **kwargs)
    layer.build((2, 12, 3))
    bias = BIAS if kwargs.get('reset_after', True) else BIAS[1]
    layer.set_weights([KERNEL, RECURRENT, bias] if kwargs.get('use_bias', True) else [KERNEL, RECURRENT])
    return layer


def _loss_and_gradients(layer, x=X):
    with tf.GradientTape() as tape:
        out = layer(x)
        loss = tf.reduce_sum(out * out)
    return out, loss, tape.gradient(loss, layer.trainable_variables)


@pytest.mark.parametrize('return_sequences, reset_after, golden', [
    (False, True, TF_LAST), (True, True, TF_SEQUENCES),
    (False, False, TF_RESET_BEFORE_LAST), (True, False, TF_RESET_BEFORE_SEQUENCES)])
def test_gru_gradients_match_tensorflow(return_sequences, reset_after, golden):
    _, loss, grads = _loss_and_gradients(_gru(return_sequences=return_sequences, reset_after=reset_after))
    np.testing.assert_allclose(float(loss), golden[0], rtol=1e-6)
    for g, expected in zip(grads, golden[1]):
        np.testing.assert_allclose(g.numpy().ravel(), expected, rtol=1e-5, atol=2e-7)


@pytest.mark.parametrize('reset_after', [True, False])
def test_the_loop_is_one_recorded_op_under_one_tape(reset_after):
    layer = _gru(return_sequences=True, reset_after=reset_after)
    with tf.GradientTape() as tape:
        layer(X)
    names = [node[3] for node in tape._nodes if node is not None]
    assert names.count('gru_sequence') == 1
    assert 'gru_step_output' not in names and 'matmul' not in names


@pytest.mark.parametrize('kwargs', [dict(recurrent_dropout=0.5), dict(activation='relu'),
                                    dict(return_state=True)])
def test_other_cells_keep_the_per_step_ops(kwargs):
    layer = keras.layers.GRU(2, **kwargs)
    with tf.GradientTape() as tape:
        layer(X, training=True)
    assert 'gru_sequence' not in [node[3] for node in tape._nodes if node is not None]


def test_nested_tapes_keep_the_per_step_ops():
    layer = _gru()
    x = tf.constant(X)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            out = tf.reduce_sum(layer(x) ** 2)
        names = [node[3] for node in inner._nodes if node is not None]
        g = inner.gradient(out, x)
        s = tf.reduce_sum(g * g)
    assert 'gru_sequence' not in names and names.count('sigmoid') >= 24     # the separate ops of each step
    assert outer.gradient(s, x).shape == (2, 12, 3)


def _traced_and_recorded(layer, x):
    """Gradients in a traced step (tf.function: rnn.py's state identities group h's three terms), and the
    input's gradient from a sweep that a second tape records (the op's Tensor rules), with that tape's
    gradient for the sweep's output gradient."""
    @tf.function
    def traced(a):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.sin(layer(a)))
        return tape.gradient(loss, layer.trainable_variables)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        out = layer(xt)
    seed = tf.constant(np.cos(np.arange(out.shape.num_elements())).reshape(out.shape).astype(np.float32))
    with tf.GradientTape() as recorder:
        recorder.watch(seed)
        gx = tape.gradient(out, xt, output_gradients=seed)
        s = tf.reduce_sum(gx * gx)
    return list(traced(xt)) + [gx, recorder.gradient(s, seed)]


@pytest.mark.parametrize('kwargs', [dict(), dict(return_sequences=True), dict(go_backwards=True),
                                    dict(go_backwards=True, return_sequences=True), dict(use_bias=False),
                                    dict(use_bias=False, return_sequences=True)])
@pytest.mark.parametrize('reset_after', [True, False])
@pytest.mark.parametrize('steps', [3, 12])
def test_one_op_gives_the_per_step_ops_bits(monkeypatch, kwargs, reset_after, steps):
    kwargs = dict(kwargs, reset_after=reset_after)
    x = np.random.default_rng(steps).normal(size=(5, steps, 3)).astype(np.float32)
    fused_out, fused_loss, fused = _loss_and_gradients(_gru(**kwargs), x)
    fused += _traced_and_recorded(_gru(**kwargs), x)
    monkeypatch.setattr(rnn.gru_sequence, 'applies', lambda *args: False)
    out, loss, grads = _loss_and_gradients(_gru(**kwargs), x)
    grads += _traced_and_recorded(_gru(**kwargs), x)
    np.testing.assert_array_equal(fused_out.numpy(), out.numpy())
    assert float(fused_loss).hex() == float(loss).hex()
    assert len(fused) == len(grads)
    for a, b in zip(fused, grads):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
