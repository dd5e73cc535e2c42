"""fit leaves the optimizer unbuilt until its first apply_gradients, as Keras 3 on TensorFlow (its symbolic build
before the callbacks runs under a distribution strategy only). tapeflow built it before on_train_begin, so a
callback saw its slots, a load_weights there restored a trained optimizer state TF 2.21 skips (another
trajectory), and a custom train_step that never applied gradients left it built and had its Python traced
twice. Goldens: TF 2.21, /work/notes/progs/modelfuzz11/p11.py, p12.py, p13.py."""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras

RNG = np.random.RandomState(0)
X, Y = RNG.rand(12, 3).astype('float32'), RNG.rand(12, 1).astype('float32')


def _functional():
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='adam', loss='mse')
    return model


class _SeesOptimizer(keras.callbacks.Callback):
    def __init__(self, weights_file=None):
        super().__init__()
        self.weights_file, self.seen = weights_file, []

    def on_train_begin(self, logs=None):
        optimizer = self.model.optimizer
        self.seen.append((optimizer.built, len(optimizer.variables)))
        if self.weights_file:
            self.model.load_weights(self.weights_file)
            self.seen.append((optimizer.built, len(optimizer.variables), int(optimizer.iterations.numpy())))


def test_on_train_begin_sees_the_optimizer_unbuilt():
    model, seen = _functional(), _SeesOptimizer()
    model.fit(X, Y, epochs=1, verbose=0, callbacks=[seen])
    # TF 2.21: 'train_begin built False 2', then True 6 after fit
    assert seen.seen == [(False, 2)]
    assert model.optimizer.built and len(model.optimizer.variables) == 6


def test_load_weights_at_train_begin_skips_the_optimizer_state(tmp_path):
    weights_file = os.path.join(str(tmp_path), 'trained.weights.h5')
    trained = _functional()
    trained.fit(X, Y, epochs=1, verbose=0)
    trained.save_weights(weights_file)
    model, seen = _functional(), _SeesOptimizer(weights_file)
    with pytest.warns(UserWarning, match='Skipping variable loading for optimizer'):
        model.fit(X, Y, epochs=1, verbose=0, callbacks=[seen])
    # TF 2.21: before False 2, the skip warning, after False 2 0; iterations 1 after fit (the saved state
    # is not restored: the momentum starts from zero)
    assert seen.seen == [(False, 2), (False, 2, 0)]
    assert int(model.optimizer.iterations.numpy()) == 1


class _MetricOnlyStep(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer='ones')
        self.tracker = keras.metrics.Mean(name='t')

    def call(self, x):
        return self.dense(x)

    @property
    def metrics(self):
        return [self.tracker]

    def train_step(self, data):
        print('metric-only train_step trace')
        self.tracker.update_state(tf.reduce_mean(self(data[0])))
        return {'t': self.tracker.result()}


def test_a_step_that_applies_no_gradients_leaves_the_optimizer_unbuilt(capsys):
    model = _MetricOnlyStep()
    model(X[:1])
    model.compile(optimizer='sgd')       # (no slots: tapeflow cannot know that a step applies no gradients)
    capsys.readouterr()
    history = model.fit(X, Y, batch_size=6, epochs=2, verbose=0)
    # TF 2.21: one trace (it makes no variable), t the same each epoch, optimizer.built False
    assert capsys.readouterr().out == 'metric-only train_step trace\n'
    np.testing.assert_allclose(history.history['t'], [X.sum(axis=1).mean()] * 2, rtol=1e-6)
    assert not model.optimizer.built


def test_backup_and_restore_still_restores_the_optimizer(tmp_path):
    backup_dir = str(tmp_path)

    class StopAfterFirstEpoch(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 0:
                raise RuntimeError('interrupted')

    interrupted = _functional()
    with pytest.raises(RuntimeError):
        interrupted.fit(X, Y, batch_size=4, epochs=2, verbose=0,
                        callbacks=[keras.callbacks.BackupAndRestore(backup_dir), StopAfterFirstEpoch()])
    resumed = _functional()
    resumed.fit(X, Y, batch_size=4, epochs=2, verbose=0, callbacks=[keras.callbacks.BackupAndRestore(backup_dir)])
    # Keras builds the optimizer before loading the backup: its 3 steps and slots carry on (3 + 3 steps)
    assert int(resumed.optimizer.iterations.numpy()) == 6
