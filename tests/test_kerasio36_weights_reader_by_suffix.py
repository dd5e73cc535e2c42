"""Which reader load_weights uses, and saving onto a directory, as Keras 3.15 on TF 2.21.

Keras 3 picks the weights reader by the file's suffix, not by what the file holds: '.weights.h5'
gets its own layout's reader, any other '.h5' / '.hdf5' the legacy one. Printed by TF 2.21 with

    from tensorflow import keras
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='a'), keras.layers.Dense(2, name='b')])
    m.save_weights('k3.weights.h5'); shutil.copy('k3.weights.h5', 'k3.h5')
    m.load_weights('k3.h5')      # ValueError: Layer count mismatch ... Model expected 2 layers, found 0 saved layers.
    m.save('leg.h5'); shutil.copy('leg.h5', 'leg.weights.h5')
    m.load_weights('leg.weights.h5')      # ValueError: A total of 2 objects could not be loaded. ...
    # an HDF5 file with no weights in it: by_name=True loads nothing and says nothing; a model without
    # weights loads it; a model with weights gets 'Layer count mismatch ... found 0 saved layers.'
    os.makedirs('d.keras'); m.save('d.keras')     # IsADirectoryError: [Errno 21] Is a directory: 'd.keras'
    os.makedirs('d.weights.h5'); m.save_weights('d.weights.h5')
    # IsADirectoryError: [Errno 21] Unable to synchronously create file (unable to open file:
    # name = 'd.weights.h5', errno = 21, error message = 'Is a directory', flags = 13, o_flags = 242)

tapeflow chose the reader by the layout (loading both renamed files), refused every HDF5 file
without weights with its own sentence, and a save onto a directory wrote the whole file before
failing in the rename with its temporary file's name in the message.
"""
import os
import shutil

import h5py
import numpy as np
import pytest

from framework import keras


def _model(seed=0):
    keras.utils.set_random_seed(seed)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='a'), keras.layers.Dense(2, name='b')])


def _values(model):
    return [np.array(v) for v in model.weights]


def test_keras3_layout_named_h5_goes_to_the_legacy_reader(tmp_path):
    _model(1).save_weights(str(tmp_path / 'k3.weights.h5'))
    shutil.copy(str(tmp_path / 'k3.weights.h5'), str(tmp_path / 'k3.h5'))
    model = _model(2)
    before = _values(model)
    for kwargs in ({}, {'skip_mismatch': True}):
        with pytest.raises(ValueError) as caught:
            model.load_weights(str(tmp_path / 'k3.h5'), **kwargs)
        assert str(caught.value) == ('Layer count mismatch when loading weights from file. Model expected 2 '
                                     'layers, found 0 saved layers.')
        assert "holds Keras 3's .weights.h5 layout" in '\n'.join(caught.value.__notes__)
    assert all(np.array_equal(a, b) for a, b in zip(before, _values(model)))


def test_legacy_layout_named_weights_h5_goes_to_the_keras3_reader(tmp_path):
    _model(1).save(str(tmp_path / 'leg.h5'))
    shutil.copy(str(tmp_path / 'leg.h5'), str(tmp_path / 'leg.weights.h5'))
    model = _model(2)
    before = _values(model)
    with pytest.raises(ValueError) as caught:
        model.load_weights(str(tmp_path / 'leg.weights.h5'))
    assert str(caught.value) == (
        "A total of 2 objects could not be loaded. Example error message for object <Dense name=a, built=True>:\n\n"
        "Layer 'a' expected 2 variables, but received 0 variables during loading. Expected: ['kernel', 'bias']\n\n"
        "List of objects that could not be loaded:\n[<Dense name=a, built=True>, <Dense name=b, built=True>]")
    assert 'holds a legacy .h5 layout' in '\n'.join(caught.value.__notes__)
    assert all(np.array_equal(a, b) for a, b in zip(before, _values(model)))
    # the legacy reader (the '.h5' name) loads the same bytes
    model.load_weights(str(tmp_path / 'leg.h5'))
    assert all(np.array_equal(a, b) for a, b in zip(_values(_model(1)), _values(model)))


@pytest.mark.parametrize('name', ['plain.h5', 'plain.hdf5'])
def test_hdf5_file_without_weights_is_read_as_a_legacy_file_with_no_layers(tmp_path, name):
    path = str(tmp_path / name)
    with h5py.File(path, 'w') as f:
        f['x'] = np.zeros(1)
    model = _model(2)
    before = _values(model)
    model.load_weights(path, by_name=True)          # nothing matches by name: nothing loads, no warning
    assert all(np.array_equal(a, b) for a, b in zip(before, _values(model)))
    keras.Sequential([keras.Input((3,)), keras.layers.Flatten()]).load_weights(path)     # no weights to load
    with pytest.raises(ValueError) as caught:
        model.load_weights(path, skip_mismatch=True)
    assert str(caught.value) == ('Layer count mismatch when loading weights from file. Model expected 2 layers, '
                                 'found 0 saved layers.')
    assert 'holds no model weights' in '\n'.join(caught.value.__notes__)


@pytest.mark.parametrize('name, text', [
    ('d.keras', "[Errno 21] Is a directory: 'd.keras'"),
    ('d.weights.h5', "[Errno 21] Unable to synchronously create file (unable to open file: name = 'd.weights.h5', "
                     "errno = 21, error message = 'Is a directory', flags = 13, o_flags = 242)"),
    ('d.h5', "[Errno 21] Unable to synchronously create file (unable to open file: name = 'd.h5', errno = 21, "
             "error message = 'Is a directory', flags = 13, o_flags = 242)"),
])
def test_saving_onto_a_directory_fails_first_in_keras_words(tmp_path, monkeypatch, name, text):
    monkeypatch.chdir(tmp_path)
    os.makedirs(name)
    model = _model()
    with pytest.raises(IsADirectoryError) as caught:
        model.save_weights(name) if name.endswith('.weights.h5') else model.save(name)
    assert str(caught.value) == text and caught.value.errno == 21
    assert sorted(os.listdir('.')) == [name] and os.listdir(name) == []      # no temporary file left
