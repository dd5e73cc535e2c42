"""With interactive logging off, fit's lines and callbacks' messages go to the 'absl' logger (fitlogs2).

Keras 3's io_utils.print_msg calls ``absl.logging.info``: the records carry the logger name 'absl'
(TF 2.21, /work/notes/progs/fitlogs2/p23.py with a '%(name)s|%(levelname)s|%(message)s' format:
'absl|INFO|Epoch 1/2'; tapeflow logged on 'keras'). absl's log() also calls logging.basicConfig()
while the root logger has no handler, so after such a fit a library's warning reaches stderr
(p33.py: 'WARNING:mylib:after fit').
"""
import logging

import numpy as np
import pytest

from framework import keras


@pytest.fixture
def logging_off():
    keras.config.disable_interactive_logging()
    yield
    keras.config.enable_interactive_logging()


def _model():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def test_fit_lines_and_callback_messages_are_logged_on_absl(logging_off, capsys, caplog):
    x, y = np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32')
    stop = keras.callbacks.EarlyStopping(monitor='loss', patience=0, min_delta=100, verbose=1)
    with caplog.at_level(logging.INFO, logger='absl'):
        _model().fit(x, y, epochs=3, verbose=2, callbacks=[stop])
    assert capsys.readouterr().out == ''
    records = [(r.name, r.levelname, r.getMessage()) for r in caplog.records]
    assert records[0] == ('absl', 'INFO', 'Epoch 1/3')
    assert records[-1] == ('absl', 'INFO', 'Epoch 2: early stopping')
    assert {name for name, _, _ in records} == {'absl'}


def test_the_first_logged_line_leaves_a_root_handler_as_absl_does(logging_off):
    saved = logging.root.handlers[:]
    logging.root.handlers[:] = []
    try:
        _model().evaluate(np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32'), verbose=2)
        added = logging.root.handlers[:]
    finally:
        for handler in logging.root.handlers:
            if handler not in saved:
                handler.close()
        logging.root.handlers[:] = saved
    # logging.basicConfig(): one stderr StreamHandler (root stays at WARNING, so the line itself is dropped)
    assert [type(h).__name__ for h in added] == ['StreamHandler']
