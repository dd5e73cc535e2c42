"""ModelCheckpoint onto an existing directory and BackupAndRestore('') : Keras 3.15's words and order.

Golden texts: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) fitting a Dense(1) model for 2 epochs with
ModelCheckpoint(path, verbose=1) where path is an existing directory: Keras first prints its
'saving model to' line, then the save fails (IsADirectoryError) and it raises OSError with its text;
a checkpoint that is not saved (save_best_only, no improvement) never touches the path.
"""
import os

import numpy as np
import pytest

from framework import keras


def _fit(callback):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=2, verbose=0, callbacks=[callback])


@pytest.mark.parametrize('name, weights_only', [('d.keras', False), ('w.weights.h5', True)])
def test_checkpoint_onto_a_directory_says_so_after_its_saving_line(tmp_path, monkeypatch, capsys, name, weights_only):
    monkeypatch.chdir(tmp_path)
    os.makedirs(name)
    with pytest.raises(OSError) as info:
        _fit(keras.callbacks.ModelCheckpoint(name, verbose=1, save_weights_only=weights_only))
    assert str(info.value) == ('Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an '
                               'existing directory: ' + name)
    assert info.value.__suppress_context__
    assert capsys.readouterr().out == '\nEpoch 1: saving model to %s\n' % name


def test_a_checkpoint_not_saved_leaves_the_directory_alone(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    os.makedirs('b.keras')
    _fit(keras.callbacks.ModelCheckpoint('b.keras', verbose=1, save_best_only=True, monitor='loss',
                                         initial_value_threshold=0.0))
    assert capsys.readouterr().out == ('\nEpoch 1: loss did not improve from 0.00000\n'
                                       '\nEpoch 2: loss did not improve from 0.00000\n')


@pytest.mark.parametrize('backup_dir', ['', None])
def test_backup_and_restore_refuses_an_empty_directory_name(backup_dir):
    with pytest.raises(ValueError) as info:
        keras.callbacks.BackupAndRestore(backup_dir)
    assert str(info.value) == 'Empty `backup_dir` argument passed'
