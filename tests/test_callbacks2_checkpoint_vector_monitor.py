"""ModelCheckpoint(save_best_only=True) on a metric logged as a vector (F1Score(average=None): one value
per class) warns and saves every epoch, as Keras 3.15: 'Can save best model only when `monitor` is a
scalar value. Received: [0.8888889 0.       ]. Falling back to `save_best_only=False`.' tapeflow failed
with TypeError 'only 0-dimensional arrays can be converted to Python scalars'.
Golden: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/c12.py.
"""
import warnings

import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def test_a_vector_monitor_falls_back_to_saving_every_epoch(tmp_path, capsys):
    keras.utils.set_random_seed(2)
    x = np.random.rand(40, 4).astype('float32')
    y = keras.utils.to_categorical((x.sum(1) > 2).astype('int32'), 2)
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, activation='softmax')])
    m.compile(keras.optimizers.Adam(0.01), 'categorical_crossentropy',
              metrics=[keras.metrics.F1Score(average=None, threshold=0.5)])
    path = str(tmp_path / 'c12.keras')
    check = keras.callbacks.ModelCheckpoint(path, monitor='val_f1_score', mode='max', save_best_only=True, verbose=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        h = m.fit(x, y, epochs=2, batch_size=10, verbose=0, validation_split=0.25, callbacks=[check])
    assert [v.tolist() for v in h.history['val_f1_score']] == [[0.8888888955116272, 0.0]] * 2
    assert capsys.readouterr().out == ('\nEpoch 1: finished saving model to %s\n\nEpoch 2: finished saving model to %s\n'
                                       % (path, path))
    messages = [str(w.message) for w in caught if w.category is UserWarning]
    assert messages == ['Can save best model only when `monitor` is a scalar value. Received: [0.8888889 0.       ]. '
                        'Falling back to `save_best_only=False`.'] * 2
    assert check.best is None
