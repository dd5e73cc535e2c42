"""compile() with an identifier Keras cannot interpret raises Keras 3.15's words.

TensorFlow 2.21 + Keras 3.15 print, for fit after compile(loss='nope') / metrics=['nope'] /
loss=5 / metrics=[5]: ValueError 'Could not interpret loss identifier: nope' (metric, 5 alike),
and at compile(metrics='mae'): "Expected `metrics` argument to be a list, tuple, or dict.
Received instead: metrics=mae of type <class 'str'>". As Keras, tapeflow resolves the names at
the first fit / evaluate step: compile itself succeeds (/work/notes/progs/apifuzz6/p/ci.py).
"""
import numpy as np
import pytest

from framework import keras


def _model():
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])


@pytest.mark.parametrize('arguments, text', [
    (dict(loss='nope'), 'Could not interpret loss identifier: nope'),
    (dict(loss=['mse', 'nope']), 'Could not interpret loss identifier: nope'),
    (dict(loss=5), 'Could not interpret loss identifier: 5'),
    (dict(loss='mse', metrics=['nope']), 'Could not interpret metric identifier: nope'),
    (dict(loss='mse', metrics=[5]), 'Could not interpret metric identifier: 5'),
    (dict(loss='mse', metrics='mae'), "Expected `metrics` argument to be a list, tuple, or dict. Received instead: "
                                      "metrics=mae of type <class 'str'>"),
])
def test_uninterpretable_identifiers_read_as_keras(arguments, text):
    model = _model()
    with pytest.raises(ValueError) as info:
        model.compile(optimizer='sgd', **arguments)
        model.fit(np.ones((4, 4)), np.ones((4, 1)), verbose=0)
    assert str(info.value) == text
    if 'metrics' not in text:      # only the list check is compile's own
        with pytest.raises(ValueError, match='Could not interpret'):      # every later step fails alike
            model.train_on_batch(np.ones((4, 4)), np.ones((4, 1)))


def test_interpretable_identifiers_compile():
    model = _model()
    model.compile(optimizer='sgd', loss=keras.losses.MeanSquaredError, metrics=['mae', keras.metrics.RootMeanSquaredError()])
    assert model.compiled
