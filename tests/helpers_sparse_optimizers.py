"""The sparse-optimizer parity tests' model and batch (tests/test_sparse_optimizer_parity*.py):
Embedding(10, 3) -> Flatten -> Dense(1) with fixed weights, trained STEPS steps on one batch whose
tokens repeat, so the embedding's gradient is an IndexedSlices with repeated rows.

tests/data/make_sparse_optimizer_goldens.py repeats this setup in Keras 3 for the golden weights.
"""
import numpy as np

import framework as tf
from framework import keras

VOCAB, DIM, LENGTH, STEPS = 10, 3, 4, 3
IDS = np.array([[1, 2, 1, 5], [2, 2, 7, 1], [0, 9, 5, 5]], 'int32')
TARGETS = np.array([[0.5], [-1.0], [2.0]], 'float32')
EMBEDDINGS = (np.arange(VOCAB * DIM, dtype='float32').reshape(VOCAB, DIM) % 7 - 3) / 10
KERNEL = (np.arange(LENGTH * DIM, dtype='float32').reshape(LENGTH * DIM, 1) % 5 - 2) / 4
BIAS = np.array([0.1], 'float32')


def model():
    """A fresh model with the fixed weights."""
    m = keras.Sequential([keras.Input((LENGTH,), dtype='int32'), keras.layers.Embedding(VOCAB, DIM),
                          keras.layers.Flatten(), keras.layers.Dense(1)])
    m.set_weights([EMBEDDINGS, KERNEL, BIAS])
    return m


def weights(m):
    """Every weight of ``m``, flat: embeddings, kernel, bias."""
    return np.concatenate([w.ravel() for w in m.get_weights()])


def train_custom_loop(optimizer, densify=False):
    """The weights after STEPS ``tape.gradient`` + ``apply_gradients`` steps (``densify``: the embedding's
    IndexedSlices gradient made dense first)."""
    m, loss_fn = model(), keras.losses.MeanSquaredError()
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            loss = loss_fn(TARGETS, m(IDS))
        grads = tape.gradient(loss, m.trainable_variables)
        assert isinstance(grads[0], tf.IndexedSlices)
        if densify:
            grads[0] = tf.convert_to_tensor(grads[0])
        optimizer.apply_gradients(zip(grads, m.trainable_variables))
    return weights(m)


def train_fit(optimizer):
    """The weights after ``fit(batch_size=3, shuffle=False)`` for STEPS epochs of the one batch."""
    m = model()
    m.compile(optimizer, 'mse')
    m.fit(IDS, TARGETS, batch_size=3, epochs=STEPS, shuffle=False, verbose=0)
    return weights(m)
