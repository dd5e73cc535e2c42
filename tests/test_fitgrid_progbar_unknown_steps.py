"""fit on data of unknown length with verbose=1: later epochs show a bar of the steps the first one counted.

Golden behaviour: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) fitting Dense(1) for 3 epochs on a filtered
(unknown cardinality) dataset of 4 batches with a ProgbarLogger: epoch 1 updates read '1/Unknown', and
Keras's ProgbarLogger keeps the count it finalised with (its ``target`` is 4 afterwards), so epochs 2 and 3
start with '1/4' and a quarter bar; evaluate / predict start afresh with 'Unknown'.
"""
import re
import warnings

import numpy as np

import framework as tf
from framework import keras

BAR_1_OF_4 = '\x1b[1m1/4\x1b[0m \x1b[32m━━━━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━\x1b[0m'
BAR_4_OF_4 = '\x1b[1m4/4\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m'


def _updates(text):
    """Each epoch's (or pass's) displayed updates: the pieces between carriage returns, without backspaces."""
    passes = [p for p in re.split(r'Epoch \d/\d\n|\n', text) if p]
    return [[u.replace('\b', '').rstrip() for u in p.split('\r') if u.strip()] for p in passes]


def test_unknown_step_count_is_learnt_by_the_first_epoch(capsys):
    x = np.random.RandomState(0).normal(size=(30, 4)).astype('float32')
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    ds = tf.data.Dataset.from_tensor_slices((x, x[:, :1] * 2)).filter(lambda a, b: b[0] > -100.0).batch(8)
    progbar = keras.callbacks.ProgbarLogger()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')      # 'Your input ran out of data' at each pass's end, as in TF
        model.fit(ds, epochs=3, verbose=1, callbacks=[progbar])
        capsys.readouterr()
        model.fit(ds, epochs=3, verbose=1, callbacks=[progbar])
        fit_out = capsys.readouterr().out
        model.evaluate(ds, verbose=1)
        evaluate_out = capsys.readouterr().out
    assert progbar.target == 4
    epochs = _updates(fit_out)
    assert len(epochs) == 3
    assert epochs[0][0].startswith('      1/Unknown ')      # set_params forgets the count a new fit starts with
    for updates in epochs[1:]:
        assert updates[0].startswith(BAR_1_OF_4 + ' ')
    for updates in epochs:
        assert updates[-1].startswith(BAR_4_OF_4 + ' ')
    assert _updates(evaluate_out)[0][0].startswith('      1/Unknown ')
