"""keras.losses.tversky in a traced step: grappler pushes the 1e-7 down the chain of scalar Adds.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics9/g6.py):

    f = lambda a, b: keras.losses.tversky(a, b, alpha=.2, beta=.8)
    rng = np.random.RandomState(11); y = (rng.rand(5, 3, 2) > .5).astype('float32'); p = rng.rand(5, 3, 2).astype('float32')
    print(float(f(y, p)).hex(), float(tf.function(f)(y, p)).hex())
"""
import numpy as np

import framework as tf
from framework import keras


def _data(seed):
    rng = np.random.RandomState(seed)
    return (rng.rand(5, 3, 2) > .5).astype('float32'), rng.rand(5, 3, 2).astype('float32')


def _tversky(y_true, y_pred):
    return keras.losses.tversky(y_true, y_pred, alpha=.2, beta=.8)


def test_eager_tversky_sums_as_written():
    assert float(_tversky(*_data(11))).hex() == '0x1.68e8f80000000p-1'
    assert float(_tversky(*_data(49))).hex() == '0x1.b752d40000000p-2'


def test_traced_tversky_sums_as_grappler_rotates():
    assert float(tf.function(_tversky)(*_data(11))).hex() == '0x1.68e8fa0000000p-1'
    assert float(tf.function(_tversky)(*_data(49))).hex() == '0x1.b752d80000000p-2'


def test_traced_per_sample_tversky_keeps_the_chain():
    # axis=-1: TF 2.21 keeps ((i + a) + b) + eps in the graph (g8.py: 0 of 3000 differ from the eager sums)
    y_true, y_pred = _data(11)
    loss = lambda a, b: keras.losses.tversky(a, b, alpha=.2, beta=.8, axis=-1)
    np.testing.assert_array_equal(np.asarray(tf.function(loss)(y_true, y_pred)), np.asarray(loss(y_true, y_pred)))
