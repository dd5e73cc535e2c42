"""With compile(steps_per_execution > 1), Keras 3 makes predict's tf.function of another code object,
``multi_step_on_data``, so TensorFlow's frequent-retracing detector counts its traces apart from those of
``one_step_on_data_distributed`` (steps_per_execution=1). Golden: TF 2.21, /work/notes/progs/modelfuzz9/t9.py
(tapeflow named one_step_on_data_distributed for both and counted them together)."""
import logging
import re

import numpy as np
import pytest

from framework import keras
from layers.training import step_retracing


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    yield
    step_retracing.forget()
    keras.backend.clear_session()


def test_multi_step_predict_has_its_own_detector(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    seen = []
    for every in (1, 2, 1, 2, 2):
        keras.utils.set_random_seed(1)
        m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
        m.compile('sgd', 'mse', steps_per_execution=every)
        m.predict(np.ones((4, 3), 'float32'), batch_size=2, verbose=0)
        m.predict_on_batch(np.ones((5, 3)))
        m.predict_on_batch(np.ones((5, 3), 'float32'))
        seen.append([re.sub(r' at 0x[0-9a-f]+> triggered.*', '', r.getMessage(), flags=re.S)
                     for r in caplog.records if 'triggered tf.function retracing' in r.getMessage()])
        caplog.clear()
    name = '<function TensorFlowTrainer.make_predict_function.<locals>.'
    assert seen == [[], [],
                    ['5 out of the last 7 calls to ' + name + 'one_step_on_data_distributed',
                     '6 out of the last 8 calls to ' + name + 'one_step_on_data_distributed'],
                    ['5 out of the last 5 calls to ' + name + 'multi_step_on_data',
                     '6 out of the last 6 calls to ' + name + 'multi_step_on_data'],
                    []]
