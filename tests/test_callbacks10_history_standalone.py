"""keras.callbacks.History and EarlyStopping driven by hand, outside fit: no ``epoch`` / ``best_epoch`` until
on_train_begin, as in Keras 3.

Goldens from TF 2.21 / Keras 3 (/work/notes/progs/callbacks10/p8.py and p9.py run under /opt/tfref).
"""
import numpy as np
import pytest

from framework import keras


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    return model


def test_new_history_has_logs_dict_but_no_epoch_list():
    history = keras.callbacks.History()
    assert history.history == {}
    with pytest.raises(AttributeError, match="^'History' object has no attribute 'epoch'$"):
        history.epoch


def test_on_epoch_end_before_on_train_begin_fails_and_records_nothing():
    # TF 2.21: AttributeError 'History' object has no attribute 'epoch', with or without a model set
    history = keras.callbacks.History()
    with pytest.raises(AttributeError, match="^'History' object has no attribute 'epoch'$"):
        history.on_epoch_end(0, {'loss': 1.0})
    history.set_model(_model())
    with pytest.raises(AttributeError, match="^'History' object has no attribute 'epoch'$"):
        history.on_epoch_end(0, {'loss': 1.0})
    assert history.history == {}


def test_on_train_begin_then_epochs_record_and_a_new_train_keeps_the_logs():
    model = _model()
    history = keras.callbacks.History()
    history.set_model(model)
    history.on_train_begin()
    history.on_epoch_end(0, {'loss': 1.0})
    history.on_epoch_end(1, {'loss': 0.5})
    assert (history.history, history.epoch) == ({'loss': [1.0, 0.5]}, [0, 1])
    assert model.history is history
    history.on_train_begin()          # Keras 3 resets only the epoch list
    assert (history.history, history.epoch) == ({'loss': [1.0, 0.5]}, [])


def test_fit_returns_a_history_with_its_epochs():
    x = np.zeros((4, 3), 'float32')
    history = _model().fit(x, x[:, :1], epochs=2, verbose=0)
    assert history.epoch == [0, 1] and list(history.history) == ['loss']


def test_early_stopping_has_best_epoch_only_from_on_train_begin():
    # TF 2.21 (callbacks10/p9.py): vars(EarlyStopping()) has no 'best_epoch'; on_train_begin sets it to 0
    stopper = keras.callbacks.EarlyStopping()
    with pytest.raises(AttributeError, match="^'EarlyStopping' object has no attribute 'best_epoch'$"):
        stopper.best_epoch
    stopper.on_train_begin()
    assert stopper.best_epoch == 0 and stopper.best is None and stopper.wait == 0
