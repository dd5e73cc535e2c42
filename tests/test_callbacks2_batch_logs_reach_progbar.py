"""What a callback writes into batch logs reaches the progress bar, as in Keras 3.15.

Keras hands every callback of a batch hook one dict, and its ProgbarLogger comes last: a key that a
callback adds in on_train_batch_end / on_test_batch_end (logs['seen'] = ...) shows in the bar, and the
final bar keeps it with its last value although the epoch's logs lack it. The verbose=2 line shows only
the epoch's logs. tapeflow gave the bar its own view of the metrics, so the key never showed.
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/t1.py.
"""
import re

import numpy as np

from framework import keras


def data():
    x = np.linspace(0, 1, 40, dtype='float32').reshape(10, 4)
    return x, (x.sum(1) > 2).astype('float32')


def model():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation='sigmoid', kernel_initializer='ones')])
    m.compile(keras.optimizers.SGD(0.1), 'binary_crossentropy', metrics=['accuracy'])
    return m


class AddBatchLog(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        logs['seen'] = batch * 2

    def on_test_batch_end(self, batch, logs=None):
        logs['tested'] = batch + 0.5


class Reader(keras.callbacks.Callback):
    """Comes after AddBatchLog: sees its key, as every later callback does in Keras."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(sorted(logs.items()))


def shown_logs(text):
    """Each output line's last state, without styles, from its first ' - ' after the timing on."""
    lines = [re.sub(r'\x1b\[[0-9;]*m', '', line.split('\r')[-1]).strip() for line in text.split('\n')]
    return [line.split('/step', 1)[1] for line in lines if '/step' in line]


def test_a_key_added_in_on_train_batch_end_shows_in_the_bar(capsys):
    x, y = data()
    reader = Reader()
    model().fit(x, y, epochs=1, batch_size=4, shuffle=False, verbose=1, callbacks=[AddBatchLog(), reader])
    assert shown_logs(capsys.readouterr().out)[-1] == ' - accuracy: 0.5000 - loss: 0.6867 - seen: 4.0000'
    assert reader.seen == [[('accuracy', 0.0), ('loss', 1.1725401878356934), ('seen', 0)],
                           [('accuracy', 0.375), ('loss', 0.850644588470459), ('seen', 2)],
                           [('accuracy', 0.5), ('loss', 0.6866682767868042), ('seen', 4)]]


def test_the_verbose_2_line_shows_the_epoch_logs_only(capsys):
    x, y = data()
    model().fit(x, y, epochs=1, batch_size=4, shuffle=False, verbose=2, callbacks=[AddBatchLog(), Reader()])
    assert shown_logs(capsys.readouterr().out) == [' - accuracy: 0.5000 - loss: 0.6867']


def test_a_key_added_in_on_test_batch_end_shows_in_evaluate_bar(capsys):
    x, y = data()
    model().evaluate(x, y, batch_size=4, verbose=1, callbacks=[AddBatchLog()])
    assert shown_logs(capsys.readouterr().out)[-1] == ' - accuracy: 0.5000 - loss: 0.6914 - tested: 2.5000'


def test_a_progbar_listed_before_the_callback_does_not_see_its_key(capsys):
    x, y = data()
    model().fit(x, y, epochs=1, batch_size=4, shuffle=False, verbose=1,
                callbacks=[keras.callbacks.ProgbarLogger(), AddBatchLog()])
    assert shown_logs(capsys.readouterr().out)[-1] == ' - accuracy: 0.5000 - loss: 0.6867'
