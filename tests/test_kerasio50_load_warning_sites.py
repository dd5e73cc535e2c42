"""Keras 3 warns of a skipped optimizer state and of skip_mismatch's failed objects from one line of its
saving library each, so Python's default filter shows each message once a process, whichever of
load_weights('.weights.h5') / load_weights('.keras') read it. TF 2.21 (probe
/work/notes/progs/kerasio50/p13.py) shows one of each below; tapeflow warned from its callers' lines, once
per load path."""
import warnings

import numpy as np

from framework import keras


def _model(units=3):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(units, name='a'), keras.layers.Dense(2, name='b')])
    model.compile(keras.optimizers.Adam(name='opt'), 'mse')
    return model


def test_each_loading_warning_shows_once(tmp_path):
    keras.utils.set_random_seed(0)
    trained = _model()
    trained.fit(np.ones((4, 4)), np.ones((4, 2)), verbose=0)
    weights, archive = str(tmp_path / 'w.weights.h5'), str(tmp_path / 'm.keras')
    trained.save_weights(weights)
    trained.save(archive)
    other = _model(5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        for path in (weights, archive, weights):
            other.load_weights(path, skip_mismatch=True)
        same = _model(3)
        for path in (weights, archive):
            same.load_weights(path)
    texts = [str(w.message) for w in caught if w.category is UserWarning]
    assert [t[:60] for t in texts] == [
        "Skipping variable loading for optimizer 'opt', because it ha",
        'A total of 2 objects could not be loaded. Example error mess']
    assert texts[0] == ("Skipping variable loading for optimizer 'opt', because it has 2 variables whereas the saved "
                        'optimizer has 10 variables. ')
