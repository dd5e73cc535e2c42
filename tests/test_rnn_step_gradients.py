"""A recurrent layer's projection of an input a tape tracks (stacked RNNs, Embedding -> LSTM): its time
steps are slice ops whose first-order gradients stay the steps' own (layers/recurrent/step_gradients.py)
instead of sequence-sized arrays. Every gradient must keep the bits of the cut it replaces (time_steps'
halves: zeros elsewhere, a -0.0 turned +0.0 once two steps or more have gradients); nested tapes keep
the cut itself."""
import numpy as np
import pytest

import framework as tf
from framework import keras
import layers.recurrent.cell as cell_module
import layers.recurrent.step_gradients as step_gradients
from layers.recurrent.sequence_projection import _step_slice_rule, sequence_projection
from layers.recurrent.time_steps import time_steps


def _halved(inputs, kernel, bias, backwards):
    """The path this replaces: the recorded projection cut by time_steps."""
    return time_steps(sequence_projection(inputs, kernel, bias, backwards), backwards)


def _bits(tensors):
    return [(t.dtype, t.shape, t.numpy().tobytes()) for t in tensors]


def _stacked_gradients(kind, steps, backwards, dtype, sign):
    keras.utils.set_random_seed(steps)
    layer = getattr(keras.layers, kind)
    model = keras.Sequential([keras.Input((steps, 3), dtype=dtype),
                              layer(4, return_sequences=True, go_backwards=backwards, dtype=dtype),
                              layer(3, dtype=dtype)])
    x = tf.constant(np.random.default_rng(steps).normal(size=(5, steps, 3)), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(model(x) * sign)
    grads = tape.gradient(loss, model.trainable_weights + [x])
    tf.random.set_seed(None)
    return grads


@pytest.mark.parametrize('kind', ['LSTM', 'GRU', 'SimpleRNN'])
@pytest.mark.parametrize('steps,backwards', [(1, False), (2, True), (5, False), (20, True)])
@pytest.mark.parametrize('dtype,sign', [('float32', 1.0), ('float64', 1.0), ('float32', -0.0)])
def test_stacked_gradients_equal_the_halved_cut(kind, steps, backwards, dtype, sign, monkeypatch):
    made = []
    monkeypatch.setattr(step_gradients.StepGradients, '__init__',
                        lambda self, *a, original=step_gradients.StepGradients.__init__: made.append(1) or
                        original(self, *a))
    own = _stacked_gradients(kind, steps, backwards, dtype, sign)
    assert len(made) == 2 * steps        # both layers' steps: the first's input is watched too
    monkeypatch.setattr(cell_module, 'tracked_projection_steps', _halved)
    assert _bits(own) == _bits(_stacked_gradients(kind, steps, backwards, dtype, sign))


def _cut(picked, steps):
    """The (2, steps, 3) sequence's gradient through time_steps' slices when only ``picked`` steps are
    read, each times [-0.0, 1, 2] (so one column's gradients are -0.0)."""
    seq = tf.constant(np.arange(2 * steps * 3, dtype=np.float32).reshape(2, steps, 3) - 4.0)
    with tf.GradientTape() as tape:
        tape.watch(seq)
        parts = time_steps(tf.identity(seq))
        loss = tf.add_n([tf.reduce_sum(parts[t] * tf.constant([-0.0, 1.0, 2.0])) for t in picked])
    return tape.gradient(loss, seq).numpy()


def _own(picked, steps):
    """The same from the slice ops' array rules, added as a sweep adds them (last step first)."""
    total = None
    for t in sorted(picked, reverse=True):
        g = np.tile(np.float32([-0.0, 1.0, 2.0]), (2, 1))
        gx = _step_slice_rule(t, (2, steps, 3)).array_rule(g, None, None)
        total = gx if total is None else total + gx
    return total.dense()


@pytest.mark.parametrize('steps,picked', [(1, [0]), (4, [2]), (4, [0, 3]), (5, [1, 2, 4]), (6, range(6))])
def test_signed_zeros_and_missing_steps_as_the_cut(steps, picked):
    own, cut = _own(picked, steps), _cut(picked, steps)
    assert own.dtype == cut.dtype and own.tobytes() == cut.tobytes()
    signs = np.signbit(own[:, :, 0])
    assert signs.any() == (len(picked) == 1)        # one step alone keeps its -0.0


def test_embedding_lstm_fit_and_nested_tapes_as_the_cut(monkeypatch):
    def run():
        keras.utils.set_random_seed(4)
        model = keras.Sequential([keras.Input((7,), dtype='int32'), keras.layers.Embedding(30, 4),
                                  keras.layers.LSTM(5, return_sequences=True), keras.layers.GRU(3),
                                  keras.layers.Dense(1)])
        model.compile(optimizer='adam', loss='mse')
        rng = np.random.default_rng(0)
        tokens, y = rng.integers(0, 30, (24, 7)).astype(np.int32), rng.normal(size=(24, 1)).astype(np.float32)
        losses = model.fit(tokens, y, epochs=2, batch_size=8, verbose=0).history['loss']
        x = tf.constant(rng.normal(size=(2, 7, 4)).astype(np.float32))
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                out = tf.reduce_sum(model.layers[2](model.layers[1](x)) ** 2)
            g = inner.gradient(out, x)
            total = tf.reduce_sum(g * g)
        second = outer.gradient(total, x)
        tf.random.set_seed(None)
        return losses, _bits([tf.constant(w) for w in model.get_weights()] + [g, second])
    own = run()
    monkeypatch.setattr(cell_module, 'tracked_projection_steps', _halved)
    assert own == run()


def test_a_sweep_another_tape_watches_takes_the_tensor_rules(monkeypatch):
    # recorded with one tape (the slice ops), swept while another records: the Tensor forms (dense slices)
    def run():
        keras.utils.set_random_seed(1)
        model = keras.Sequential([keras.Input((6, 3)), keras.layers.GRU(4, return_sequences=True),
                                  keras.layers.LSTM(3, go_backwards=True)])
        x = tf.constant(np.random.default_rng(0).normal(size=(5, 6, 3)).astype(np.float32))
        results = []
        for scale in (-0.0, 1.0):
            with tf.GradientTape() as forward:
                forward.watch(x)
                out = tf.reduce_sum(model(x) * scale) + tf.reduce_sum(model.layers[0](x)[:, 2] * 0.0)
            with tf.GradientTape():
                results += forward.gradient(out, model.trainable_weights + [x])
        tf.random.set_seed(None)
        return _bits(results)
    own = run()
    monkeypatch.setattr(cell_module, 'tracked_projection_steps', _halved)
    assert own == run()
