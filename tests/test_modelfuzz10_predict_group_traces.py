"""With compile(steps_per_execution=k > 1) Keras 3 traces predict's multi_step_on_data on the list of a group's
batches: TF 2.21 keys its traces by the group's length and each batch's shape (relaxed element-wise among
groups of one length), and its retracing detector counts those traces and one call per group, the shorter
last one included. Golden: TF 2.21's experimental_get_tracing_count() after each predict
(/work/notes/progs/modelfuzz10/p23.py) and its warnings (p27.py; modelfuzz9's t8.py, where tapeflow warned a
model later); tapeflow counted traces per batch shape."""
import logging
import re
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.training import step_retracing

X = np.random.RandomState(0).rand(40, 3).astype('float32')
D = tf.data.Dataset.from_tensor_slices


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    yield
    step_retracing.forget()
    keras.backend.clear_session()


def model(every):
    keras.utils.set_random_seed(2)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile('adam', 'mse', steps_per_execution=every)
    return m


CALLS = {'24/5': lambda m: m.predict(X[:24], batch_size=5, verbose=0),
         '20/5': lambda m: m.predict(X[:20], batch_size=5, verbose=0),
         '24/8': lambda m: m.predict(X[:24], batch_size=8, verbose=0),
         '40/8': lambda m: m.predict(X, batch_size=8, verbose=0),
         '7/8': lambda m: m.predict(X[:7], batch_size=8, verbose=0),
         '35/5': lambda m: m.predict(X[:35], batch_size=5, verbose=0),
         'ds25/5': lambda m: m.predict(D(X[:25]).batch(5), verbose=0),
         'filtered': lambda m: m.predict(D(X[:25]).filter(lambda a: True).batch(5), verbose=0)}


def group_traces(m):
    return sum(len(groups) for groups in m._traces._group_shapes.values())


@pytest.mark.parametrize('every, calls, counts', [
    (2, ['24/8', '40/8', '7/8'], [2, 2, 3]),
    (2, ['35/5', '24/5', '20/5'], [2, 3, 3]),
    (2, ['ds25/5', 'filtered', '24/5'], [2, 2, 3]),
    (2, ['7/8', '24/8'], [1, 3]),
    (3, ['20/5', '24/5'], [2, 3]),
    (3, ['24/5', '20/5'], [2, 3]),
    (3, ['24/8', '40/8', '7/8'], [1, 2, 3]),
])
def test_traces_per_group_length_and_shapes(every, calls, counts):
    m = model(every)
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for call in calls:
            CALLS[call](m)
            seen.append(group_traces(m))
    assert seen == counts


def test_the_warning_comes_at_tfs_call(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    x = np.random.RandomState(0).rand(12, 3).astype('float32')
    found = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for n in [12, 9, 8, 10]:
            m = model(2)
            ds = D(x[:n]).filter(lambda a: True).batch(2)
            m.predict(ds, verbose=0)
            m.predict(x[:n], batch_size=3, verbose=0)
            found.append([re.sub(r' to <function.*', '', r.getMessage(), flags=re.S)
                          for r in caplog.records if 'multi_step_on_data' in r.getMessage()])
            caplog.clear()
    # TF 2.21 (/work/notes/progs/modelfuzz10/p27.py): the second model's predict(x[:9], batch_size=3) warns
    # twice (its groups [3, 3] and [3] are the 5th and 6th traces); tapeflow, counting per batch shape, did not
    assert found == [[], ['5 out of the last 9 calls', '6 out of the last 10 calls'], [], []]
