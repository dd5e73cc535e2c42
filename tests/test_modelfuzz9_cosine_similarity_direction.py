"""Monitors in mode='auto' maximize keras.metrics.CosineSimilarity, as Keras 3 marks it (_direction 'up').

Printed by TF 2.21 (/work/notes/progs/modelfuzz9/p23.py): compile(metrics=[keras.metrics.CosineSimilarity()]),
then fit(validation_split=0.25, callbacks=[EarlyStopping('val_cosine_similarity')]) -> monitor_op greater
(ReduceLROnPlateau and ModelCheckpoint(save_best_only=True) alike); tapeflow raised "EarlyStopping callback
received monitor=val_cosine_similarity, but Keras isn't able to automatically determine whether that metric
should be maximized or minimized. ...".
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('metric', [keras.metrics.CosineSimilarity, lambda: 'cosine_similarity'])
@pytest.mark.parametrize('callback', [keras.callbacks.EarlyStopping, keras.callbacks.ReduceLROnPlateau])
def test_auto_mode_maximizes_cosine_similarity(metric, callback):
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    m.compile('sgd', 'binary_crossentropy', metrics=[metric()])
    x = np.random.RandomState(0).rand(24, 3).astype('float32')
    y = (x.sum(1) > 1.5).astype('float32')[:, None]
    monitor = callback('val_cosine_similarity')
    m.fit(x, y, epochs=1, verbose=0, validation_split=0.25, callbacks=[monitor])
    assert monitor.monitor_op.__name__ == 'greater'     # (Keras's ops.greater; printed by TF)
