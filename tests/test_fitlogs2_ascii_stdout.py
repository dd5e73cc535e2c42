"""Progress output on a stdout whose encoding lacks the bar's characters (fitlogs2).

Piped with PYTHONIOENCODING=ascii (or on a cp1252 console) Keras 3's io_utils.print_msg catches the
UnicodeEncodeError, writes Keras 2's '=' for '━' and drops what is still not encodable; tapeflow
raised UnicodeEncodeError from fit. Expected texts: TF 2.21, /work/notes/progs/fitlogs2/p41.py.
"""
import io
import re
import sys

import numpy as np

from framework import keras


def _ascii_stdout(monkeypatch):
    # set in the test's body: pytest's capture puts its own sys.stdout back when the call phase starts
    stream = io.TextIOWrapper(io.BytesIO(), encoding='ascii', newline='\n')
    monkeypatch.setattr(sys, 'stdout', stream)
    return stream


def _last_states(stream):
    stream.flush()
    text = stream.buffer.getvalue().decode('ascii')
    text = re.sub(r'\x1b\[1m\d+s\x1b\[0m \d+[mu]?s/step', 'T', text)
    return [line.replace('\x08', '').split('\r')[-1].rstrip() for line in text.split('\n') if line]


def test_the_bar_is_drawn_with_equals_signs(monkeypatch):
    ascii_stdout = _ascii_stdout(monkeypatch)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', 'mse', metrics=['mae'])
    x, y = np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32')
    model.fit(x, y, epochs=1, verbose=1)      # one epoch: Keras prints no 'Epoch 1/1'
    model.evaluate(x, y, verbose=1)
    assert _last_states(ascii_stdout) == [
        '\x1b[1m1/1\x1b[0m \x1b[32m====================\x1b[0m\x1b[37m\x1b[0m T - loss: 4.0000 - mae: 2.0000',
        '\x1b[1m1/1\x1b[0m \x1b[32m====================\x1b[0m\x1b[37m\x1b[0m T - loss: 3.5344 - mae: 1.8800']


def test_characters_the_encoding_lacks_are_dropped(monkeypatch):
    ascii_stdout = _ascii_stdout(monkeypatch)
    keras.utils.Progbar(1).update(1, values=[('\u00e9t\u00e9', 1.0)])
    assert _last_states(ascii_stdout) == [
        '\x1b[1m1/1\x1b[0m \x1b[32m====================\x1b[0m\x1b[37m\x1b[0m T - t: 1.0000']
