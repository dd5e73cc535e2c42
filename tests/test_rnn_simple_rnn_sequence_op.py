"""A SimpleRNN loop under one GradientTape is one recorded op (layers/recurrent/simple_rnn_sequence.py)
whose outputs and gradients are the per-step ops' bit for bit, and TensorFlow's values within rounding.

The goldens come from TF 2.21 / Keras 3 on this AMD EPYC (AVX2): SimpleRNN(2) over a (2, 12, 3) input
with the weights below, loss = reduce_sum(out * out), gradients printed rounded to 7 decimals
(/work/notes/progs/gruspeed/tf/golden_srnn.py). They involve products and tanh: compared with a tolerance.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.recurrent import rnn

X = (np.arange(2 * 12 * 3, dtype=np.float32).reshape(2, 12, 3) % 7 - 3) / 4
KERNEL = (np.arange(3 * 2, dtype=np.float32).reshape(3, 2) % 5 - 2) / 5
RECURRENT = (np.arange(2 * 2, dtype=np.float32).reshape(2, 2) % 3 - 1) / 3
BIAS = np.arange(2, dtype=np.float32) / 10

TF_LAST = (0.7858614921569824, [[-0.977576, 0.5159513, 0.1616622, 0.0128906, 1.2076482, -1.0905354],
                                [-0.5693111, 0.4997729, 0.1896378, -0.1724228], [-1.173026, 0.2894898]])
TF_SEQUENCES = (4.472947597503662, [[-5.5224886, -1.1588663, 1.3649706, -3.5345042, 6.3966541, -6.8697801],
                                    [-3.6665401, 0.9941779, 2.0885916, -1.4813662], [1.683516, 2.8237786]])


def _rnn(**kwargs):
    layer = keras.layers.SimpleRNN(2, **kwargs)
    layer.build((2, 12, 3))
    layer.set_weights([KERNEL, RECURRENT, BIAS] if kwargs.get('use_bias', True) else [KERNEL, RECURRENT])
    return layer


def _loss_and_gradients(layer, x=X):
    with tf.GradientTape() as tape:
        out = layer(x)
        loss = tf.reduce_sum(out * out)
    return out, loss, tape.gradient(loss, layer.trainable_variables)


@pytest.mark.parametrize('return_sequences, golden', [(False, TF_LAST), (True, TF_SEQUENCES)])
def test_simple_rnn_gradients_match_tensorflow(return_sequences, golden):
    _, loss, grads = _loss_and_gradients(_rnn(return_sequences=return_sequences))
    np.testing.assert_allclose(float(loss), golden[0], rtol=1e-6)
    for g, expected in zip(grads, golden[1]):
        np.testing.assert_allclose(g.numpy().ravel(), expected, rtol=1e-5, atol=2e-7)


def test_the_loop_is_one_recorded_op_under_one_tape():
    with tf.GradientTape() as tape:
        _rnn(return_sequences=True)(X)
    names = [node[3] for node in tape._nodes if node is not None]
    assert names.count('simple_rnn_sequence') == 1 and 'tanh' not in names and 'matmul' not in names


@pytest.mark.parametrize('kwargs', [dict(recurrent_dropout=0.5), dict(activation='relu'), dict(return_state=True)])
def test_other_layers_keep_the_per_step_ops(kwargs):
    with tf.GradientTape() as tape:
        keras.layers.SimpleRNN(2, **kwargs)(X, training=True)
    assert 'simple_rnn_sequence' not in [node[3] for node in tape._nodes if node is not None]


def _traced_and_recorded(layer, x):
    """Gradients in a traced step (tf.function on static shapes: the regrouped sum, regrouped_step_sum.py),
    and the input's gradient from a sweep that a second tape records (the op's Tensor rules), with that
    tape's gradient for the sweep's output gradient."""
    @tf.function
    def traced(a):
        with tf.GradientTape() as tape:
            out = layer(a)
            loss = tf.reduce_sum(tf.sin(out))
        return [out] + tape.gradient(loss, layer.trainable_variables)
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
                                    dict(go_backwards=True, return_sequences=True), dict(use_bias=False)])
@pytest.mark.parametrize('steps', [1, 3, 12])
def test_one_op_gives_the_per_step_ops_bits(monkeypatch, kwargs, steps):
    x = np.random.default_rng(steps).normal(size=(5, steps, 3)).astype(np.float32)
    fused_out, fused_loss, fused = _loss_and_gradients(_rnn(**kwargs), x)
    fused += _traced_and_recorded(_rnn(**kwargs), x)
    monkeypatch.setattr(rnn.simple_rnn_sequence, 'applies', lambda *args: False)
    out, loss, grads = _loss_and_gradients(_rnn(**kwargs), x)
    grads += _traced_and_recorded(_rnn(**kwargs), x)
    np.testing.assert_array_equal(fused_out.numpy(), out.numpy())
    assert float(fused_loss).hex() == float(loss).hex()
    assert len(fused) == len(grads)
    for a, b in zip(fused, grads):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
