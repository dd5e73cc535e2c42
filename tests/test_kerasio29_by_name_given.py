"""load_weights refuses ``by_name`` given at all (False too) for Keras 3 files, as Keras 3 does.

Keras 3.15's load_weights pops ``by_name`` from its kwargs and raises "`by_name` only supports
loading legacy '.h5' or '.hdf5' files" when it is not None for a '.keras', '.weights.h5' or
'.weights.json' path (before opening the file); tapeflow's default False let
``load_weights('m.weights.h5', by_name=False)`` load.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t22_saving_api.py).
"""
import numpy as np
import pytest

from framework import keras

TEXT = "`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: %s"


def _model():
    keras.utils.set_random_seed(0)
    return keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='d')], name='m')


def test_by_name_false_is_refused_for_keras3_files(tmp_path):
    model = _model()
    for name in ('a.weights.h5', 'a.keras'):
        path = str(tmp_path / name)
        model.save_weights(path) if name.endswith('.h5') else model.save(path)
        with pytest.raises(ValueError) as info:
            model.load_weights(path, by_name=False)
        assert str(info.value) == TEXT % path
        with pytest.raises(ValueError) as info:
            keras.saving.load_weights(model, path, by_name=False)
        assert str(info.value) == TEXT % path
    with pytest.raises(ValueError) as info:      # asked before the file is opened
        model.load_weights(str(tmp_path / 'missing.weights.h5'), by_name=False)
    assert str(info.value) == TEXT % (tmp_path / 'missing.weights.h5')


def test_without_by_name_and_legacy_files_load(tmp_path):
    model = _model()
    model.save_weights(str(tmp_path / 'a.weights.h5'))
    model.save(str(tmp_path / 'a.h5'))
    other = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='d')], name='m')
    other.load_weights(str(tmp_path / 'a.weights.h5'), skip_mismatch=False)
    np.testing.assert_array_equal(other.get_weights()[0], model.get_weights()[0])
    for by_name in (False, True):
        other = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='d')], name='m')
        other.load_weights(str(tmp_path / 'a.h5'), by_name=by_name)
        np.testing.assert_array_equal(other.get_weights()[0], model.get_weights()[0])
