"""fit / predict_on_batch arguments that Keras 3.15 takes or refuses, checked against TF 2.21.

callbacks=EarlyStopping(...) (one callback, not in a list) trains on TF: Keras flattens it into
a list of one; it raised "'EarlyStopping' object is not iterable" here. predict_on_batch(None) fails
on TF with an unhelpful ValueError about a 'keras_tensor'; here it says which argument is wrong.
validation_freq=0 fails as on TF (ZeroDivisionError after the first epoch), with a note.
"""
import numpy as np
import pytest

from framework import keras

X, Y = np.ones((8, 3), np.float32), np.ones((8, 2), np.float32)


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model


def test_one_callback_not_in_a_list_is_used():
    stop = keras.callbacks.EarlyStopping(monitor='loss', patience=0)
    history = _model().fit(X, Y, epochs=3, verbose=0, callbacks=stop)
    assert stop.model is not None and len(history.history['loss']) == 3


def test_validation_freq_zero_fails_after_the_first_epoch_as_keras():
    # TF 2.21 (grid12 vfreq.py): Keras reads validation_freq at the first epoch's end ('epoch % 0'), so one
    # epoch trains first; tapeflow's sentence rides as a note
    model = _model()
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(ZeroDivisionError, match=r'^integer modulo by zero'):
        model.fit(X, Y, epochs=2, validation_split=0.25, validation_freq=0, verbose=0)
    assert not all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))
    assert int(model.optimizer.iterations.numpy()) == 1


def test_predict_on_batch_of_none_names_the_argument():
    with pytest.raises(ValueError, match='predict_on_batch: x'):
        _model().predict_on_batch(None)


def test_a_recompile_with_an_unknown_metric_fails_at_fit_as_keras():
    # Keras 3.15 defers the metric lookup to the first fit (TF 2.21: compile succeeds, fit raises);
    # a valid recompile afterwards trains
    model = _model()
    model.compile('adam', 'mse', metrics=['mae'])
    model.compile('sgd', 'mse', metrics=['nope'])
    assert model.get_compile_config()['optimizer']['class_name'] == 'SGD'
    with pytest.raises(ValueError, match="Could not interpret metric identifier: nope"):
        model.fit(X, Y, epochs=1, verbose=0)
    model.compile('adam', 'mse', metrics=['mae'])
    history = model.fit(X, Y, epochs=1, verbose=0).history
    assert sorted(history) == ['loss', 'mae']
