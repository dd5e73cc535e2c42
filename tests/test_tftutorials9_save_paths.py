"""The save-and-load tutorial (tensorflow.org, keras/save_and_load) as stored still uses TF 2's paths:
'training_1/cp.ckpt' checkpoints, save_weights into 'training_2/' before the directory exists,
'./checkpoints/my_checkpoint'. Keras 3 on TF 2.21 picks a reader by the suffix alone and lets h5py's
errors through; its legacy .h5 writer makes missing directories. Texts printed by TF 2.21 (/opt/tfref)
for the same calls (/work/notes/progs/tftutorials9/probe_nodir.py, p06_save_load.py)."""
import os

import numpy as np
import pytest

from framework import keras

UNSUPPORTED = ('File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` files, `.weights.h5` '
               'files, legacy H5 format files (`.h5` extension), or Orbax checkpoints.')


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('adam', keras.losses.MeanSquaredError())
    return model


@pytest.mark.parametrize('name', ['cp.ckpt', 'cp', 'my_checkpoint', 'weights.npz'])
@pytest.mark.parametrize('exists', [False, True])
def test_load_weights_refuses_a_suffix_keras_does_not_read(tmp_path, name, exists):
    path = str(tmp_path / name)
    if exists:      # even a real weights file: Keras 3 reads the suffix, not the content
        model = _model()
        model.save_weights(str(tmp_path / 'w.weights.h5'))
        os.rename(str(tmp_path / 'w.weights.h5'), path)
    with pytest.raises(ValueError) as caught:
        _model().load_weights(path)
    assert str(caught.value) == UNSUPPORTED % path


def test_load_weights_refuses_a_directory_without_a_suffix(tmp_path):
    with pytest.raises(ValueError) as caught:
        _model().load_weights(str(tmp_path))
    assert str(caught.value) == UNSUPPORTED % tmp_path


def test_a_missing_sharded_map_is_pythons_file_not_found(tmp_path):
    path = str(tmp_path / 'm.weights.json')
    with pytest.raises(FileNotFoundError) as caught:
        _model().load_weights(path)
    assert str(caught.value) == "[Errno 2] No such file or directory: '%s'" % path


def test_save_weights_into_a_missing_directory_is_h5pys_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError) as caught:
        _model().save_weights('./training_2//cp-0000.weights.h5')
    # Keras hands h5py a pathlib.Path, which drops './' and doubled slashes
    assert str(caught.value) == ("[Errno 2] Unable to synchronously create file (unable to open file: name = "
                                 "'training_2/cp-0000.weights.h5', errno = 2, error message = 'No such file or "
                                 "directory', flags = 13, o_flags = 242)")
    assert not os.path.exists('training_2')


def test_legacy_h5_save_makes_the_missing_directories(tmp_path):
    model = _model()
    path = str(tmp_path / 'new' / 'deeper' / 'my_model.h5')
    model.save(path)
    again = keras.models.load_model(path)
    x = np.ones((2, 3), 'float32')
    np.testing.assert_array_equal(again.predict(x, verbose=0), model.predict(x, verbose=0))


def test_keras_archive_into_a_missing_directory_stays_an_error(tmp_path):
    path = str(tmp_path / 'nodir' / 'm.keras')
    with pytest.raises(FileNotFoundError) as caught:
        _model().save(path)
    assert str(caught.value) == "[Errno 2] No such file or directory: '%s'" % path


@pytest.mark.parametrize('make', [lambda root: str(root), lambda root: str(root / 'saved_model' / 'my_model')])
def test_load_model_of_a_savedmodel_path_is_a_plain_value_error(tmp_path, make):
    # TF 2.21 prints 'ValueError File format not supported: filepath=saved_model/my_model. Keras 3 only supports ...'
    path = make(tmp_path)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path)
    assert type(caught.value) is ValueError
    assert str(caught.value).startswith('File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` '
                                        'files, legacy H5 format files (`.h5` extension). Note that the legacy '
                                        'SavedModel format is not supported by `load_model()` in Keras 3.' % path)
