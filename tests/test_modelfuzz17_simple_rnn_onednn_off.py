"""A float32 SimpleRNN traced on static shapes keeps Keras's sum where TF 2.21 runs without oneDNN.

Keras 3's SimpleRNNCell adds ``(x_t @ kernel + bias) + h @ recurrent_kernel``. With oneDNN on (TF 2.21's
default on the AVX-512 VNNI Xeon) a tf.function or a Keras step traced on static shapes adds the bias last
(regrouped_step_sum.py; the Xeon's bits are pinned in test_grid11_simple_rnn_traced.py). With oneDNN off
(TF_ENABLE_ONEDNN_OPTS=0, and TF 2.21's default on an AVX2 AMD EPYC) TF's graph keeps Keras's order:
TF 2.21 there gives a SimpleRNN(3) over (64, 7, 3) in a tf.function equal to its eager call in all 192
outputs, a SimpleRNN(4, return_sequences=True, go_backwards=True) in all 1792, Bidirectional(SimpleRNN(3))
in all 384, and predict of a SimpleRNN + Dense model on one static batch equal to its call; tapeflow
regrouped there too (85 / 716 / 134 outputs and 11 of 24 predictions off TF). Probes
/work/notes/progs/modelfuzz17/p7.py, p9.py, p11.py (fit histories), p12.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


@pytest.fixture
def onednn_off(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def _model(layers, shape, seed=1):
    keras.backend.clear_session()
    keras.utils.set_random_seed(seed)
    model = keras.Sequential([keras.Input(shape)] + layers)
    rng = np.random.default_rng(0)
    model.set_weights([rng.normal(size=w.shape).astype(w.dtype) * 0.5 for w in model.get_weights()])
    return model


def _x(shape, seed=5):
    return np.random.default_rng(seed).normal(size=shape).astype('float32')


@pytest.mark.parametrize('make', [
    lambda: [L.SimpleRNN(3)],
    lambda: [L.SimpleRNN(4, return_sequences=True, go_backwards=True)],
    lambda: [L.Bidirectional(L.SimpleRNN(3))],
    lambda: [L.RNN([L.SimpleRNNCell(3), L.SimpleRNNCell(2)])],
], ids=['last', 'sequences_backwards', 'bidirectional', 'stacked_cells'])
def test_static_trace_equals_eager_call_with_onednn_off(onednn_off, make):
    x = _x((64, 7, 3))
    model = _model(make(), (7, 3))
    eager = np.asarray(model(x))
    traced = np.asarray(tf.function(lambda t: model(t))(tf.constant(x)))
    assert traced.tobytes() == eager.tobytes()


def test_predict_on_one_static_batch_equals_call_with_onednn_off(onednn_off):
    x = _x((12, 5, 3))
    model = _model([L.SimpleRNN(3), L.Dense(2)], (5, 3))
    assert model.predict(x, verbose=0).tobytes() == np.asarray(model(x)).tobytes()


def test_fit_traced_equals_run_eagerly_with_onednn_off(onednn_off):
    # TF 2.21 here: both fits' losses 0x1.3a5190p+0, 0x1.aaeb40p-1, 0x1.500734p-1 and the same weights
    x, y = _x((12, 6, 3)), _x((12, 2), 6)
    runs = []
    for eager in (False, True):
        model = _model([L.SimpleRNN(4), L.Dense(2)], (6, 3))
        model.compile(keras.optimizers.SGD(0.1), 'mse', run_eagerly=eager)
        history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)
        runs.append((history.history['loss'], [w.tobytes() for w in model.get_weights()]))
    assert runs[0] == runs[1]


def test_static_trace_still_regroups_with_onednn_on(onednn_on):
    # TF 2.21 on the Xeon (oneDNN on): 18 of 96 outputs of a traced SimpleRNN differ from eager
    x = _x((64, 7, 3))
    model = _model([L.SimpleRNN(3)], (7, 3))
    eager = np.asarray(model(x))
    traced = np.asarray(tf.function(lambda t: model(t))(tf.constant(x)))
    assert (traced != eager).any()
    assert np.allclose(traced, eager, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('make, shape', [
    (lambda: [L.GRU(4, implementation=1)], (7, 3)),
    (lambda: [L.LSTM(4, implementation=1)], (7, 3)),
    (lambda: [L.ConvLSTM2D(2, 3)], (3, 5, 5, 2)),
], ids=['gru_implementation_1', 'lstm_implementation_1', 'conv_lstm'])
def test_other_cells_are_regrouped_with_onednn_off_too(onednn_off, make, shape):
    # (lead, session 45) TF 2.21 without oneDNN still regroups these cells' sums in a static trace: 105 of 256,
    # 118 of 256 and 108 of 288 traced outputs differ from its eager ones (notes/progs/modelfuzz17/p9.py)
    x = _x((64 if len(shape) == 2 else 16,) + shape)
    model = _model(make(), shape)
    eager = np.asarray(model(x))
    traced = np.asarray(tf.function(lambda t: model(t))(tf.constant(x)))
    assert (traced != eager).sum() > eager.size // 4
