"""fit / evaluate / predict read a Dataset one batch ahead (``prefetch(k)``: k ahead), as TensorFlow's
prefetch does, so a reshuffling ``shuffle().repeat()`` whose pass ends at the last step has drawn the
next pass's seeds (layers/training/read_ahead.py). The expected iteration numbers were measured on
TF 2.21 + Keras 3 with this program: after ``fit(ds, steps_per_epoch=s)`` a new iterator of ``ds``
(20 elements, shuffled, repeated, batches of 5) gets the order of the n-th iterator made afresh."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(40, dtype='float32').reshape(20, 2)


def _dataset(prefetch=None):
    keras.utils.set_random_seed(0)
    ds = tf.data.Dataset.from_tensor_slices((X, X[:, :1])).cache().shuffle(20).repeat().batch(5)
    return ds if prefetch is None else ds.prefetch(prefetch)


def _first_batch(ds):
    return tuple(next(iter(ds.take(1)))[0][:, 0].numpy().tolist())


def _orders(count):
    ds = _dataset()
    return [_first_batch(ds) for _ in range(count)]


def _model():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('run, steps, prefetch, expected', [
    ('fit', 4, None, 3), ('fit', 3, None, 2), ('fit', 8, None, 4), ('fit', 5, None, 3),
    ('fit', 3, 2, 3), ('fit', 3, tf.data.AUTOTUNE, 2), ('fit2', 4, None, 4), ('fit2', 3, None, 3),
    ('evaluate', 4, None, 3), ('evaluate', 3, None, 2), ('predict', 4, None, 3), ('predict', 8, None, 4),
])
def test_next_iterator_order_after_a_run(run, steps, prefetch, expected):
    orders = _orders(12)
    ds = _dataset(prefetch)
    model = _model()
    if run == 'fit':
        model.fit(ds, steps_per_epoch=steps, verbose=0)
    elif run == 'fit2':
        model.fit(ds, steps_per_epoch=steps, epochs=2, verbose=0)
    elif run == 'evaluate':
        model.evaluate(ds, steps=steps, verbose=0)
    else:
        model.predict(ds, steps=steps, verbose=0)
    assert orders.index(_first_batch(ds)) + 1 == expected


def test_an_error_made_ahead_is_raised_in_its_turn():
    calls = []

    def check(x, y):
        calls.append(1)
        return x, y
    ds = tf.data.Dataset.from_tensor_slices((X, X[:, :1])).batch(5).map(check)
    model = _model()
    # the pipeline fails on its third batch only: two steps run, and the error surfaces at the third
    bad = ds.take(2).concatenate(tf.data.Dataset.from_tensor_slices((X[:5, :1], X[:5, :1])).batch(5))
    with pytest.raises(ValueError):
        model.fit(bad, epochs=1, verbose=0)
    assert model.optimizer.iterations.numpy() == 2
