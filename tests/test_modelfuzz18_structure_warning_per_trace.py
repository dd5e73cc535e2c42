"""A functional model given inputs nested otherwise than its Inputs (a dict with an extra key) warns 'The
structure of `inputs` doesn't match the expected structure.' as often as TF 2.21 runs the call's Python: a
fit's (or train_on_batch's) first step traces twice, since it makes the optimizer's variables, so an 'always'
filter shows the text twice there; evaluate / predict trace once; run_eagerly warns every step. tapeflow
warned once per trace. Counts: TF 2.21, /work/notes/progs/modelfuzz18/p3.py (10 rows, batches of 5)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

_RNG = np.random.RandomState(0)
X, XB, Y = _RNG.randn(10, 3).astype('float32'), _RNG.randn(10, 2).astype('float32'), _RNG.randn(10, 1).astype('float32')
EXTRA = {'a': X, 'b': XB, 'c': X}
TEXT = ("The structure of `inputs` doesn't match the expected structure.\nExpected: {'a': 'a', 'b': 'b'}\n"
        "Received: inputs={'a': 'Tensor(shape=(%s, 3))', 'b': 'Tensor(shape=(%s, 2))', 'c': 'Tensor(shape=(%s, 3))'}")


def model(**compile_kwargs):
    keras.utils.set_random_seed(1)
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    h = keras.layers.Concatenate()([keras.layers.Dense(4, activation='relu')(a), b])
    m = keras.Model({'a': a, 'b': b}, keras.layers.Dense(1)(h))
    m.compile('adam', 'mse', **compile_kwargs)
    return m


def warned(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        call()
    return [str(w.message) for w in caught if 'structure of `inputs`' in str(w.message)]


@pytest.mark.parametrize('name, call, count, batch', [
    ('fit', lambda: model().fit(EXTRA, Y, epochs=2, batch_size=5, verbose=0), 2, 5),
    ('fit steps_per_execution', lambda: model(steps_per_execution=2).fit(EXTRA, Y, batch_size=5, verbose=0), 2, 5),
    ('fit run_eagerly', lambda: model(run_eagerly=True).fit(EXTRA, Y, batch_size=5, verbose=0), 2, 5),
    ('fit dataset', lambda: model().fit(tf.data.Dataset.from_tensor_slices((EXTRA, Y)).batch(5), verbose=0), 2, None),
    ('train_on_batch', lambda: model().train_on_batch(EXTRA, Y), 2, 10),
    ('evaluate', lambda: model().evaluate(EXTRA, Y, verbose=0), 1, None),
    ('predict', lambda: model().predict(EXTRA, verbose=0), 1, 10),
    ('predict_on_batch', lambda: model().predict_on_batch(EXTRA), 1, 10),
])
def test_the_warning_comes_per_run_of_the_python(name, call, count, batch):
    assert warned(call) == [TEXT % ((batch,) * 3)] * count


def test_validation_adds_its_trace():
    texts = warned(lambda: model().fit(EXTRA, Y, validation_data=(EXTRA, Y), verbose=0))
    assert texts == [TEXT % ((None,) * 3)] * 3


def test_a_second_fit_traces_once_more():
    m = model()
    m.fit(EXTRA, Y, batch_size=5, verbose=0)
    assert warned(lambda: m.fit(EXTRA, Y, batch_size=5, verbose=0)) == []      # (its traces are kept)
    assert len(warned(lambda: m.evaluate(EXTRA, Y, batch_size=5, verbose=0))) == 1


def sequential():
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile('adam', 'mse')
    return m


SEQUENTIAL_TEXT = ("The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n"
                   "Received: inputs=%s")


# TF 2.21 (/work/notes/progs/modelfuzz18/p4.py): a Sequential's Functional warns for a list or tuple as
# often as the step's Python runs: twice in a first fit / train_on_batch (the trace that makes the
# optimizer's variables runs again), once in predict; fit's and predict's data adapters give the list as a tuple
@pytest.mark.parametrize('call, count, received', [
    (lambda m: m.fit([X], Y, epochs=2, batch_size=5, verbose=0), 2, "('Tensor(shape=(5, 3))',)"),
    (lambda m: m.train_on_batch((X,), Y), 2, "('Tensor(shape=(10, 3))',)"),
    (lambda m: m.predict([X], verbose=0), 1, "('Tensor(shape=(10, 3))',)"),
    (lambda m: m.fit({'keras_tensor_%d' % int(m.inputs[0].name.rsplit('_', 1)[1]): X}, Y, batch_size=5, verbose=0),
     2, "['Tensor(shape=(5, 3))']"),
])
def test_a_sequential_warns_per_run_of_the_python(call, count, received):
    m = sequential()
    texts = warned(lambda: call(m))
    assert texts == [SEQUENTIAL_TEXT % (m.inputs[0].name, received)] * count
