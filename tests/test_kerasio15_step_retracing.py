"""TensorFlow's frequent-retracing warning for Keras's train / test functions (layers/training/step_retracing.py).

Every compile makes new train and test ``tf.function``s from the one ``multi_step_on_iterator`` code
object, and TensorFlow keys its tracing detector by the code object: traces of several models'
functions add up, and the 5th trace among the recent calls logs "WARNING:tensorflow:5 out of the
last 15 calls to <function TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator at
0x...> triggered tf.function retracing..." (keras.io intro_to_keras_for_engineers and audio/stft on
TF 2.21; tapeflow logged nothing). A call whose trace raised, and run_eagerly steps, count nothing.

Goldens: TF 2.21 + Keras 3 probes /work/notes/progs/kerasio15/d14.py and d15.py (a, b): where the
warnings come and their counts.
"""
import logging
import re

import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.training import step_retracing

X, Y = np.ones((24, 3), 'float32'), np.zeros((24, 1), 'float32')
XV, YV = np.ones((8, 3), 'float32'), np.zeros((8, 1), 'float32')
NAME = r'<function TensorFlowTrainer\._make_function\.<locals>\.multi_step_on_iterator at 0x[0-9a-f]+>'


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    keras.utils.set_random_seed(1)
    yield
    step_retracing.forget()
    tf.random.set_seed(None)
    keras.backend.clear_session()


@pytest.fixture
def warnings_logged(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    return lambda: [r.getMessage() for r in caplog.records
                    if r.name == 'tensorflow' and 'triggered tf.function retracing' in r.getMessage()]


def _model(run_eagerly=False, loss='mse'):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', loss, run_eagerly=run_eagerly)
    return model


def _fit(model):
    model.fit(X, Y, batch_size=8, epochs=1, verbose=0)


def test_traces_of_several_models_add_up(warnings_logged):
    first, second = _model(), _model()
    first.fit(X, Y, batch_size=8, epochs=2, validation_data=(XV, YV), verbose=0)
    second.fit(X, Y, batch_size=8, epochs=2, validation_data=(XV, YV), verbose=0)
    first.evaluate(XV, YV, verbose=0)        # a batch of 8 in 32: a free batch, traced again
    assert warnings_logged() == []
    second.evaluate(XV, YV, verbose=0)
    messages = warnings_logged()
    assert len(messages) == 1
    assert re.match(r'^5 out of the last 15 calls to %s triggered tf\.function retracing\. Tracing is expensive '
                    r'and the excessive number of tracings could be due to \(1\) creating @tf\.function' % NAME,
                    messages[0])


def test_two_warnings_at_most():
    for _ in range(4):
        first = _model()
        first.fit(X, Y, batch_size=8, epochs=2, validation_data=(XV, YV), verbose=0)
        first.evaluate(XV, YV, verbose=0)
    # TF: the 2nd warning says '5 out of the last 11 calls' (d14.py); a detector warns twice at most
    assert step_retracing._FAMILIES['step'].detector.warnings == 2


def test_a_call_whose_trace_raised_is_not_counted(warnings_logged):
    def bad(y_true, y_pred):
        raise ValueError('no loss')
    for _ in range(4):
        _fit(_model())
    for _ in range(3):
        with pytest.raises(ValueError):
            _fit(_model(loss=bad))
    assert warnings_logged() == []
    _fit(_model())
    assert [m[:31] for m in warnings_logged()] == ['5 out of the last 13 calls to <']


def test_run_eagerly_steps_are_not_counted(warnings_logged):
    for _ in range(5):
        _fit(_model(run_eagerly=True))
    for _ in range(4):
        _fit(_model())
    assert warnings_logged() == []
    _fit(_model())
    assert [m[:31] for m in warnings_logged()] == ['5 out of the last 13 calls to <']


def test_predict_function_has_a_detector_of_its_own(warnings_logged):
    # predict traces on the first batch and again on a short last one (reduce_retracing); its function
    # (one_step_on_data_distributed) is another code object, so fit's calls do not count here.
    # TF 2.21 (d16.py): both warnings during the third model's first predict, then none.
    x = np.ones((40, 3), 'float32')
    _fit(_model())
    seen = []
    for _ in range(3):
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
        model.predict(x, verbose=0)
        model.predict(x, verbose=0)
        seen.append([m[:31] for m in warnings_logged()])
    assert seen == [[], [], ['5 out of the last 9 calls to <f', '6 out of the last 10 calls to <']]
    assert re.match(r'^5 out of the last 9 calls to <function TensorFlowTrainer\.make_predict_function\.<locals>\.'
                    r'one_step_on_data_distributed at 0x[0-9a-f]+> triggered', warnings_logged()[0])
