"""predict_on_batch calls predict's own tf.function (Keras 3: ``self.predict_function([(x,)])``), so its
traces and calls count in TensorFlow's frequent-retracing detector for ``one_step_on_data_distributed``
together with predict's, as in a DQN loop that asks Q-values with predict_on_batch and predict (Hands-On
ML ch. 18). Golden: TF 2.21 probe /work/notes/progs/handson7/pob_retrace.py (tapeflow logged nothing)."""
import logging
import re

import numpy as np
import pytest

from framework import keras
from layers.training import step_retracing


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    keras.utils.set_random_seed(1)
    yield
    step_retracing.forget()
    keras.backend.clear_session()


@pytest.fixture
def warnings_logged(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    return lambda: [r.getMessage() for r in caplog.records
                    if r.name == 'tensorflow' and 'triggered tf.function retracing' in r.getMessage()]


def test_predict_on_batch_traces_count_with_predicts(warnings_logged):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    seen = []
    model.predict(np.ones((1, 4), 'float32'), verbose=0)
    model.predict(np.ones((40, 4), 'float32'), batch_size=16, verbose=0)
    for n in (1, 2, 3, 1):
        model.predict_on_batch(np.ones((n, 4), 'float32'))
    model.predict(np.ones((5, 4), 'float32'), verbose=0)
    seen.append([m[:31] for m in warnings_logged()])
    model.predict_on_batch(np.ones((1, 4)))       # float64: a trace of its own
    seen.append([m[:31] for m in warnings_logged()])
    model.predict_on_batch(np.ones((3, 4)))
    seen.append([m[:31] for m in warnings_logged()])
    model.predict(np.ones((5, 4)), verbose=0)
    seen.append([m[:31] for m in warnings_logged()])
    first, second = '5 out of the last 10 calls to <', '6 out of the last 11 calls to <'
    assert seen == [[], [first], [first, second], [first, second]]
    assert re.match(r'^5 out of the last 10 calls to <function TensorFlowTrainer\.make_predict_function\.<locals>\.'
                    r'one_step_on_data_distributed at 0x[0-9a-f]+> triggered', warnings_logged()[0])


def test_run_eagerly_predict_on_batch_counts_nothing(warnings_logged):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.compile(run_eagerly=True)
    for n in (1, 2, 3, 4, 5, 6, 7):
        model.predict_on_batch(np.ones((n, 4)) if n % 2 else np.ones((n, 4), 'float32'))
    assert warnings_logged() == []
    assert model.predict_on_batch(np.ones((2, 4), 'float32')).shape == (2, 2)
