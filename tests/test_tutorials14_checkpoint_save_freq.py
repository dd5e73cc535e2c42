"""ModelCheckpoint(save_freq=N) counts batches as Keras 3 does: by how far the batch index moved since the
last call, not one per call. With steps_per_execution=k, fit calls on_train_batch_end once per k batches
(index k-1, 2k-1, ...; the last call of an epoch may point past its end), so counting calls saved k times
too rarely (guide/migrate/checkpoint_saver's compile(steps_per_execution=10) saved nothing in TF 2.21's place).

Goldens printed by TF 2.21 + Keras 3 (/work/notes/progs/tutorials14/probe_freq.py, probe_freq2.py): each case
runs fit(epochs=2) then fit(epochs=1) on the same callback, batch_size=50, filepath 'e{epoch}b{batch}.weights.h5'.
"""
import os

import numpy as np
import pytest

from framework import keras


CASES = [
    # steps_per_execution, save_freq, samples, batch indices seen by callbacks, saved file names
    (1, 12, 600, None, ['e1b12', 'e2b12']),
    (10, 12, 600, [9, 19] * 3, ['e1b20', 'e2b20']),
    (5, 12, 600, [4, 9, 14] * 3, ['e1b15', 'e2b15']),
    (4, 5, 500, [3, 7, 11] * 3, ['e1b8', 'e2b4', 'e2b12']),
    (1, 5, 600, list(range(12)) * 3, ['e1b1', 'e1b5', 'e1b6', 'e2b3', 'e2b8', 'e1b10', 'e1b11']),
    (3, 7, 400, [2, 5, 8] * 3, ['e1b9', 'e2b9']),
]


@pytest.mark.parametrize('steps_per_execution,save_freq,samples,batches,files', CASES)
def test_save_freq_counts_batches_not_calls(tmp_path, steps_per_execution, save_freq, samples, batches, files):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse', steps_per_execution=steps_per_execution)
    seen = []

    class Record(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            seen.append(batch)

    checkpoint = keras.callbacks.ModelCheckpoint(str(tmp_path / 'e{epoch}b{batch}.weights.h5'),
                                                 save_weights_only=True, save_freq=save_freq)
    x = np.ones((samples, 3), 'float32')
    y = np.zeros((samples, 2), 'float32')
    model.fit(x, y, epochs=2, batch_size=50, verbose=0, callbacks=[checkpoint, Record()])
    model.fit(x, y, epochs=1, batch_size=50, verbose=0, callbacks=[checkpoint, Record()])
    if batches is not None:
        assert seen == batches
    saved = sorted(name[:-len('.weights.h5')] for name in os.listdir(tmp_path))
    assert saved == sorted(files)


def test_save_freq_direct_calls_follow_the_index():
    """Called by hand (no fit): a jump of the index counts its size, a smaller index starts a new count."""
    saves = []
    checkpoint = keras.callbacks.ModelCheckpoint('unused.weights.h5', save_weights_only=True, save_freq=6)
    checkpoint._save = lambda epoch, batch, logs: saves.append(batch)
    for batch in (2, 5, 7, 11, 1, 3, 4):
        checkpoint.on_train_batch_end(batch)
    # 3, 6 -> save at 5; 2, 6 -> save at 11; then 2, 4, 5 (new epoch at 1): no save yet
    assert saves == [5, 11]
    checkpoint.on_train_batch_end(5)
    assert saves == [5, 11, 5]
