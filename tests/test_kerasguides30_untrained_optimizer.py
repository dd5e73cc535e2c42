"""fit on a model with nothing trainable leaves its optimizer unbuilt, as TF 2.21: Keras 3 builds the
optimizer in its first apply_gradients, which the train step skips ('The model does not have any
trainable weights.'), so summary() shows no 'Optimizer params' line. Values from TF 2.21
(progs/kerasguides30/p_optbuilt.py, h7_bnmore.py)."""
import warnings

import numpy as np

from framework import keras

X = np.ones((8, 3), 'float32')
Y = np.ones((8, 2), 'float32')


def _fit(model, optimizer):
    model.compile(optimizer=optimizer, loss='mse')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.fit(X, Y, epochs=1, verbose=0)
    assert [str(w.message) for w in caught] == ['The model does not have any trainable weights.']


def test_frozen_before_the_first_fit():
    keras.backend.clear_session()       # the optimizer's name is in its variables' paths
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.trainable = False
    _fit(model, keras.optimizers.SGD(0.1))
    assert model.optimizer.built is False
    assert [v.path for v in model.optimizer.variables] == ['sgd/iteration', 'sgd/learning_rate']


def test_frozen_after_training_and_compiled_again(capsys):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    model.fit(X, Y, epochs=1, verbose=0)
    assert model.optimizer.built is True
    model.trainable = False
    _fit(model, keras.optimizers.Adam(0.1))
    assert model.optimizer.built is False
    model.summary()
    text = capsys.readouterr().out
    assert ' Total params: 8 (32.00 B)\n' in text
    assert 'Optimizer params' not in text
