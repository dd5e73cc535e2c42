"""A ModelCheckpoint filepath naming a log the epoch does not have raises Keras 3's KeyError text
(the logs it had ride as a note). Golden: /work/notes/progs/kguides4/p23.py under TF 2.21 / Keras 3."""
import numpy as np
import pytest

from framework import keras


def test_missing_log_in_the_path(tmp_path):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    path = str(tmp_path / 'x_{val_auc:.2f}.keras')
    with pytest.raises(KeyError) as info:
        model.fit(np.ones((10, 4)), np.ones((10, 1)), epochs=1, batch_size=10, verbose=0,
                  callbacks=[keras.callbacks.ModelCheckpoint(filepath=path)])
    assert str(info.value) == repr('Failed to format this callback filepath: "%s". Reason: \'val_auc\'' % path)
