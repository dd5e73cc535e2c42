"""predict over an array of 0 rows runs its callbacks before it fails, as Keras 3 does (fitlogs2).

TF 2.21 (/work/notes/progs/fitlogs2/p45.py): the epoch iterator warns that the input ran out of data,
the bar's on_predict_end prints '0/Unknown' (verbose=1), then Keras fails on its own unset local with
UnboundLocalError. tapeflow raised before any callback ran, printing nothing.
"""
import re

import numpy as np
import pytest

from framework import keras


def _model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


def test_verbose_1_prints_the_unknown_bar_before_the_error(capsys):
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        with pytest.raises(UnboundLocalError, match="cannot access local variable 'batch_outputs'"):
            _model().predict(np.ones((0, 3), 'float32'), verbose=1)
    out = re.sub(r'\x1b\[1m\d+s\x1b\[0m \d+[mu]?s/step', 'T', capsys.readouterr().out)
    assert out == '\r      0/Unknown T\n'


def test_callbacks_see_begin_and_end(capsys):
    seen = []
    hooks = keras.callbacks.LambdaCallback(on_predict_begin=lambda logs: seen.append('begin'),
                                           on_predict_end=lambda logs: seen.append('end'))
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        with pytest.raises(UnboundLocalError):
            _model().predict(np.ones((0, 3), 'float32'), verbose=2, callbacks=[hooks])
    assert seen == ['begin', 'end'] and capsys.readouterr().out == ''
