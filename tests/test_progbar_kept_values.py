"""keras.utils.Progbar keeps every value given, drawn or not, and fails on text when it draws, as Keras 3.15.

Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/fithist/p18_progbar.py. Keras accumulates each
averaged value at every update and computes the average when it draws; tapeflow kept only the values of
the updates that redrew (one per 0.05 s), so three quick add() calls then a final update showed the first
value (0.0000e+00) where TF shows the average over all steps (1.0000). A string value makes Keras's
np.mean fail with numpy's TypeError when the bar is drawn.
"""
import re

import numpy as np
import pytest

from framework import keras


def final_line(capsys):
    text = capsys.readouterr().out
    return re.sub(r'\x1b\[[0-9;]*m', '', text.split('\r')[-1]).strip()


def test_values_of_updates_that_did_not_redraw_count_in_the_average(capsys):
    bar = keras.utils.Progbar(None, width=10)
    for i in range(3):
        bar.add(2, values=[('l', float(i))])
    bar.update(6, finalize=True)
    line = final_line(capsys)
    assert line.startswith('6/Unknown')
    assert line.endswith('- l: 1.0000')


def test_a_stateful_value_shows_its_last_value(capsys):
    bar = keras.utils.Progbar(5, verbose=2, stateful_metrics=['acc'])
    for i in range(5):
        bar.update(i + 1, values=[('loss', 0.5 / (i + 1)), ('acc', 0.1 * i), ('tiny', 1e-5)])
    assert final_line(capsys).endswith('- loss: 0.1000 - acc: 0.4000 - tiny: 1.0000e-05')


def test_a_string_value_fails_when_the_bar_draws():
    bar = keras.utils.Progbar(3, interval=0)
    bar.update(1, values=[('t', 2.5)])
    with pytest.raises(TypeError, match=re.escape('the resolved dtypes are not compatible with add.reduce')):
        bar.update(3, values=[('t', np.float32(1.5)), ('s', 'text')])


def test_a_string_value_is_kept_silently_when_nothing_draws(capsys):
    keras.utils.Progbar(3, verbose=0).update(3, values=[('s', 'text')])
    keras.utils.Progbar(3, verbose=2).update(1, values=[('s', 'text')])     # verbose=2 draws at the end only
    assert capsys.readouterr().out == ''
