"""A tf.py_function / numpy_function in Dataset.map runs its Python once per element read, as in TF 2.21.

TF traces the map function for the dataset's element_spec and never runs the Python there. tapeflow reads
the spec by mapping the first element, and that call now counts as the first element's (the next read of
that element takes its result): before, fit and evaluate ran the Python once more than TF (11 calls for a
2-epoch fit over 5 batches, 6 for evaluate) and a counter kept in the Python was one ahead.
"""
import numpy as np

import framework as tf
from framework import keras

X = np.arange(20, dtype='float32').reshape(10, 2) / 10
Y = np.arange(10, dtype='float32').reshape(10, 1) / 10


def counted_dataset(calls, batch):
    def count(a):
        calls.append(1)
        return a
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(batch)
    ds = ds.map(lambda a, b: (tf.py_function(count, [a], tf.float32), b))
    return ds.map(lambda a, b: (tf.ensure_shape(a, [None, 2]), b))


def model():
    net = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='counted_dense')])
    net.compile('sgd', 'mse')
    return net


def test_fit_and_evaluate_call_the_python_once_per_batch():
    calls = []
    model().fit(counted_dataset(calls, 2), epochs=2, verbose=0)
    assert len(calls) == 10             # TF 2.21: 10
    calls.clear()
    model().evaluate(counted_dataset(calls, 2), verbose=0)
    assert len(calls) == 5              # TF 2.21: 5


def test_a_counter_in_the_python_starts_at_the_first_element(capsys):
    calls = []

    def scaled(a):
        calls.append(1)
        print('py call', len(calls))
        return a * len(calls)
    ds = tf.data.Dataset.from_tensor_slices(X).batch(5).map(lambda a: tf.py_function(scaled, [a], tf.float32))
    assert ds.element_spec.dtype == tf.float32
    # TF 2.21: [4.5, 29.0] then [13.5, 58.0] (calls 1 and 2, then 3 and 4), four calls in all
    assert [float(tf.reduce_sum(a)) for a in ds] == [4.5, 29.0]
    assert [float(tf.reduce_sum(a)) for a in ds] == [13.5, 58.0]
    assert len(calls) == 4
    assert capsys.readouterr().out.split('\n')[:4] == ['py call 1', 'py call 2', 'py call 3', 'py call 4']


def test_an_inline_numpy_function_runs_once_per_element():
    calls = []
    ds = tf.data.Dataset.from_tensor_slices(X).map(
        lambda a: tf.numpy_function(lambda v: (calls.append(1), v * 2)[1], [a], tf.float32))
    assert ds.element_spec.dtype == tf.float32
    assert len(list(ds)) == 10
    assert len(calls) == 10             # TF 2.21: 10


def test_a_shuffled_dataset_keeps_its_order_and_count():
    calls = []
    ds = tf.data.Dataset.range(6).shuffle(6, seed=3).map(
        lambda v: tf.py_function(lambda x: (calls.append(1), x * 10)[1], [v], tf.int64))
    spec = ds.element_spec
    first = [int(v) for v in ds]
    assert spec.dtype == tf.int64 and len(calls) == 6
    assert sorted(first) == [0, 10, 20, 30, 40, 50]
    plain = [int(v) * 10 for v in tf.data.Dataset.range(6).shuffle(6, seed=3)]
    assert first == plain
