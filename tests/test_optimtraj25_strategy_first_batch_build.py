"""A Sequential without Input fit / evaluated on a Dataset under a distribution strategy is built on the first
batch's shapes, as Keras 3's _maybe_symbolic_build on TF 2.21 reads that batch with next() before the callbacks:
batch(4) of 10 rows builds it for (4, 2), which its InputLayer's batch_shape and build_input_shape keep (and a
saved file). tapeflow built it for the element spec's (None, 2), as Keras does without a strategy (kept below).
The iterator Keras reads that batch from spends the seeds of a reshuffling shuffle once, as before.
Goldens: TF 2.21 printed them (notes/progs/optimtraj25/p9_seqshape.py, p7_whichbatch.py, p6_dsshuf.py).
"""
import contextlib

import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(20, dtype='float32').reshape(10, 2) / 10
Y = np.arange(10, dtype='float32').reshape(10, 1) / 10


def _model(strategy):
    with strategy.scope() if strategy is not None else contextlib.nullcontext():
        model = keras.Sequential([keras.layers.Dense(3, name='d1'), keras.layers.Dense(1, name='d2')])
        model.compile(keras.optimizers.Adam(0.1), 'mse')
    return model


def _input_layer_shapes(model):
    config = model.get_config()
    return ([layer['config'].get('batch_shape') for layer in config['layers'] if layer['class_name'] == 'InputLayer'],
            config.get('build_input_shape'))


@pytest.mark.parametrize('pipeline, rows', [
    (lambda ds: ds.batch(4), 4),                                        # TF 2.21: (4, 2)
    (lambda ds: ds.batch(3).map(lambda a, b: (a * 2, b)), 3),           # TF 2.21: (3, 2)
    (lambda ds: ds.filter(lambda a, b: a[0] > 0.3).batch(3), 3),        # TF 2.21: (3, 2)
])
@pytest.mark.parametrize('call', ['fit', 'evaluate'])
def test_built_on_the_first_batch_under_a_strategy(pipeline, rows, call):
    keras.utils.set_random_seed(1)
    model = _model(tf.distribute.MirroredStrategy())
    data = pipeline(tf.data.Dataset.from_tensor_slices((X, Y)))
    if call == 'fit':
        model.fit(data, epochs=1, verbose=0)
    else:
        model.evaluate(data, verbose=0)
    assert tuple(model.layers[0].input.shape) == (rows, 2)
    assert tuple(model.outputs[0].shape) == (rows, 1)
    assert _input_layer_shapes(model) == ([(rows, 2)], (rows, 2))


def test_drop_remainder_spec_is_the_first_batch():
    model = _model(tf.distribute.MirroredStrategy())
    model.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4, drop_remainder=True), epochs=1, verbose=0)
    assert _input_layer_shapes(model) == ([(4, 2)], (4, 2))       # TF 2.21


def test_without_a_strategy_the_element_spec_builds_it():
    model = _model(None)
    model.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4), epochs=1, verbose=0)
    assert _input_layer_shapes(model) == ([(None, 2)], (None, 2))     # TF 2.21


def _batches_seen(strategy, with_input):
    # loss = mean |y| of a zero model with lr 0: the batch's rows, read from y = 2 ** row
    keras.utils.set_random_seed(1)
    x = np.arange(16, dtype='float32').reshape(8, 2)
    y = (2.0 ** np.arange(8, dtype='float32')).reshape(8, 1)
    with strategy.scope():
        layers = [keras.Input((2,))] if with_input else []
        model = keras.Sequential(layers + [keras.layers.Dense(1, kernel_initializer='zeros')])
        model.compile(keras.optimizers.SGD(0.0), 'mae')
    means = []

    class Record(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            means.append((batch, logs['loss']))

    model.fit(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(8).batch(2), epochs=2, verbose=0,
              callbacks=[Record()])
    seen = []
    for k, (batch, mean) in enumerate(means):
        total = mean * (batch + 1) - (means[k - 1][1] * batch if batch else 0)
        bits = int(round(total * 2))
        seen.append([row for row in range(8) if bits >> row & 1])
    return seen


@pytest.mark.parametrize('with_input', [False, True])
def test_reshuffled_order_under_a_strategy(with_input):
    # TF 2.21 (with or without Input: reading the first batch spends that iteration's seeds once)
    assert _batches_seen(tf.distribute.MirroredStrategy(), with_input) == [
        [0, 4], [1, 3], [2, 6], [5, 7], [5, 7], [3, 6], [0, 4], [1, 2]]
