"""Keras 3's deprecation warnings of the Keras-2 shims (``self.compiled_loss(...)``,
``self.compiled_metrics.update_state(...)``) in a custom train_step / test_step come as often as TF 2.21
runs the step's Python: at its traces (the first train trace twice: the compiled metrics it builds make
variables, so TF traces again), never on the replayed steps; every step when run eagerly. tapeflow warned
on every step (16 instead of 5 under an 'always' filter).

Counts printed by TF 2.21 (/work/notes/progs/modelfuzz14/p22.py: 40 rows, validation_split=0.25, 2 epochs):
    batch_size 10, traced:       fit 5, evaluate 0      batch_size 15, traced: fit 5, evaluate 0
    batch_size 10, run_eagerly:  fit 14, evaluate 4     batch_size 15, run_eagerly: fit 10, evaluate 3
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

_RNG = np.random.RandomState(0)
X = _RNG.randn(40, 3).astype('float32')
Y = (X @ np.array([[1.], [-2.], [0.5]], 'float32')).astype('float32')


class _Keras2Steps(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def test_step(self, data):
        x, y = data
        self.compiled_metrics.update_state(y, self(x, training=False))
        return {m.name: m.result() for m in self.metrics}


@pytest.mark.parametrize('run_eagerly, batch_size, in_fit, in_evaluate',
                         [(False, 10, 5, 0), (False, 15, 5, 0), (True, 10, 14, 4), (True, 15, 10, 3)])
def test_shim_warnings_come_per_trace(run_eagerly, batch_size, in_fit, in_evaluate):
    inputs = keras.Input(shape=(3,))
    model = _Keras2Steps(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'], run_eagerly=run_eagerly)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.fit(X, Y, epochs=2, verbose=0, batch_size=batch_size, validation_split=0.25)
        fitted = len(caught)
        model.evaluate(X, Y, verbose=0, batch_size=batch_size)
    assert (fitted, len(caught) - fitted) == (in_fit, in_evaluate)
    texts = {str(w.message).split('`')[1] for w in caught}
    assert texts == {'model.compiled_loss()', 'model.compiled_metrics()'}
