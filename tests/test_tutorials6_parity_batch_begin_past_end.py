"""Input of unknown length (a filtered or unbatched dataset, a generator) ends in Keras 3 when the
step function finds no batch, after ``on_*_batch_begin`` was called for it: TF 2.21 logs tb0 te0 ...
tb3 for three batches (train, test and predict; traced or run_eagerly). Golden order from
progs/tutorials6/probe_cbdry.py run on TF 2.21."""
import numpy as np
import pytest

import framework as tf


class _Log(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.log = []

    def on_train_batch_begin(self, b, logs=None):
        self.log.append('tb%d' % b)

    def on_train_batch_end(self, b, logs=None):
        self.log.append('te%d' % b)

    def on_test_batch_begin(self, b, logs=None):
        self.log.append('vb%d' % b)

    def on_test_batch_end(self, b, logs=None):
        self.log.append('ve%d' % b)

    def on_predict_batch_begin(self, b, logs=None):
        self.log.append('pb%d' % b)

    def on_predict_batch_end(self, b, logs=None):
        self.log.append('pe%d' % b)

    def on_epoch_end(self, e, logs=None):
        self.log.append('E%d' % e)


X = np.arange(24).reshape(12, 2).astype('float32') / 24
Y = np.arange(12).astype('float32') / 12


@pytest.mark.parametrize('eager', [False, True])
def test_unknown_length_dataset_begins_one_more_batch(eager):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile('sgd', 'mse', run_eagerly=eager)
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).unbatch().batch(4)
    log = _Log()
    model.fit(ds, epochs=1, verbose=0, callbacks=[log], validation_data=ds)
    model.evaluate(ds, verbose=0, callbacks=[log])
    log.log.append('|')
    model.predict(ds.map(lambda a, b: a), verbose=0, callbacks=[log])
    assert ' '.join(log.log) == ('tb0 te0 tb1 te1 tb2 te2 tb3 vb0 ve0 vb1 ve1 vb2 ve2 vb3 E0 '
                                 'vb0 ve0 vb1 ve1 vb2 ve2 vb3 | pb0 pe0 pb1 pe1 pb2 pe2 pb3')


def test_generator_begins_one_more_batch_and_known_length_does_not():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile('sgd', 'mse')

    def gen():
        for i in range(3):
            yield X[i * 4:(i + 1) * 4], Y[i * 4:(i + 1) * 4]
    log = _Log()
    model.fit(gen(), epochs=1, verbose=0, callbacks=[log])
    assert ' '.join(log.log) == 'tb0 te0 tb1 te1 tb2 te2 tb3 E0'
    log = _Log()
    model.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4), epochs=1, verbose=0, callbacks=[log])
    assert ' '.join(log.log) == 'tb0 te0 tb1 te1 tb2 te2 E0'


def test_batch_begin_runs_before_the_batch_is_read():
    # TF 2.21 (progs/tutorials6/probe_fitflip.py): a RandomFlip mapped before prefetch(AUTOTUNE); the
    # seed generator's state seen by on_train_batch_begin is [1, 0] at batch 0, then [1, 2], [1, 3], ...
    # (the batch is read after the callback, the prefetch one ahead); tapeflow read first: [1, 2] at 0
    tf.keras.utils.set_random_seed(1)
    x = np.arange(16 * 2).reshape(16, 1, 2, 1).astype('float32')
    y = np.arange(16).astype('float32') / 16
    flip = tf.keras.layers.RandomFlip('horizontal', seed=1)
    seen = []

    class Seen(tf.keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            seen.append(int(flip.generator.state.numpy()[1]))

        def on_epoch_end(self, epoch, logs=None):
            seen.append('E%d:%d' % (epoch, int(flip.generator.state.numpy()[1])))
    model = tf.keras.Sequential([tf.keras.Input((1, 2, 1)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4).map(
        lambda a, b: (flip(a, training=True), b)).prefetch(tf.data.AUTOTUNE)
    model.fit(ds, epochs=2, verbose=0, callbacks=[Seen()])
    assert seen == [0, 2, 3, 4, 'E0:4', 4, 6, 7, 8, 'E1:8']
