"""compile(metrics=...) of a multi-output model naming an unknown metric: Keras 3 adds which argument held it.

Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/cm.py), e.g.
    m.compile('sgd', loss='mse', metrics={'out_a': 'maee'}); m.fit(X, Y, verbose=0)
    -> ValueError: Could not interpret metric identifier: maee\nReceived: metrics={'out_a': 'maee'}
A one-output model's text has no 'Received' line.
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((6, 4), 'float32')
Y = {'out_a': np.ones((6, 2), 'float32'), 'out_b': np.ones((6, 3), 'float32')}


def _two_outputs(as_dict):
    keras.utils.set_random_seed(0)
    inputs = keras.Input((4,), name='inp')
    a = keras.layers.Dense(2, name='out_a')(inputs)
    b = keras.layers.Dense(3, name='out_b')(inputs)
    return keras.Model(inputs, {'out_a': a, 'out_b': b} if as_dict else [a, b])


@pytest.mark.parametrize('as_dict, argument, metrics, expected', [
    (True, 'metrics', {'out_a': 'maee'},
     "Could not interpret metric identifier: maee\nReceived: metrics={'out_a': 'maee'}"),
    (True, 'metrics', {'out_a': ['mae', 'maee']},
     "Could not interpret metric identifier: maee\nReceived: metrics={'out_a': ['mae', 'maee']}"),
    (False, 'metrics', ['maee', 'mae'],
     "Could not interpret metric identifier: maee\nReceived: metrics=['maee', 'mae']"),
    (True, 'weighted_metrics', {'out_b': 'maee'},
     "Could not interpret metric identifier: maee\nReceived: weighted_metrics={'out_b': 'maee'}"),
    (False, 'metrics', [3, 'mae'],
     "Could not interpret metric identifier: 3\nReceived: metrics=[3, 'mae']"),
])
def test_unknown_metric_of_one_output_names_the_argument(as_dict, argument, metrics, expected):
    model = _two_outputs(as_dict)
    model.compile('sgd', loss='mse', **{argument: metrics})
    y = Y if as_dict else list(Y.values())
    with pytest.raises(ValueError) as info:
        model.fit(X, y, verbose=0)
    assert str(info.value) == expected


def test_one_output_text_has_no_received_line():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.compile('sgd', loss='mse', metrics=['maee'])
    with pytest.raises(ValueError) as info:
        model.fit(X, np.ones((6, 2)), verbose=0)
    assert str(info.value) == 'Could not interpret metric identifier: maee'


def test_compiling_again_after_the_error_trains():
    model = _two_outputs(True)
    model.compile('sgd', loss='mse', metrics={'out_a': 'maee'})
    with pytest.raises(ValueError):
        model.fit(X, Y, verbose=0)
    model.compile('sgd', loss='mse', metrics={'out_a': 'mae'})
    history = model.fit(X, Y, verbose=0)
    assert sorted(history.history) == ['loss', 'out_a_loss', 'out_a_mae', 'out_b_loss']
