"""The distribute tutorial's shuffled MNIST under ``MirroredStrategy``: Keras 3 hands fit's and
evaluate's datasets to the strategy, which spends one more iteration's shuffle seeds before a
training run's first pass and before every evaluation pass, so the batches differ from those of
the same program without a strategy.

Expected orders were printed by TensorFlow 2.21 + Keras 3.15.1 running the same program
(/work/notes/progs/tftutorials2/ms_fit3.py and ms_fit2.py, whose train/test steps print their labels).
"""
import contextlib

import numpy as np
import pytest

import framework as tf
from framework import keras


class _Recording(keras.Model):
    seen = None

    def train_step(self, data):
        self.seen.append(('train', [int(v) for v in np.asarray(data[1]).ravel()]))
        return super().train_step(data)

    def test_step(self, data):
        self.seen.append(('test', [int(v) for v in np.asarray(data[1]).ravel()]))
        return super().test_step(data)

    def predict_step(self, data):
        self.seen.append(('pred', [int(v) for v in np.asarray(data).ravel()]))
        return super().predict_step(data)


def _run(strategy, made_in_scope=True):
    keras.utils.set_random_seed(0)
    x = np.arange(8, dtype=np.float32)[:, None]
    ds = tf.data.Dataset.from_tensor_slices((x, np.arange(8))).shuffle(100).batch(4)
    pds = tf.data.Dataset.from_tensor_slices(x + 200).shuffle(100).batch(4)
    with strategy.scope() if made_in_scope else contextlib.nullcontext():
        inputs = keras.Input((1,))
        model = _Recording(inputs, keras.layers.Dense(1)(inputs))
        model.compile(loss='mse', optimizer='sgd', run_eagerly=True)
    model.seen = []
    model.fit(ds, epochs=1, verbose=0)
    model.evaluate(ds, verbose=0)
    model.predict(pds, verbose=0)
    model.predict(pds, verbose=0)
    return model


PREDICTED = [('pred', [206, 207, 205, 203]), ('pred', [201, 204, 200, 202]),
             ('pred', [205, 200, 204, 203]), ('pred', [202, 206, 207, 201])]


@pytest.mark.parametrize('make', [tf.distribute.MirroredStrategy, lambda: tf.distribute.OneDeviceStrategy('/cpu:0')])
def test_fit_and_evaluate_under_a_strategy_skip_one_shuffle_order(make):
    model = _run(make())
    assert model.seen == [('train', [2, 5, 3, 0]), ('train', [7, 6, 4, 1]),
                          ('test', [1, 5, 4, 0]), ('test', [3, 2, 6, 7])] + PREDICTED
    assert isinstance(model.distribute_strategy, tf.distribute.Strategy)


def test_without_a_strategy_the_orders_are_the_datasets_own():
    model = _run(tf.distribute.MirroredStrategy(), made_in_scope=False)
    assert model.seen == [('train', [3, 2, 7, 4]), ('train', [1, 0, 6, 5]),
                          ('test', [5, 7, 0, 4]), ('test', [1, 2, 3, 6])] + PREDICTED


def test_every_validation_pass_and_every_fit_skips_again():
    keras.utils.set_random_seed(0)
    strategy = tf.distribute.MirroredStrategy()
    x = np.arange(8, dtype=np.float32)[:, None]
    ds = tf.data.Dataset.from_tensor_slices((x, np.arange(8))).shuffle(100).batch(4)
    vds = tf.data.Dataset.from_tensor_slices((x + 100, np.arange(8) + 100)).shuffle(100).batch(4)
    with strategy.scope():
        inputs = keras.Input((1,))
        model = _Recording(inputs, keras.layers.Dense(1)(inputs))
        model.compile(loss='mse', optimizer='sgd', run_eagerly=True)
    model.seen = []
    model.fit(ds, epochs=2, verbose=0, validation_data=vds)
    model.evaluate(vds, verbose=0)
    model.evaluate(vds, verbose=0)
    model.fit(ds, epochs=1, verbose=0)
    model.fit(ds, epochs=2, steps_per_epoch=1, verbose=0)
    assert [labels for _, labels in model.seen] == [
        [2, 5, 3, 0], [7, 6, 4, 1], [105, 104, 106, 107], [100, 102, 101, 103],
        [2, 3, 6, 4], [1, 0, 5, 7], [103, 102, 107, 101], [106, 100, 104, 105],
        [104, 107, 106, 101], [100, 103, 102, 105], [101, 102, 106, 107], [100, 104, 103, 105],
        [1, 0, 2, 6], [7, 5, 3, 4], [6, 4, 0, 1], [3, 2, 7, 5]]
