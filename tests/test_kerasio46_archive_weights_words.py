"""A .keras archive whose model.weights.h5 member is no HDF5 file fails with h5py's own words, which
Keras 3 lets through: TF 2.21 raises OSError 'Unable to synchronously open file (file signature not
found)' from load_model and load_weights; tapeflow prefixed '<path> (member model.weights.h5) does
not hold a readable HDF5 file: ' (now a note) (notes progs/kerasio46/p15.py)."""
import zipfile

import pytest

from framework import keras


def _archive(tmp_path, weights):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.save(str(tmp_path / 'ok.keras'))
    path = str(tmp_path / 'bad.keras')
    with zipfile.ZipFile(str(tmp_path / 'ok.keras')) as src, zipfile.ZipFile(path, 'w') as out:
        for name in src.namelist():
            out.writestr(name, weights if name == 'model.weights.h5' else src.read(name))
    return model, path


@pytest.mark.parametrize('weights', [b'not h5', b''])
@pytest.mark.parametrize('how', ['load_model', 'load_weights'])
def test_unreadable_weights_member(tmp_path, weights, how):
    model, path = _archive(tmp_path, weights)
    with pytest.raises(OSError) as caught:
        keras.models.load_model(path) if how == 'load_model' else model.load_weights(path)
    assert str(caught.value) == 'Unable to synchronously open file (file signature not found)'
    assert type(caught.value).__name__ in ('OSError', 'UnreadableHDF5Error')
    assert 'model.weights.h5' in caught.value.__notes__[0]
