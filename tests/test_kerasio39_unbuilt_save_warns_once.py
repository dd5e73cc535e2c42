"""model.save of a model not built yet warns "You are saving a model that has not yet been built.
..." from one place of the library, as Keras 3 does (saving_api.py:108 for .keras, :110 for
zipped=False), so Python's default filter shows it once a process for each, whatever line of the
user's program saves. TF 2.21 (notes progs/kerasio39 w.py): unbuilt Sequentials saved as 'u.h5'
(no such warning), 'u.keras' (warned), 'u2.keras' (not again), zipped=False twice (warned once)."""
import warnings

import framework as tf  # noqa: F401
from framework import keras

TEXT = ('You are saving a model that has not yet been built. It might not contain any weights yet. Consider '
        'building the model first by calling it on some data.')


def _unbuilt():
    return keras.Sequential([keras.layers.Dense(2)])


def test_unbuilt_saves_warn_once_per_kind(tmp_path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')         # Python's default: once per place that warns
        _unbuilt().save(tmp_path / 'u.h5')
        _unbuilt().save(tmp_path / 'u.keras')
        _unbuilt().save(tmp_path / 'u2.keras')
        _unbuilt().save(tmp_path / 'u3', zipped=False)
        _unbuilt().save(tmp_path / 'u4', zipped=False)
    ours = [w for w in caught if str(w.message) == TEXT]
    assert len(ours) == 2
    assert all(w.category is UserWarning and w.filename != __file__ for w in ours)
