"""Géron ch. 16's char-RNN (Nadam on windows of unknown length) against TensorFlow 2.21: Keras 3
calls its traced train function once more at the end of a dataset of unknown length, and the ops
that wait for no batch still run (the optimizer's step count, Nadam's u_product, Dropout's seed);
a Python generator's first two batches open every pass. Golden values printed by TF 2.21
(/opt/tfref) for the same programs."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    X = np.random.default_rng(0).random((20, 4)).astype(np.float32)
    return X, X.sum(1, keepdims=True)


def _unknown_length():
    X, y = _data()
    return tf.data.Dataset.from_tensor_slices((X, y)).filter(lambda a, b: True).batch(8)


def _fit(data, optimizer='adam', epochs=2, steps=None, **compile_kwargs):
    keras.utils.set_random_seed(42)
    drop = keras.layers.Dropout(0.3)
    model = keras.Sequential([keras.layers.Input(shape=[4]), drop, keras.layers.Dense(1)])
    model.compile(loss='mse', optimizer=optimizer, **compile_kwargs)
    seen = []

    class Steps(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            seen.append([])

        def on_train_batch_end(self, batch, logs=None):
            seen[-1].append(int(self.model.optimizer.iterations))

    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model.fit(data, epochs=epochs, steps_per_epoch=steps, verbose=0, callbacks=[Steps()])
    return seen, int(model.optimizer.iterations), int(drop.seed_generator.state.numpy()[1])


@pytest.mark.parametrize('make, kwargs, iterations, draws', [
    (_unknown_length, {}, 8, 8),                                  # 3 batches + 1 unfed step, twice
    (lambda: tf.data.Dataset.from_tensor_slices(_data()).batch(8), {}, 6, 6),     # length known: no extra call
    (_unknown_length, {'run_eagerly': True}, 6, 6),               # eager get_next fails before the step
    (_unknown_length, {'steps_per_execution': 2}, 6, 6),          # Keras reads an Optional there
    (_unknown_length, {'optimizer': keras.optimizers.Adam(gradient_accumulation_steps=2)}, 3, 8),
    (_unknown_length, {'optimizer': keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam())}, 6, 8),
])
def test_the_unfed_step_advances_what_waits_for_no_batch(make, kwargs, iterations, draws):
    _, count, seed = _fit(make(), **kwargs)
    assert (count, seed) == (iterations, draws)


def test_steps_per_epoch_on_unknown_length_data():
    # TF 2.21: epoch 2 reads the one batch left, then the unfed step; epoch 3 starts the dataset over
    assert _fit(_unknown_length(), steps=2, epochs=3)[0] == [[1, 2], [3], [5, 6]]
    assert _fit(_unknown_length(), steps=5)[0] == [[1, 2, 3], [5, 6, 7]]


def _generator():
    X, y = _data()
    for i in range(0, 20, 8):
        yield X[i:i + 8], y[i:i + 8]


def test_a_generator_pass_replays_its_two_peeked_batches():
    assert _fit(_generator(), epochs=1)[1] == 4
    seen, count, _ = _fit(_generator(), steps=5)
    assert (seen, count) == ([[1, 2, 3], [5, 6]], 7)
    assert _fit(_generator(), steps=2, epochs=3)[0] == [[1, 2], [3], [5, 6]]


@pytest.mark.usefixtures('onednn_on')      # oneDNN's Dense(1) sums (TF 2.21 with oneDNN off: 0.023883359506726265)
def test_nadam_history_on_windows_of_unknown_length():
    keras.utils.set_random_seed(42)
    ds = tf.data.Dataset.from_tensor_slices(tf.range(60)).window(6, shift=1, drop_remainder=True)
    ds = ds.flat_map(lambda w: w.batch(6)).batch(8)
    ds = ds.map(lambda w: (tf.cast(w[:, :5], tf.float32) / 60, tf.cast(w[:, 5:], tf.float32) / 60))
    model = keras.Sequential([keras.layers.Input(shape=[5]), keras.layers.Dense(1)])
    optimizer = keras.optimizers.Nadam()
    model.compile(loss='mse', optimizer=optimizer)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        history = model.fit(ds, epochs=2, verbose=0)
    # TF 2.21: after 2 epochs of 7 batches, 16 steps counted; u_product advanced 16 times
    assert int(optimizer.iterations) == 16
    assert history.history['loss'] == [0.030162125825881958, 0.023883357644081116]
