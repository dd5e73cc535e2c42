"""fit's Python-level slips fail with Python's own AttributeError words, as under Keras 3 on TF 2.21
(errors31, p_duck.py / j4): a numpy array is a 'numpy.ndarray' object there (tapeflow wrote 'ndarray'),
and a callback that has set_model is called as Keras calls it, failing at its first missing hook
(tapeflow refused any object without on_epoch_end up front, naming set_model)."""
import numpy as np
import pytest

from framework import keras

X = np.ones((4, 3), 'float32')


def _model(units=2, loss='mse'):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(units)])
    model.compile('sgd', loss)
    return model


def test_class_weight_array_names_numpy_ndarray():
    with pytest.raises(AttributeError) as info:
        _model(3, 'sparse_categorical_crossentropy').fit(X, np.array([0, 1, 2, 1]), class_weight=np.array([1., 2., 1.]),
                                                         verbose=0)
    assert str(info.value) == "'numpy.ndarray' object has no attribute 'get'"


def test_callbacks_array_names_numpy_ndarray():
    with pytest.raises(AttributeError) as info:
        _model().fit(X, np.ones((4, 2)), callbacks=np.array([1.]), verbose=0)
    assert str(info.value) == "'numpy.ndarray' object has no attribute 'set_model'"


def test_callback_of_a_plain_class_fails_at_set_model():
    class NotACallback:
        pass
    with pytest.raises(AttributeError) as info:
        _model().fit(X, np.ones((4, 2)), callbacks=[NotACallback()], verbose=0)
    assert str(info.value) == "'NotACallback' object has no attribute 'set_model'"


def test_duck_callback_is_called_until_its_first_missing_hook():
    calls = []

    class Duck:
        def set_model(self, model):
            calls.append('set_model')

        def set_params(self, params):
            calls.append(('set_params', sorted(params)))

        def on_train_begin(self, logs=None):
            calls.append('on_train_begin')
    with pytest.raises(AttributeError) as info:
        _model().fit(X, np.ones((4, 2)), callbacks=[Duck()], verbose=0)
    assert str(info.value) == "'Duck' object has no attribute 'on_epoch_begin'"
    assert calls == ['set_model', ('set_params', ['epochs', 'steps', 'verbose']), 'on_train_begin']
