"""Metrics say which way is better (Keras 3's ``_direction``), so monitors in 'auto' mode work."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('name, direction', [('mae', 'down'), ('mse', 'down'), ('accuracy', 'up'),
                                             ('binary_accuracy', 'up'), ('categorical_crossentropy', 'down')])
def test_named_metrics_know_their_direction(name, direction):
    assert keras.metrics.get(name)._direction == direction


def test_wrapped_functions_get_a_direction_from_their_name():
    assert keras.metrics.MeanMetricWrapper(keras.losses.mean_absolute_error)._direction == 'down'
    assert keras.metrics.MeanMetricWrapper(keras.metrics.binary_accuracy)._direction == 'up'
    assert keras.metrics.Mean()._direction is None


def test_early_stopping_on_val_mae_in_auto_mode_minimises_it():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 3)).astype('float32')
    y = x.sum(axis=1, keepdims=True)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    stop = keras.callbacks.EarlyStopping(monitor='val_mae', patience=1)
    model.fit(x, y, validation_split=0.25, epochs=3, verbose=0, callbacks=[stop])
    assert stop.monitor_op(0.1, 0.2)          # lower is better
