"""fit / evaluate / predict on framework.data.Dataset pipelines and generators, as on tf.data."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def model_and_data(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((40, 3)).astype('float32')
    y = (x @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    model.set_weights([rng.standard_normal(w.shape).astype('float32') * 0.3 for w in model.get_weights()])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss='mse', metrics=['mae'])
    return model, x, y


def test_a_batched_dataset_trains_exactly_like_the_same_arrays():
    on_arrays, x, y = model_and_data()
    on_dataset, _, _ = model_and_data()
    expected = on_arrays.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0).history
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)
    history = on_dataset.fit(dataset, epochs=3, verbose=0).history
    assert sorted(history) == sorted(expected)
    for key in expected:
        np.testing.assert_allclose(history[key], expected[key], rtol=1e-6)
    np.testing.assert_allclose(on_dataset.evaluate(dataset, verbose=0), on_arrays.evaluate(x, y, verbose=0),
                               rtol=1e-6)
    np.testing.assert_allclose(on_dataset.predict(tf.data.Dataset.from_tensor_slices(x).batch(16), verbose=0),
                               on_arrays.predict(x, verbose=0), rtol=1e-6)


def test_validation_data_may_be_a_dataset():
    model, x, y = model_and_data()
    train = tf.data.Dataset.from_tensor_slices((x[:32], y[:32])).shuffle(32, seed=1).batch(8)
    val = tf.data.Dataset.from_tensor_slices((x[32:], y[32:])).batch(8)
    history = model.fit(train, validation_data=val, epochs=2, verbose=0).history
    assert sorted(history) == ['loss', 'mae', 'val_loss', 'val_mae']
    assert len(history['val_loss']) == 2


def test_a_generator_needs_steps_per_epoch_and_continues_across_epochs():
    model, x, y = model_and_data()

    def batches():
        while True:
            for start in range(0, 40, 10):
                yield x[start:start + 10], y[start:start + 10]
    history = model.fit(batches(), steps_per_epoch=4, epochs=2, verbose=0).history
    assert len(history['loss']) == 2 and history['loss'][1] < history['loss'][0]


def test_datasets_refuse_arguments_that_belong_to_arrays():
    model, x, y = model_and_data()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)
    with pytest.raises(ValueError, match='`y` should not be passed'):
        model.fit(dataset, y, verbose=0)
    with pytest.raises(ValueError, match='`validation_split` is only supported for tensors or NumPy arrays'):
        model.fit(dataset, validation_split=0.2, verbose=0)
