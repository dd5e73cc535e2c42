"""train_on_batch / test_on_batch call Keras 3's one-step function (``_make_function.<locals>.one_step_on_data``)
eagerly, and TensorFlow's frequent-retracing detector counts those calls for every model's train and test
functions together (their one code object); the calls fit's and evaluate's multi-step function makes
while it traces are not counted (TF counts eager calls only). Golden: TF 2.21,
/work/notes/progs/modelfuzz10/p10.py (tapeflow logged no warning for this function)."""
import logging
import re

import numpy as np
import pytest

from framework import keras
from layers.training import step_retracing

X = np.random.RandomState(0).rand(24, 3).astype('float32')
Y = np.random.RandomState(1).rand(24, 1).astype('float32')


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    yield
    step_retracing.forget()
    keras.backend.clear_session()


def model(optimizer='adam'):
    keras.utils.set_random_seed(2)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile(optimizer, 'mse')
    return m


def warnings_of(caplog):
    found = [re.sub(r' at 0x[0-9a-f]+> triggered.*', '', r.getMessage(), flags=re.S)
             for r in caplog.records if 'triggered tf.function retracing' in r.getMessage()]
    caplog.clear()
    return found


def test_on_batch_calls_of_fresh_models_warn_as_tf(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    one_step = '<function TensorFlowTrainer._make_function.<locals>.one_step_on_data'
    multi_step = '<function TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator'
    m = model()
    for n in [8, 5, 8, 3, 7, 2, 6, 1, 4, 9, 10, 11]:    # two traces (8, then 5 relaxed) in 12 calls
        m.train_on_batch(X[:n], Y[:n])
    assert warnings_of(caplog) == []
    seen = []
    for _ in range(6):
        m = model()
        m.fit(X, Y, batch_size=8, verbose=0)
        seen.append(('fit', warnings_of(caplog)))
        m.train_on_batch(X[:5], Y[:5])
        seen.append(('tob', warnings_of(caplog)))
    assert seen == [('fit', []), ('tob', []), ('fit', []), ('tob', []), ('fit', []), ('tob', []),
                    ('fit', []), ('tob', ['5 out of the last 15 calls to ' + one_step]),
                    ('fit', ['5 out of the last 13 calls to ' + multi_step]),
                    ('tob', ['6 out of the last 16 calls to ' + one_step]),
                    ('fit', ['5 out of the last 13 calls to ' + multi_step]), ('tob', [])]


def test_test_on_batch_counts_with_train_on_batch(caplog):
    # TF 2.21 (p11.py): test_on_batch on 8, 5, 3 rows traces twice (8, then 5 relaxed), train_on_batch
    # likewise; a fresh model's float64 train_on_batch then is the 5th traced call of 7, float32 the 6th of 8
    caplog.set_level(logging.WARNING, logger='tensorflow')
    m = model()
    for n in [8, 5, 3]:
        m.test_on_batch(X[:n], Y[:n])
    for n in [8, 5, 3]:
        m.train_on_batch(X[:n], Y[:n])
    assert warnings_of(caplog) == []
    m = model()
    m.train_on_batch(X[:4].astype('float64'), Y[:4])
    assert [w.split(' calls')[0] for w in warnings_of(caplog)] == ['5 out of the last 7']
    m.train_on_batch(X[:4], Y[:4])
    assert [w.split(' calls')[0] for w in warnings_of(caplog)] == ['6 out of the last 8']
