"""Seeding: ``keras.utils.set_random_seed`` makes runs repeat exactly.

Two runs of ``fit`` with dropout and shuffling, from the same seed, must end
with bit-identical weights on the CPU; so must a custom loop with a Dropout
layer. A different seed must give different weights (the seed is used).
As in Keras 3, initial weights and dropout masks take their seeds from Python's
``random`` (which ``set_random_seed`` seeds), not from ``tf.random.set_seed``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def data():
    # Fixed data, made without the global streams, so only the seed under test varies.
    rng = np.random.default_rng(123)
    x = rng.normal(size=(96, 8)).astype(np.float32)
    y = (x @ rng.normal(size=(8, 1)) + 0.1 * rng.normal(size=(96, 1))).astype(np.float32)
    return x, y


def dropout_model():
    return keras.models.Sequential([
        keras.layers.Dense(16, activation='relu'),
        keras.layers.Dropout(0.3),
        keras.layers.Dense(8, activation='elu'),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(1)])


def fit_weights(set_seed, seed, shuffle=True):
    set_seed(seed)
    x, y = data()
    model = dropout_model()
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    history = model.fit(x, y, epochs=3, batch_size=16, shuffle=shuffle, verbose=0)
    return model.get_weights(), history.history['loss']


SEEDERS = [pytest.param(keras.utils.set_random_seed, id='keras.utils.set_random_seed')]


def assert_identical(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x.dtype == y.dtype and np.array_equal(x, y), 'weights differ'


@pytest.mark.parametrize('set_seed', SEEDERS)
def test_fit_with_dropout_and_shuffling_repeats_bit_for_bit(set_seed):
    weights_a, loss_a = fit_weights(set_seed, 7)
    weights_b, loss_b = fit_weights(set_seed, 7)
    assert_identical(weights_a, weights_b)
    assert loss_a == loss_b
    weights_c, _ = fit_weights(set_seed, 8)
    assert not all(np.array_equal(a, c) for a, c in zip(weights_a, weights_c))


def test_the_seed_reaches_shuffling_and_dropout_not_only_initialization():
    # Same seed, so the same initial weights: shuffling alone must change the result,
    # and dropout alone (no shuffling) must depend on the seed drawn after initialization.
    shuffled, _ = fit_weights(keras.utils.set_random_seed, 7, shuffle=True)
    in_order, _ = fit_weights(keras.utils.set_random_seed, 7, shuffle=False)
    assert not all(np.array_equal(a, b) for a, b in zip(shuffled, in_order))
    again, _ = fit_weights(keras.utils.set_random_seed, 7, shuffle=False)
    assert_identical(in_order, again)


def custom_loop_weights(seed, steps=30):
    """A custom training loop (seed 002's shape) through a Dropout layer."""
    keras.utils.set_random_seed(seed)
    x, y = data()
    model = dropout_model()
    optimizer = keras.optimizers.Nadam(learning_rate=0.01)
    for step in range(steps):
        rows = tf.random.shuffle(tf.range(96))[:16]
        with tf.GradientTape() as tape:
            y_pred = model(tf.gather(x, rows), training=True)
            loss = tf.reduce_mean(keras.losses.mean_squared_error(tf.gather(y, rows), y_pred))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return model.get_weights()


def test_custom_loop_with_dropout_repeats_bit_for_bit():
    assert_identical(custom_loop_weights(3), custom_loop_weights(3))
    assert not all(np.array_equal(a, b) for a, b in zip(custom_loop_weights(3), custom_loop_weights(4)))


def test_dropout_masks_repeat_after_reseeding_and_differ_between_calls():
    ones = np.ones((4, 50), np.float32)
    keras.utils.set_random_seed(11)
    layer = keras.layers.Dropout(0.5)      # its SeedGenerator takes its seed when the layer is made
    first, second = layer(ones, training=True).numpy(), layer(ones, training=True).numpy()
    keras.utils.set_random_seed(11)
    layer = keras.layers.Dropout(0.5)
    np.testing.assert_array_equal(layer(ones, training=True).numpy(), first)
    np.testing.assert_array_equal(layer(ones, training=True).numpy(), second)
    assert not np.array_equal(first, second)
    assert set(np.unique(first)) <= {0.0, 2.0}           # kept units scaled by 1 / (1 - rate)
    np.testing.assert_array_equal(layer(ones, training=False).numpy(), ones)


def test_initial_weights_repeat_after_reseeding():
    def initial(seed):
        keras.utils.set_random_seed(seed)
        model = dropout_model()
        model.build((None, 8))
        return model.get_weights()
    assert_identical(initial(5), initial(5))
    assert not np.array_equal(initial(5)[0], initial(6)[0])
