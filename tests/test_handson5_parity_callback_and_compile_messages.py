"""Keras 3.15's exact words for two mistakes Hands-On ML readers meet: a monitor whose direction
cannot be told (EarlyStopping(monitor='val_nope'), ReduceLROnPlateau, ModelCheckpoint) and
fit / evaluate / train_on_batch / test_on_batch before compile().

Texts printed by TensorFlow 2.21 + Keras 3.15 (monitor_callback._set_monitor_op,
Trainer._assert_compile_called); tapeflow's own explanations ride as notes where it has them.
"""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(1).rand(32, 4).astype(np.float32)
Y = X[:, :1]


def _compiled():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(loss='mse', optimizer='sgd', metrics=['mae'])
    return model


@pytest.mark.parametrize('callback, monitor', [
    (lambda: keras.callbacks.EarlyStopping(monitor='val_nope'), 'val_nope'),
    (lambda: keras.callbacks.ReduceLROnPlateau(monitor='nope'), 'nope'),
    (lambda: keras.callbacks.ModelCheckpoint('unused.keras', monitor='nope', save_best_only=True), 'nope'),
])
def test_unknown_monitor_direction_reads_as_keras(callback, monitor, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = callback()
    with pytest.raises(ValueError) as info:
        _compiled().fit(X, Y, epochs=2, verbose=0, validation_split=0.25, callbacks=[made])
    assert str(info.value) == (
        "%s callback received monitor=%s, but Keras isn't able to automatically determine whether that metric "
        "should be maximized or minimized. Pass `mode='max'` in order to monitor based on the highest metric "
        "value, or pass `mode='min'` in order to use the lowest value." % (type(made).__name__, monitor))


@pytest.mark.parametrize('method', ['fit', 'evaluate', 'train_on_batch', 'test_on_batch'])
def test_uncompiled_model_reads_as_keras(method):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    with pytest.raises(ValueError) as info:
        getattr(model, method)(X, Y)
    assert str(info.value) == 'You must call `compile()` before using the model.'
    assert model.predict(X[:1], verbose=0).shape == (1, 1)
