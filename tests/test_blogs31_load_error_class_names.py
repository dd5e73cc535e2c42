"""A failed load prints TF's class name: blog programs write `except Exception as e:
print(type(e).__name__, e)`.

TF 2.21 / Keras 3.15 printed these names for the same calls (/work/notes/progs/blogs31/p45.py, p46.py).
Before, tapeflow printed its own classes (WeightsMismatchError, SavedFileNotFoundError, SavedFileError,
NotAZipError). They stay subclasses, so `except ValueError` and the like still catch them.
"""
import zipfile

import pytest

from framework import keras


def _model(units=4):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(units), keras.layers.Dense(1)])


class _Doubler(keras.layers.Layer):
    def call(self, x):
        return x * 2


@pytest.fixture(scope='module')
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp('blogs31_loads')
    model = _model()
    model.save_weights(root / 'a.weights.h5')
    model.save(root / 'a.keras')
    model.save(root / 'b.h5')
    keras.Sequential([keras.Input((3,)), _Doubler(), keras.layers.Dense(1)]).save(root / 'custom.keras')
    (root / 'junk.weights.h5').write_text('not hdf5')
    (root / 'junk.keras').write_text('not a zip')
    with zipfile.ZipFile(root / 'empty.keras', 'w') as archive:
        archive.writestr('metadata.json', '{}')
    (root / 'dir.weights.h5').mkdir()
    return root


CASES = [
    ('missing weights file', lambda d: _model().load_weights(d / 'missing.weights.h5'), 'FileNotFoundError'),
    ('other shapes, .weights.h5', lambda d: _model(5).load_weights(d / 'a.weights.h5'), 'ValueError'),
    ('other shapes, legacy .h5', lambda d: _model(5).load_weights(d / 'b.h5'), 'ValueError'),
    ('missing .keras', lambda d: keras.models.load_model(d / 'missing.keras'), 'ValueError'),
    ('weights file as a model', lambda d: keras.models.load_model(d / 'a.weights.h5'), 'ValueError'),
    ('unregistered class', lambda d: keras.models.load_model(d / 'custom.keras'), 'TypeError'),
    ('not HDF5', lambda d: _model().load_weights(d / 'junk.weights.h5'), 'OSError'),
    ('a directory', lambda d: _model().load_weights(d / 'dir.weights.h5'), 'IsADirectoryError'),
    ('not a zip, load_model', lambda d: keras.models.load_model(d / 'junk.keras'), 'ValueError'),
    ('not a zip, load_weights', lambda d: _model().load_weights(d / 'junk.keras'), 'BadZipFile'),
    ('no config.json', lambda d: keras.models.load_model(d / 'empty.keras'), 'KeyError'),
    ('missing .keras, load_weights', lambda d: _model().load_weights(d / 'missing.keras'), 'FileNotFoundError'),
]


@pytest.mark.parametrize('call,name', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_failed_load_prints_tf_class_name(folder, call, name):
    with pytest.raises(Exception) as caught:
        call(folder)
    assert type(caught.value).__name__ == name


def test_renamed_classes_still_catch_as_before(folder):
    # The ValueError base stays (tapeflow's earlier promise); the name is only what type() shows.
    with pytest.raises(ValueError):
        _model(5).load_weights(folder / 'a.weights.h5')
    with pytest.raises(FileNotFoundError):
        keras.models.load_model(folder / 'missing.keras')
    with pytest.raises(zipfile.BadZipFile):
        keras.models.load_model(folder / 'junk.keras')


def test_traceback_last_line_names_tf_class(folder):
    # An uncaught error's last traceback line: TF 2.21 printed 'ValueError: A total of 2 objects ...'
    import traceback
    try:
        _model(5).load_weights(folder / 'a.weights.h5')
    except ValueError as error:
        last = traceback.format_exception_only(type(error), error)[0]
    assert last.startswith('ValueError: A total of 2 objects could not be loaded.')
    try:
        keras.models.load_model(folder / 'junk.keras')
    except ValueError as error:
        last = traceback.format_exception_only(type(error), error)[0]
    assert last.startswith('ValueError: File not found: filepath=')
