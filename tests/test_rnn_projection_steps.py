"""A recurrent layer's input projection, cut into time steps for its loop: for an input no tape tracks
each step is its own op of the kernel and bias (sequence_projection.projection_steps), else the steps
are slices of one recorded projection. The weights' gradients must carry the same bits either way:
TensorFlow's per-step kernel terms added last loop step first, and a -0.0 turned +0.0 as the slices'
zeros turned it. Watching the input is what switches paths here."""
import numpy as np
import pytest

import framework as tf
from framework import keras
import layers.recurrent.cell as cell_module


def _weight_grads(layer, x, watch, sign):
    with tf.GradientTape() as tape:
        if watch:
            tape.watch(x)
        out = layer(x)
        loss = tf.reduce_sum(tf.nest.flatten(out)[0] * sign)
    return tape.gradient(loss, layer.trainable_weights)


@pytest.mark.parametrize('kind', ['LSTM', 'GRU', 'SimpleRNN'])
@pytest.mark.parametrize('steps', [1, 2, 5])
@pytest.mark.parametrize('backwards', [False, True])
@pytest.mark.parametrize('dtype,sign', [('float32', 1.0), ('float64', 1.0), ('float32', -0.0)])
def test_weight_gradients_equal_the_sliced_projections(kind, steps, backwards, dtype, sign, monkeypatch):
    kwargs = {'implementation': 1} if kind == 'LSTM' and steps == 2 else {}     # an LSTM input bias too
    layer = getattr(keras.layers, kind)(3, go_backwards=backwards, return_sequences=steps == 5, dtype=dtype, **kwargs)
    x = tf.constant(np.random.default_rng(steps).normal(size=(4, steps, 2)), dtype)
    calls = []
    original = cell_module.projection_steps
    monkeypatch.setattr(cell_module, 'projection_steps', lambda *a: calls.append(1) or original(*a))
    own_steps = _weight_grads(layer, x, False, sign)
    sliced = _weight_grads(layer, x, True, sign)
    assert len(calls) == 1           # the first call took the per-step ops, the watched one the slices
    for a, b in zip(own_steps, sliced):
        assert a.dtype == b.dtype and a.numpy().tobytes() == b.numpy().tobytes()
