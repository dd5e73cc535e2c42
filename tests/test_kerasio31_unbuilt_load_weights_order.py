"""load_weights into an unbuilt model refuses it before opening a Keras 3 file.

Keras 3.15's load_weights_only checks model.built first, so a fresh Sequential and a missing or broken
'.weights.h5' / '.keras' / '.weights.json' path get 'You are loading weights into a model that has not
yet been built...'. tapeflow opened the file first and raised its not-found / not-a-zip error instead.
A legacy '.h5' path still opens the file first, as in Keras (h5py's FileNotFoundError).

Texts: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio31/p15_unbuilt_order.py).
"""
import pytest

from framework import keras

UNBUILT = ('You are loading weights into a model that has not yet been built. Try building the model first '
           'by calling it on some data or by using `build()`.')


def _unbuilt():
    return keras.Sequential([keras.layers.Dense(3)])


@pytest.mark.parametrize('name, content', [
    ('missing.weights.h5', None),
    ('missing.keras', None),
    ('missing.weights.json', None),
    ('bad.keras', b'nozip'),
    ('bad.weights.h5', b'noh5'),
])
def test_unbuilt_model_is_refused_before_the_file_is_read(tmp_path, name, content):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ValueError) as caught:
        _unbuilt().load_weights(str(path))
    assert str(caught.value) == UNBUILT


def test_by_name_is_checked_before_built(tmp_path):
    path = str(tmp_path / 'missing.weights.h5')
    with pytest.raises(ValueError) as caught:
        _unbuilt().load_weights(path, by_name=True)
    assert str(caught.value) == "`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: " + path


def test_legacy_h5_path_still_opens_the_file_first(tmp_path):
    path = str(tmp_path / 'missing.h5')
    with pytest.raises(FileNotFoundError) as caught:
        _unbuilt().load_weights(path)
    assert str(caught.value).startswith('[Errno 2] Unable to synchronously open file (unable to open file: name = ')


def test_unbuilt_model_loads_after_build(tmp_path):
    built = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3)])
    built.save_weights(tmp_path / 'w.weights.h5')
    fresh = _unbuilt()
    fresh.build((None, 2))
    fresh.load_weights(tmp_path / 'w.weights.h5')
    assert all((a == b).all() for a, b in zip(fresh.get_weights(), built.get_weights()))
