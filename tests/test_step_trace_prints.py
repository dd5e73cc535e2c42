"""A print in a layer's call() shows on the steps Keras 3 traces, not on every step.

Keras 3 on TF 2.21 runs fit / evaluate / predict steps as tf.functions: the Python of a step
runs when the function is traced, and replays skip it. Counts from that program (below, a
built Sequential with a printing layer; Keras prints shapes with None where tapeflow prints
the batch's): build 1, fit on 10 samples in batches of 4 for 2 epochs 1, a second fit 0,
fit with validation 1 (the test function), evaluate 0, predict on 8 in 4s 1, predict on 10
in 4s 1 (the partial batch retraces, with the batch axis free), train_on_batch twice 1.
"""
import numpy as np

import framework as tf
from framework import keras


class PrintingLayer(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2))

    def call(self, x):
        print('call', tuple(x.shape))
        tf.print('executing')     # every step, as tf.print in a graph (TF writes it from C++, past capsys)
        return tf.matmul(x, self.w)


def _count(capsys):
    out = capsys.readouterr()
    return out.out.count('call ('), out.err.count('executing')


def test_prints_follow_keras_traces(capsys):
    model = keras.Sequential([keras.Input((3,)), PrintingLayer()])
    model.compile('sgd', 'mse')
    assert _count(capsys)[0] == 1
    model.fit(np.ones((10, 3)), np.ones((10, 2)), batch_size=4, epochs=2, verbose=0)
    assert _count(capsys) == (1, 6)
    model.fit(np.ones((8, 3)), np.ones((8, 2)), batch_size=4, epochs=2, verbose=0)
    assert _count(capsys)[0] == 0
    model.fit(np.ones((8, 3)), np.ones((8, 2)), batch_size=4, epochs=2, verbose=0, validation_split=0.25)
    assert _count(capsys)[0] == 1
    model.evaluate(np.ones((8, 3)), np.ones((8, 2)), batch_size=4, verbose=0)
    assert _count(capsys)[0] == 0
    model.predict(np.ones((8, 3)), batch_size=4, verbose=0)
    assert _count(capsys)[0] == 1
    model.predict(np.ones((10, 3)), batch_size=4, verbose=0)
    assert _count(capsys)[0] == 1
    model.train_on_batch(np.ones((4, 3)), np.ones((4, 2)))
    model.train_on_batch(np.ones((4, 3)), np.ones((4, 2)))
    assert _count(capsys)[0] == 1


def test_run_eagerly_prints_every_step(capsys):
    model = keras.Sequential([keras.Input((3,)), PrintingLayer()])
    model.compile('sgd', 'mse', run_eagerly=True)
    capsys.readouterr()
    model.fit(np.ones((8, 3)), np.ones((8, 2)), batch_size=4, epochs=2, verbose=0)
    assert _count(capsys)[0] == 4
