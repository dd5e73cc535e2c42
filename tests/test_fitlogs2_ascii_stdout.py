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


ASCII_SUMMARY = '''Model: "small"
+--------------------------------------------------------------------------+
| Layer (type)                    | Output Shape           |       Param # |
|---------------------------------+------------------------+---------------|
| dense (Dense)                   | (None, 3)              |             9 |
|---------------------------------+------------------------+---------------|
| dense_1 (Dense)                 | (None, 1)              |             4 |
+--------------------------------------------------------------------------+
 Total params: 13 (52.00 B)
 Trainable params: 13 (52.00 B)
 Non-trainable params: 0 (0.00 B)
'''


def test_summary_draws_rich_ascii_box(monkeypatch):
    # rich substitutes box.ASCII for Keras's HEAVY_HEAD where sys.stdout's encoding is not utf (p42.py, cp1252)
    monkeypatch.setenv('COLUMNS', '80')      # as piped on TF: rich's default width
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3), keras.layers.Dense(1)], name='small')
    stream = _ascii_stdout(monkeypatch)
    model.summary()
    stream.flush()
    assert stream.buffer.getvalue().decode('ascii') == ASCII_SUMMARY
    captured = []
    model.summary(print_fn=captured.append)      # a print_fn gets the same box: rich's console still reads stdout's encoding
    assert captured == [ASCII_SUMMARY]
