"""A stateful RNN meets a last, partial batch in predict / fit / evaluate as Keras 3 on TF 2.21 does: its step is
traced with an open batch size, so Keras's batch check (which needs a static size) does not run, and the kept
states (batch 2) broadcast against the 1-row batch: predict gives a full batch of rows for it. A call on a
concrete batch of another size still raises Keras's ValueError.

Printed by TF 2.21 (notes/progs/layers14/st2.py):
    x = np.random.RandomState(0).randn(5, 4, 3).astype('float32'); y = <the next randn(5, 1)>
    keras.utils.set_random_seed(1)
    m = Sequential([Input((4, 3), batch_size=2), LSTM(2, stateful=True), Dense(1)])
    m.predict(x, batch_size=2)  -> shape (6, 1), last four values below
    (a fresh such model) compile('sgd', 'mse'); fit(x, y, batch_size=2, epochs=2, shuffle=False) -> losses below;
        evaluate(x, y, batch_size=2) -> below
    GRU(2, stateful=True, return_sequences=True): predict shape (6, 4, 1)
"""
import numpy as np
import pytest

from framework import keras

TF_PREDICT_LAST4 = ['0x1.3048f6p-5', '-0x1.f9e402p-4', '-0x1.6a3de0p-7', '-0x1.153fa2p-5']
TF_FIT = ['0x1.02afb6p+0', '0x1.da3470p-1']
TF_EVALUATE = '0x1.b2b0c4p-1'
# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: the LSTM's products in Eigen's order; notes/progs/epyc3/allvals.sh)
TF_PREDICT_LAST4_AVX2 = ['0x1.30491ep-5', '-0x1.f9e402p-4', '-0x1.6a3dc0p-7', '-0x1.153fa2p-5']
TF_FIT_AVX2 = ['0x1.02afbap+0', '0x1.da3470p-1']


def _data():
    rng = np.random.RandomState(0)
    return rng.randn(5, 4, 3).astype('float32'), rng.randn(5, 1).astype('float32')


def _model(rnn=None):
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((4, 3), batch_size=2), rnn or keras.layers.LSTM(2, stateful=True),
                             keras.layers.Dense(1)])


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_predict_gives_a_full_batch_for_the_last_partial_one(cpu_kind):
    x, _ = _data()
    out = _model().predict(x, batch_size=2, verbose=0)
    assert out.shape == (6, 1)
    expected = TF_PREDICT_LAST4_AVX2 if cpu_kind == 'avx2' else TF_PREDICT_LAST4
    assert _hex(out[-4:]) == [float.fromhex(v).hex() for v in expected]
    sequences = _model(keras.layers.GRU(2, stateful=True, return_sequences=True)).predict(x, batch_size=2, verbose=0)
    assert sequences.shape == (6, 4, 1)


def test_fit_and_evaluate_run_the_partial_batch(cpu_kind):
    x, y = _data()
    model = _model()
    model.compile('sgd', 'mse')
    history = model.fit(x, y, batch_size=2, epochs=2, verbose=0, shuffle=False)
    expected = TF_FIT_AVX2 if cpu_kind == 'avx2' else TF_FIT
    assert _hex(history.history['loss']) == [float.fromhex(v).hex() for v in expected]
    assert float(model.evaluate(x, y, batch_size=2, verbose=0)).hex() == float.fromhex(TF_EVALUATE).hex()


def test_a_concrete_call_on_another_batch_size_still_raises():
    x, _ = _data()
    with pytest.raises(ValueError, match='If an RNN is stateful, the batch size of the input sequences must be the '
                                         'same as the batch size of the initial state'):
        _model()(x[:1])
