"""Truncated, foreign, empty and missing files raise the class TF 2.21 raises, and a weights
file of another architecture changes nothing and names the layer and shapes.

The classes TF 2.21 / Keras 3.15 raised for the same calls (/work/notes/progs/savefiles2/p6.py):
load_model of a damaged .keras: ValueError; of a damaged .h5: OSError (h5py's);
load_weights of a damaged .keras: zipfile.BadZipFile; of a damaged .h5 / .weights.h5: OSError;
load_weights of a missing .weights.h5: FileNotFoundError; load_model of a missing .keras: ValueError;
a weights file whose shapes do not fit: ValueError.
tapeflow's errors are also SavedFileError (a ValueError) and keep their longer messages.
"""
import zipfile

import numpy as np
import pytest

from framework import keras
from layers.saving import SavedFileError, WeightsMismatchError


def _model(units=8, extra=False):
    stack = [keras.Input((5,)), keras.layers.Dense(units, activation='relu', name='hid')]
    if extra:
        stack.append(keras.layers.Dense(4, name='more'))
    model = keras.Sequential(stack + [keras.layers.Dense(1, name='out')])
    model.compile('adam', 'mse')
    return model


@pytest.fixture(scope='module')
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp('damaged')
    keras.utils.set_random_seed(2)
    model = _model()
    x = np.random.RandomState(0).rand(16, 5).astype('float32')
    model.fit(x, x[:, :1], epochs=1, verbose=0)
    for ext in ('.keras', '.h5', '.weights.h5'):
        whole = root / ('m' + ext)
        (model.save_weights if ext == '.weights.h5' else model.save)(whole)
        data = whole.read_bytes()
        (root / ('trunc' + ext)).write_bytes(data[:len(data) // 2])
        (root / ('garbage' + ext)).write_bytes(b'not a model file at all' * 10)
        (root / ('empty' + ext)).write_bytes(b'')
    return root


@pytest.mark.parametrize('kind', ['trunc', 'garbage', 'empty'])
@pytest.mark.parametrize('ext, tf_class', [('.keras', ValueError), ('.h5', OSError)])
def test_load_model_of_a_damaged_file(files, kind, ext, tf_class):
    with pytest.raises(tf_class) as caught:
        keras.models.load_model(files / (kind + ext))
    # the path in TF's text (.keras) or, after h5py's own words (.h5, as TF's), in tapeflow's note
    shown = '\n'.join([str(caught.value)] + getattr(caught.value, '__notes__', []))
    assert isinstance(caught.value, SavedFileError) and str(files / (kind + ext)) in shown


@pytest.mark.parametrize('kind', ['trunc', 'garbage', 'empty'])
@pytest.mark.parametrize('ext, tf_class', [('.keras', zipfile.BadZipFile), ('.h5', OSError),
                                           ('.weights.h5', OSError)])
def test_load_weights_of_a_damaged_file(files, kind, ext, tf_class):
    model = _model()
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(tf_class) as caught:
        model.load_weights(files / (kind + ext))
    assert isinstance(caught.value, SavedFileError)
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))


def test_missing_files(files):
    # TF 2.21's words: load_model's ValueError for .keras, h5py's FileNotFoundError for .weights.h5
    with pytest.raises(ValueError, match=r'^File not found: filepath=.*missing.keras. Please ensure the file is an '
                                         r'accessible `.keras` zip file.$'):
        keras.models.load_model(files / 'missing.keras')
    with pytest.raises(FileNotFoundError, match=r"^\[Errno 2\] Unable to synchronously open file \(unable to open "
                                                r"file: name = '.*missing.weights.h5', errno = 2"):
        _model().load_weights(files / 'missing.weights.h5')


@pytest.mark.parametrize('ext', ['.weights.h5', '.keras', '.h5'])
@pytest.mark.parametrize('arch, layer, shapes', [
    (dict(units=9), 'hid', ('(5, 9)', '(5, 8)')),
    # TF 2.21 assigns 'hid' before it fails on 'more' (.keras / .weights.h5): tapeflow changes nothing
    (dict(extra=True), 'more', ('(8, 4)', '(8, 1)'))])
def test_weights_of_another_architecture_change_nothing(files, ext, arch, layer, shapes, recwarn):
    model = _model(**arch)
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(ValueError) as caught:
        model.load_weights(files / ('m' + ext))
    if ext == '.h5' and layer == 'more':     # Keras 3's legacy loader counts the layers first
        assert str(caught.value).startswith('Layer count mismatch when loading weights from file.')
    else:      # a legacy .h5 file's error is Keras's text for the first mismatch, tapeflow's listing a note
        message = '\n'.join([str(caught.value)] + getattr(caught.value, '__notes__', []))
        assert isinstance(caught.value, WeightsMismatchError)
        assert "'%s'" % layer in message and all(shape in message for shape in shapes)
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))
