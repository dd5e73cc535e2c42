"""fit(shuffle='batch') permutes each batch's rows in TensorFlow's order under a global seed.

Keras 3 shuffles every batch of array data with tf.random.shuffle in a tf.data map function, whose
kernel starts afresh each epoch and draws each batch's words after the previous batch's; tapeflow
drew each batch's order from its host stream, so the rows (and the last bits of the logged
losses) came in another order. Orders: TF 2.21 / Keras 3.15's array adapter (progs/histories/sb2.py).
"""
import numpy as np
import pytest

from framework import keras


class _Recorder(keras.Model):
    """Keeps the first input column of every batch it trains on (the rows' numbers)."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.batches = []

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        self.batches.append(np.asarray(data[0])[:, 0].astype(int).tolist())
        return super().train_step(data)


def _orders(seed, n, batch_size, epochs=1):
    keras.utils.set_random_seed(seed)
    model = _Recorder()
    model.compile('sgd', 'mse', run_eagerly=True)     # (the steps see the batches' values)
    x = np.arange(n, dtype='float32')[:, None]
    model.fit(x, np.zeros((n, 1), 'float32'), batch_size=batch_size, epochs=epochs, shuffle='batch', verbose=0)
    return model.batches


@pytest.mark.parametrize('seed, n, batch_size, orders', [
    (1, 30, 8, [[0, 4, 1, 5, 7, 6, 2, 3], [8, 9, 14, 15, 13, 12, 11, 10], [16, 23, 19, 21, 22, 20, 18, 17],
                [29, 28, 25, 27, 24, 26]]),
    (1, 41, 13, [[10, 1, 7, 0, 6, 11, 4, 12, 3, 8, 5, 9, 2], [21, 14, 20, 16, 15, 18, 23, 22, 19, 24, 17, 25, 13],
                 [38, 34, 31, 36, 33, 29, 27, 26, 35, 37, 30, 32, 28], [39, 40]]),
])
def test_each_batch_is_permuted_as_tensorflow_permutes_it(seed, n, batch_size, orders):
    assert _orders(seed, n, batch_size) == orders


def test_every_epoch_starts_the_shuffle_afresh():
    # TF 2.21, seed 0, 23 rows in batches of 5: the same orders in both epochs
    first = [[2, 3, 4, 1, 0], [6, 8, 7, 9, 5], [10, 12, 13, 14, 11], [17, 19, 16, 15, 18], [22, 21, 20]]
    assert _orders(0, 23, 5, epochs=2) == first + first
