"""A single row's LayerNormalization in a trace on a None batch sums as several rows' do.

Grappler's AddOpsRewrite groups Keras's ``x * inv + (-mean * inv + beta)`` by the shapes the graph knows.
A trace on fixed shapes sees a (1, 4) batch as (4,), like beta, and keeps Keras's order; a trace on a None
batch (a None-shaped signature, a fit step, a train_on_batch that Keras retraced on other shapes) sees
(?, 4) whatever the rows, and adds ``x * inv + (-mean * inv)`` first there too. tapeflow grouped by the
rows it was given, so a last batch of one row (fit's 16 rows in fives) or a one-row train_on_batch
after others differed in the last bits (notes progs/modelfuzz25 seed 12; red/ln2.py, gold_ln.py,
gold_tob.py). Values: TensorFlow 2.21 on this AMD EPYC (its rsqrt estimate).
"""
import numpy as np

import framework as tf
from conftest import hexes_as_tf
from framework import keras

ROWS = np.array([[1.7, -2.3, 0.4, 3.1], [-0.6, 2.9, -1.8, 0.25], [4.2, 1.1, -3.3, -0.7]], 'float32')
NONE_BATCH = [['0x1.612a9c0000000p-2', '0x1.9976380000000p+0', '0x1.7e71de0000000p-2', '-0x1.a446c00000000p-3'],
              ['-0x1.0606340000000p-3', '-0x1.21a4680000000p+1', '-0x1.99e3400000000p+0', '-0x1.12a73a0000000p+0'],
              ['0x1.9e92140000000p-1', '-0x1.4f490c0000000p-1', '-0x1.f4a7940000000p+0', '-0x1.61b0240000000p+0']]
FIXED_BATCH = [['0x1.612a9c0000000p-2', '0x1.9976380000000p+0', '0x1.7e71de0000000p-2', '-0x1.a446c00000000p-3'],
               ['-0x1.0606360000000p-3', '-0x1.21a4680000000p+1', '-0x1.99e3400000000p+0', '-0x1.12a7380000000p+0'],
               ['0x1.9e92120000000p-1', '-0x1.4f490c0000000p-1', '-0x1.f4a7960000000p+0', '-0x1.61b0240000000p+0']]


def _hexes(values):
    return [float(v).hex() for v in np.ravel(values)]


def _layer_norm():
    layer = keras.layers.LayerNormalization()
    layer.build((None, 4))
    layer.gamma.assign([0.5, -1.25, 2.0, 0.75])
    layer.beta.assign([0.1, -0.3, 0.7, -1.1])
    return layer


def test_a_single_row_through_a_none_batch_signature_sums_as_several_rows():
    layer = _layer_norm()
    none = tf.function(lambda x: layer(x), input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    fixed = tf.function(lambda x: layer(x))
    for row, none_hexes, fixed_hexes in zip(ROWS, NONE_BATCH, FIXED_BATCH):
        assert hexes_as_tf(_hexes(none(row[None])), none_hexes)
        assert hexes_as_tf(_hexes(fixed(row[None])), fixed_hexes)
    # several rows: each row's values are the single row's of the None-batch trace
    assert hexes_as_tf(_hexes(none(ROWS)), sum(NONE_BATCH, []))


def test_a_one_row_train_on_batch_after_others_runs_on_the_relaxed_trace():
    # Keras retraces its train function on (None, 4) for the second shape (reduce_retracing)
    rng = np.random.default_rng(5)
    x = rng.normal(size=(12, 4)).astype('float32') * 2
    y = rng.normal(size=(12, 1)).astype('float32')
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='relu', kernel_initializer='ones'),
                              keras.layers.LayerNormalization(), keras.layers.Dense(1, kernel_initializer='ones')])
    model.layers[1].gamma.assign([1.5, -0.5, 0.8])
    model.layers[1].beta.assign([0.2, -0.1, 0.3])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    model.train_on_batch(x[:3], y[:3])
    loss = model.train_on_batch(x[3:4], y[3:4])
    assert hexes_as_tf(_hexes(loss), ['0x1.80eec20000000p+3'])
    assert hexes_as_tf(_hexes(model.layers[2].kernel.numpy()),
                       ['-0x1.25def20000000p-1', '0x1.9ea4620000000p-1', '0x1.1cc7500000000p+0'])
    assert hexes_as_tf(_hexes(model.predict_on_batch(x[3:4])), ['-0x1.78c0d00000000p+1'])
