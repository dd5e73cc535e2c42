"""A nested sample_weight may hold None for an output left unweighted, as Keras 3 takes it.

TF 2.21 + Keras 3 (grid12 swnone.py) trains, validates and evaluates with sample_weight=[w, None],
(w, None), [None, w], {'r': w, 'c': None} and [None, None]; tapeflow refused them ('Unrecognized data
type: sample_weight=[array(...), None]' or an AttributeError on None.shape).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
RNG = np.random.RandomState(0)
X = RNG.rand(40, 4).astype('float32')
Y1 = RNG.rand(40, 1).astype('float32')
Y2 = RNG.rand(40, 2).astype('float32')
W = (RNG.rand(40) + 0.5).astype('float32')
ONES = np.ones(40, 'float32')


def _model(dict_outputs=False):
    keras.utils.set_random_seed(0)
    a = keras.Input((4,), name='a')
    h = L.Dense(3)(a)
    r, c = L.Dense(1, name='r')(h), L.Dense(2, name='c')(h)
    model = keras.Model(a, {'r': r, 'c': c} if dict_outputs else [r, c])
    model.compile('sgd', {'r': 'mse', 'c': 'mae'} if dict_outputs else ['mse', 'mae'],
                  weighted_metrics={'r': ['mae'], 'c': ['mse']} if dict_outputs else [['mae'], ['mse']])
    return model


def _run(weights, dict_outputs=False, y=None):
    model = _model(dict_outputs)
    y = y if y is not None else ({'r': Y1, 'c': Y2} if dict_outputs else [Y1, Y2])
    history = model.fit(X, y, sample_weight=weights, epochs=2, batch_size=16, verbose=0, validation_split=0.25)
    tf.random.set_seed(None)
    return history.history, model.evaluate(X, y, sample_weight=weights, verbose=0, return_dict=True)


@pytest.mark.parametrize('with_none, with_ones, dict_outputs', [
    ([W, None], [W, ONES], False), ([None, W], [ONES, W], False), ((W, None), (W, ONES), False),
    ({'r': W, 'c': None}, {'r': W, 'c': ONES}, True), ([None, None], [ONES, ONES], False)])
def test_a_none_weight_leaves_its_output_unweighted(with_none, with_ones, dict_outputs):
    y = (Y1, Y2) if isinstance(with_none, tuple) else None
    assert _run(with_none, dict_outputs, y) == _run(with_ones, dict_outputs, y)


def test_none_weight_matches_tensorflow():
    _, evaluated = _run([W, None])
    # TF 2.21 evaluate(return_dict=True) after the same 2-epoch fit (grid12 swnone.py)
    want = {'c_loss': 0.41981518268585205, 'c_mse': 0.271321177482605, 'loss': 0.9127413630485535,
            'r_loss': 0.40543508529663086, 'r_mae': 0.5760130286216736}
    assert sorted(evaluated) == sorted(want)
    for key, value in want.items():
        assert evaluated[key] == pytest.approx(value, rel=1e-6)


def test_train_on_batch_takes_a_none_weight():
    model = _model()
    got = model.train_on_batch(X, [Y1, Y2], sample_weight=[W, None], return_dict=True)
    tf.random.set_seed(None)
    want = _model().train_on_batch(X, [Y1, Y2], sample_weight=[W, ONES], return_dict=True)
    tf.random.set_seed(None)
    assert got == want
