"""fit / evaluate on numpy arrays of no samples, as Keras 3.15 (TF 2.21) runs them.

Golden behaviour: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1): fit(X[:0], Y[:0], verbose=0) warns
that the input ran out, returns a History of no keys for epoch [0] with params steps 0; evaluate returns
[] (return_dict: {}). TF's trace builds the model and its compiled metrics on the arrays' spec, so nothing
asks unbuilt metrics for a result (tapeflow raised 'Cannot get result() since the metric has not yet
been built.' before).
"""
import warnings

import numpy as np

from framework import keras


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='relu'), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    return model


def test_fit_on_no_samples_logs_nothing():
    x = np.zeros((0, 4), 'float32')
    model = _model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(x, x[:, :1], epochs=1, verbose=0)
    assert [str(w.message)[:37] for w in caught] == ['Your input ran out of data; interrupt']
    assert history.history == {} and history.epoch == [0]
    assert history.params == {'verbose': 0, 'epochs': 1, 'steps': 0}


def test_evaluate_on_no_samples_returns_nothing():
    x = np.zeros((0, 4), 'float32')
    model = _model()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert model.evaluate(x, x[:, :1], verbose=0) == []
        assert model.evaluate(x, x[:, :1], verbose=0, return_dict=True) == {}
