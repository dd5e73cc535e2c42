"""keras.callbacks.BackupAndRestore: an interrupted fit resumed in a fresh model ends as Keras's does.

The histories were printed by Keras 3.15 (/opt/tfref) running the same script (Adam(0.05),
mse, 40 samples from numpy default_rng(0), batch 8, no shuffling) and are written as literals.
"""
import json
import os

import numpy as np
import pytest

from framework import keras

FULL_LOSS = [3.995837450027466, 3.636439085006714, 3.0745959281921387, 2.457010269165039, 1.9758450984954834,
             1.5112905502319336]


def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((40, 3)).astype('float32')
    return x, (x @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.1).astype('float32')


def model(seed):
    rng = np.random.default_rng(seed)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    m.set_weights([rng.standard_normal(w.shape).astype('float32') * 0.3 for w in m.get_weights()])
    m.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse', metrics=['mae'])
    return m


class Interrupt(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 3:
            raise RuntimeError('interrupted')


@pytest.mark.parametrize('save_freq, metadata, resumed_loss', [
    ('epoch', {'epoch': 3, 'batch': 0}, FULL_LOSS[3:]),
    # Keras's batch-level backup records the epoch before the one it was taken in.
    (3, {'epoch': 2, 'batch': 4}, FULL_LOSS[3:] + [1.1117688417434692]),
])
def test_resumed_fit_matches_keras(tmp_path, save_freq, metadata, resumed_loss):
    x, y = data()
    np.testing.assert_allclose(model(0).fit(x, y, batch_size=8, epochs=6, shuffle=False, verbose=0)
                               .history['loss'], FULL_LOSS, rtol=2e-6)
    backup = str(tmp_path / 'backup')
    with pytest.raises(RuntimeError, match='interrupted'):
        model(0).fit(x, y, batch_size=8, epochs=6, shuffle=False, verbose=0,
                     callbacks=[keras.callbacks.BackupAndRestore(backup, save_freq=save_freq), Interrupt()])
    assert sorted(os.listdir(backup)) == ['latest.weights.h5', 'training_metadata.json']
    with open(os.path.join(backup, 'training_metadata.json')) as f:
        assert json.load(f) == metadata
    fresh = model(1)              # other weights: everything comes from the backup, optimizer state too
    history = fresh.fit(x, y, batch_size=8, epochs=6, shuffle=False, verbose=0,
                        callbacks=[keras.callbacks.BackupAndRestore(backup, save_freq=save_freq)]).history
    np.testing.assert_allclose(history['loss'], resumed_loss, rtol=2e-6)
    assert not os.path.exists(backup)                    # delete_checkpoint=True
    # Keras 3.15 keeps the restored model._initial_epoch: a later fit starts there too (TF 2.21,
    # /work/notes/progs/fitlogs/p23.py: fit(epochs=2) trains no epoch; fit(epochs=5) epochs 3, 4)
    later = fresh.fit(x, y, batch_size=8, epochs=2, verbose=0)
    assert later.epoch == [] and later.history == {}
    start = 6 - len(resumed_loss)
    again = fresh.fit(x, y, batch_size=8, epochs=5, shuffle=False, verbose=0)
    assert again.epoch == list(range(start, 5))
    # the training goes on from the resumed fit's weights: TF's losses after the resumed ones
    continued = FULL_LOSS[3:] + [1.1117688417434692, 0.883449912071228, 0.7225825786590576, 0.601635754108429]
    done = len(resumed_loss)
    np.testing.assert_allclose(again.history['loss'], continued[done:done + len(again.epoch)], rtol=2e-6)


def test_kept_and_double_checkpoints(tmp_path):
    x, y = data()
    backup = str(tmp_path / 'b')
    callback = keras.callbacks.BackupAndRestore(backup, double_checkpoint=True, delete_checkpoint=False)
    model(0).fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0, callbacks=[callback])
    assert sorted(os.listdir(backup)) == ['latest.weights.h5', 'latest.weights.h5.bkp', 'training_metadata.json',
                                          'training_metadata.json.bkp']
    with open(os.path.join(backup, 'latest.weights.h5'), 'wb') as f:
        f.write(b'not hdf5')                                   # a corrupted latest backup
    history = model(1).fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0, callbacks=[callback]).history
    np.testing.assert_allclose(history['loss'], FULL_LOSS[1:3], rtol=2e-6)   # resumed from the previous one


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match='^Empty `backup_dir` argument passed$'):     # TF 2.21's words
        keras.callbacks.BackupAndRestore('')
    with pytest.raises(ValueError, match="Received: save_freq=batch. Expected either 'epoch' or an integer"):
        keras.callbacks.BackupAndRestore('/tmp/x', save_freq='batch')      # Keras 3's words
