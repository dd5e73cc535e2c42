"""Saving to a path whose directory is a file fails as in TF 2.21 (Keras 3): NotADirectoryError
from the writer (zipfile's open for .keras, h5py for .weights.h5 / .h5); ModelCheckpoint makes a
missing directory only when nothing stands there, so it fails the same way.

Golden texts printed by TF 2.21 (/work/notes/progs/kerasio37/p33.py), e.g.
    open('afile', 'w').write('x'); model.save('afile/d.keras')
"""
import errno

import numpy as np
import pytest

from framework import keras


def _h5_text(path, code):
    message = {errno.ENOTDIR: 'Not a directory', errno.ENOENT: 'No such file or directory'}[code]
    return ("[Errno %d] Unable to synchronously create file (unable to open file: name = '%s', errno = %d, "
            "error message = '%s', flags = 13, o_flags = 242)" % (code, path, code, message))


@pytest.fixture
def model(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / 'afile').write_text('x')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


SAVES = {
    'afile/d.keras': ("[Errno 20] Not a directory: 'afile/d.keras'", lambda m, p: m.save(p)),
    'afile/sub/m.keras': ("[Errno 20] Not a directory: 'afile/sub/m.keras'", lambda m, p: m.save(p)),
    'afile/d.weights.h5': (_h5_text('afile/d.weights.h5', errno.ENOTDIR), lambda m, p: m.save_weights(p)),
    'afile/d.h5': (_h5_text('afile/d.h5', errno.ENOTDIR), lambda m, p: m.save(p)),
}


@pytest.mark.parametrize('path', sorted(SAVES))
def test_save_under_a_file_is_not_a_directory(model, path):
    text, save = SAVES[path]
    with pytest.raises(NotADirectoryError) as error:
        save(model, path)
    assert str(error.value) == text


@pytest.mark.parametrize('path,text', [
    ('afile/d.keras', "[Errno 20] Not a directory: 'afile/d.keras'"),
    ('afile/d.weights.h5', _h5_text('afile/d.weights.h5', errno.ENOTDIR)),
    ('afile/sub/m.keras', "[Errno 20] Not a directory: 'afile/sub'"),     # Keras's makedirs of 'afile/sub'
])
def test_model_checkpoint_under_a_file(model, path, text):
    callback = keras.callbacks.ModelCheckpoint(path, save_weights_only=path.endswith('.weights.h5'))
    with pytest.raises(NotADirectoryError) as error:
        model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=1, verbose=0, callbacks=[callback])
    assert str(error.value) == text


def test_a_missing_directory_is_still_not_found(model):
    with pytest.raises(FileNotFoundError) as error:
        model.save_weights('nodir/w.weights.h5')
    assert str(error.value) == _h5_text('nodir/w.weights.h5', errno.ENOENT)
    with pytest.raises(FileNotFoundError) as error:
        model.save('nodir/m.keras')
    assert str(error.value) == "[Errno 2] No such file or directory: 'nodir/m.keras'"
    model.save('made/m.h5')          # Keras's legacy writer makes the directory


def _h5_open_text(path):
    return ("[Errno 20] Unable to synchronously open file (unable to open file: name = '%s', errno = 20, "
            "error message = 'Not a directory', flags = 0, o_flags = 0)" % path)


@pytest.mark.parametrize('path,text', [
    ('afile/m.keras', "[Errno 20] Not a directory: 'afile/m.keras'"),
    ('afile/w.weights.h5', _h5_open_text('afile/w.weights.h5')),
    ('afile/m.h5', _h5_open_text('afile/m.h5')),
    ('afile/w.weights.json', "[Errno 20] Not a directory: 'afile/w.weights.json'"),
])
def test_reading_under_a_file_is_not_a_directory(model, path, text):
    # TF 2.21: load_weights of each, and load_model of the .h5 files (its .keras check says 'File not found')
    with pytest.raises(NotADirectoryError) as error:
        model.load_weights(path)
    assert str(error.value) == text
    assert type(error.value).__name__ == 'NotADirectoryError'
    if path.endswith('.h5'):
        with pytest.raises(NotADirectoryError) as error:
            keras.models.load_model(path)
        assert str(error.value) == text


def test_sharded_weights_need_their_directory(model):
    with pytest.raises(NotADirectoryError) as error:
        model.save_weights('afile/w.weights.json', max_shard_size=0.001)
    assert str(error.value) == _h5_text('afile/w_00000.weights.h5', errno.ENOTDIR)
    with pytest.raises(FileNotFoundError) as error:         # Keras makes no directory for the shards
        model.save_weights('nodir/w.weights.json', max_shard_size=0.001)
    assert str(error.value) == _h5_text('nodir/w_00000.weights.h5', errno.ENOENT)
