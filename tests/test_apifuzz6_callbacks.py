"""Callback constructor arguments as Keras 3 on TensorFlow 2.21 takes them (or refuses them).
Goldens: the same programs under TF 2.21 (/work/notes/progs/apifuzz6/p/cb1.py, cb2.py)."""
import os

import numpy as np
import pytest

from framework import keras

X = np.ones((8, 3), 'float32')
Y = np.ones((8, 1), 'float32')


class StopAtSecondBatch(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 1:
            raise RuntimeError('stop')


@pytest.mark.parametrize('save_freq', [0, -1, 1, 'epoch'])
def test_backup_and_restore_takes_any_int_save_freq(tmp_path, save_freq):
    # TF 2.21: an int <= 0 backs up after every batch; the backup is there after an interrupted fit
    backup = str(tmp_path / 'bk')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    callback = keras.callbacks.BackupAndRestore(backup, save_freq=save_freq, delete_checkpoint=False)
    with pytest.raises(RuntimeError):
        model.fit(X, Y, epochs=2, batch_size=2, verbose=0, callbacks=[callback, StopAtSecondBatch()])
    if save_freq != 'epoch':
        assert sorted(os.listdir(backup)) == ['latest.weights.h5', 'training_metadata.json']


@pytest.mark.parametrize('save_freq', ['x', 1.5])
def test_backup_and_restore_refuses_other_save_freq_in_keras_words(tmp_path, save_freq):
    with pytest.raises(ValueError) as caught:
        keras.callbacks.BackupAndRestore(str(tmp_path), save_freq=save_freq)
    assert str(caught.value) == ("Invalid value for argument `save_freq`. Received: save_freq=%s. Expected either "
                                 "'epoch' or an integer value." % save_freq)


@pytest.mark.parametrize('filepath', [3, None])
def test_model_checkpoint_of_no_path_is_keras_attribute_error(filepath):
    with pytest.raises(AttributeError, match="^'%s' object has no attribute 'endswith'" % type(filepath).__name__):
        keras.callbacks.ModelCheckpoint(filepath)


def test_csv_logger_takes_any_filename_until_fit():
    logger = keras.callbacks.CSVLogger(3.5)        # TF 2.21 builds it too (and fails at fit, in open()'s words)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(TypeError, match='^expected str, bytes or os.PathLike object, not float$'):
        model.fit(X, Y, verbose=0, callbacks=[logger])
