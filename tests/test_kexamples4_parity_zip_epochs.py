"""Keras 3's fit makes a second iterator of a dataset of known length after every epoch and never
reads it; in tf.data that iterator draws the next seeds of every reshuffling shuffle it starts,
including each dataset a zip reads. The keras.io MixUp example fits on ``zip(shuffled, shuffled)``:
tapeflow skipped only the shuffles on the zip's own chain, so from epoch 2 it trained on other
batches than TF. Values derived from TF 2.21 (kexamples4's d15.py: the batches train_step sees)."""
import numpy as np

import framework as tf
from framework import keras


def _batches_seen(make_dataset, epochs):
    keras.utils.set_random_seed(42)
    x = np.arange(12, dtype='float32').reshape(12, 1)
    a = tf.data.Dataset.from_tensor_slices(x).shuffle(12, seed=1)
    b = tf.data.Dataset.from_tensor_slices(x + 100).shuffle(12, seed=2)
    seen = []

    class Recorder(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)

        def call(self, inputs):
            return self.dense(inputs)

        def train_step(self, data):
            seen.append([int(v) for t in data for v in np.ravel(t.numpy())])
            return {'s': keras.ops.sum(data[0])}

    model = Recorder()
    model.compile(run_eagerly=True)
    model.fit(make_dataset(a, b), epochs=epochs, verbose=0)
    return seen


def test_zip_of_shuffled_datasets_reshuffles_as_fit_on_tensorflow():
    # TF 2.21: 3 epochs of zip((a, b)).batch(6), 2 batches each
    assert _batches_seen(lambda a, b: tf.data.Dataset.zip((a, b)).batch(6), 3) == [
        [9, 8, 5, 6, 7, 11, 102, 106, 104, 101, 100, 105],
        [2, 4, 3, 10, 0, 1, 107, 103, 110, 111, 108, 109],
        [0, 9, 10, 11, 5, 4, 101, 111, 106, 102, 100, 110],
        [8, 7, 1, 3, 2, 6, 104, 103, 109, 107, 108, 105],
        [6, 2, 9, 5, 7, 11, 100, 105, 110, 107, 111, 104],
        [4, 3, 10, 1, 0, 8, 101, 103, 109, 102, 108, 106]]


def test_zip_of_batched_shuffles_then_map():
    # TF 2.21: zip((a.batch(6), b.batch(6))).map(lambda p, q: (p, q + 1)), 2 epochs
    make = lambda a, b: tf.data.Dataset.zip((a.batch(6), b.batch(6))).map(lambda p, q: (p, q + 1))
    assert _batches_seen(make, 2) == [
        [9, 8, 5, 6, 7, 11, 103, 107, 105, 102, 101, 106],
        [2, 4, 3, 10, 0, 1, 108, 104, 111, 112, 109, 110],
        [0, 9, 10, 11, 5, 4, 102, 112, 107, 103, 101, 111],
        [8, 7, 1, 3, 2, 6, 105, 104, 110, 108, 109, 106]]
