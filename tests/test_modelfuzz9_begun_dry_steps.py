"""The step Keras begins and finds no batch: input of no batches, and steps_per_execution > 1 on input
of unknown length, call on_*_batch_begin once more, as TF 2.21 does.

Printed by TF 2.21 (/work/notes/progs/modelfuzz9/p17.py, t6.py, t7.py, t8.py): a callback printing each
batch hook, `m.fit(x[:0], y[:0])` -> on_train_batch_begin 0 (then the ran-out warning, no batch end);
`m.evaluate(x[:0], y[:0])` -> on_test_batch_begin 0; a filtered dataset of 6 batches with
compile(steps_per_execution=2): fit begins 0, 2, 4, 6 and ends 1, 3, 5; of 5 batches: begins 0, 2, 4,
ends 1, 3, 5, then begins 6; predict: begins 0, 2, 4, 6 likewise.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


class Hooks(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_batch_begin(self, batch, logs=None):
        self.seen.append(('b', batch))

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(('e', batch))

    on_test_batch_begin = on_predict_batch_begin = on_train_batch_begin
    on_test_batch_end = on_predict_batch_end = on_train_batch_end


def _model(every=1):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse', steps_per_execution=every)
    return m


X = np.random.RandomState(0).rand(12, 3).astype('float32')
Y = X.sum(1, keepdims=True)


@pytest.mark.parametrize('every', [1, 2])
def test_no_samples_begin_one_step(every):
    m = _model(every)
    for run in (lambda cb: m.fit(X[:0], Y[:0], epochs=1, verbose=0, callbacks=[cb]),
                lambda cb: m.evaluate(X[:0], Y[:0], verbose=0, callbacks=[cb]),
                lambda cb: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(3).take(0), epochs=1,
                                 verbose=0, callbacks=[cb])):
        cb = Hooks()
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')     # (the ran-out warning, as TF's)
            run(cb)
        assert cb.seen == [('b', 0)]


@pytest.mark.parametrize('n, every, expected', [
    (12, 2, [('b', 0), ('e', 1), ('b', 2), ('e', 3), ('b', 4), ('e', 5), ('b', 6)]),
    (9, 2, [('b', 0), ('e', 1), ('b', 2), ('e', 3), ('b', 4), ('e', 5), ('b', 6)]),
    (10, 3, [('b', 0), ('e', 2), ('b', 3), ('e', 5), ('b', 6)]),
    (12, 3, [('b', 0), ('e', 2), ('b', 3), ('e', 5), ('b', 6)]),
])
def test_groups_of_unknown_length_begin_one_more(n, every, expected):
    m = _model(every)
    ds = tf.data.Dataset.from_tensor_slices((X[:n], Y[:n])).filter(lambda a, b: True).batch(2)
    for run in (lambda cb: m.fit(ds, epochs=1, verbose=0, callbacks=[cb]),
                lambda cb: m.evaluate(ds, verbose=0, callbacks=[cb]),
                lambda cb: m.predict(ds.map(lambda a, b: a), verbose=0, callbacks=[cb])):
        cb = Hooks()
        run(cb)
        assert cb.seen == expected


def test_groups_of_known_length_begin_no_more():
    m = _model(2)
    cb = Hooks()
    m.fit(tf.data.Dataset.from_tensor_slices((X[:10], Y[:10])).batch(2), epochs=1, verbose=0, callbacks=[cb])
    assert cb.seen == [('b', 0), ('e', 1), ('b', 2), ('e', 3), ('b', 4), ('e', 5)]
