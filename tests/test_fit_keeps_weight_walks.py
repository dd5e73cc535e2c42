"""fit sets the model's history (four times) and stop_training: attributes that never hold a layer, so
they leave the cached weight and metric walks in place (layers/tracking.py NOT_SUBLAYER_NAMES); each
set used to move every walk's key, and every fit rebuilt them."""
import numpy as np

from framework import keras


def test_a_second_fit_reuses_the_weight_walk_and_keeps_history_and_stop_training():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    x, y = np.ones((8, 3), np.float32), np.zeros((8, 1), np.float32)
    model.fit(x, y, epochs=1, verbose=0)
    walk = model._walk()
    history = model.fit(x, y, epochs=2, verbose=0)
    assert model._walk() is walk
    assert model.history is history and sorted(history.history) == ['loss', 'mae']
    assert model.stop_training is False
    assert len(model.trainable_weights) == 4


def test_a_layer_set_after_fit_still_joins_the_weights():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32), epochs=1, verbose=0)
    model.add(keras.layers.Dense(1))
    assert [tuple(w.shape) for w in model.weights] == [(3, 2), (2,), (2, 1), (1,)]


def test_fits_random_states_are_no_container_of_the_weight_walk():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dropout(0.5, seed=2), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(np.ones((8, 3), np.float32), np.zeros((8, 1), np.float32), epochs=1, verbose=0)
    assert type(model._step_random_states) is dict and model._step_random_states
    assert all(container is not model._step_random_states for container in model._walk().containers)
