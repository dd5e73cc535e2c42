"""ModelCheckpoint(save_best_only=True, save_freq=N) compares only after the first epoch's end.

Keras 3.15 sets MonitorCallback.monitor_op in on_epoch_end only. TF 2.21
(/work/notes/progs/kerasio38/p13.py, p14.py; 40 samples, batch_size=10, monitor='loss'):
save_freq=2 prints "Epoch 1: loss improved from None to 0.70801, saving model to i/01.keras",
saves that file, and the next batch-level save raises TypeError "'NoneType' object is not
callable"; with initial_value_threshold=0.9 the very first save raises it (no file). A save_freq
past the first epoch's batches (5) compares normally. tapeflow chose the comparison at the first
batch-level save, so it saved on and never raised.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _fit(tmp_path, epochs=2, **kwargs):
    keras.utils.set_random_seed(5)
    x = np.random.RandomState(0).rand(40, 3).astype('float32')
    y = (x.sum(1, keepdims=True) > 1.5).astype('float32')
    model = keras.Sequential([keras.Input((3,)), L.Dense(4, activation='relu'), L.Dense(1, activation='sigmoid')])
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='binary_crossentropy', metrics=['accuracy'])
    callback = keras.callbacks.ModelCheckpoint(str(tmp_path / '{epoch}-{batch}.keras'), save_best_only=True, **kwargs)
    model.fit(x, y, epochs=epochs, batch_size=10, verbose=0, callbacks=[callback])
    return callback


def test_a_second_batch_save_in_the_first_epoch_fails_as_in_keras(tmp_path):
    with pytest.raises(TypeError) as info:
        _fit(tmp_path, monitor='loss', save_freq=2)
    assert str(info.value) == "'NoneType' object is not callable"
    assert "save_freq='epoch'" in info.value.__notes__[-1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ['1-2.keras']


def test_a_threshold_makes_the_first_batch_save_fail(tmp_path):
    with pytest.raises(TypeError, match="'NoneType' object is not callable"):
        _fit(tmp_path, monitor='loss', save_freq=2, initial_value_threshold=0.9)
    assert list(tmp_path.iterdir()) == []


def test_batch_saves_after_the_first_epoch_compare(tmp_path):
    callback = _fit(tmp_path, epochs=3, monitor='accuracy', mode='max', save_freq=5)
    assert callback.monitor_op is not None
    assert (tmp_path / '2-1.keras').exists()        # the first batch-level save (batch 1 of epoch 2)
    assert float(callback.best) > 0


def test_a_monitor_missing_from_batch_logs_saves_with_a_warning(tmp_path):
    with pytest.warns(UserWarning, match='Can save best model only with val_loss available.'):
        _fit(tmp_path, monitor='val_loss', save_freq=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ['1-3.keras', '2-2.keras']
