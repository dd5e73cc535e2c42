"""tf.keras.backend.random_normal without a seed inside traced steps draws its op seed
(np.random.randint) when TensorFlow traces the step, as often as TensorFlow traces it.

The keras.io VAE example (its TF 2 version) samples with ``tf.keras.backend.random_normal`` in a
layer called from a custom ``train_step``. TensorFlow runs that Python once per trace: twice in
the first step when it makes variables (the second trace's seed is the one its graph uses), never
in later steps. Goldens from TF 2.21 + Keras 3 (/work/notes/progs/kerasio9/d6.py, d6e.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _clear_seed():
    yield
    tf.random.set_seed(None)
    keras.backend.clear_session()


class _Sampling(keras.layers.Layer):
    def call(self, x):
        return x + tf.keras.backend.random_normal(shape=(tf.shape(x)[0], 2))


class _Tracked(keras.Model):
    """A custom train_step with a Mean tracker, as the VAE example's."""

    def __init__(self, body):
        super().__init__()
        self.body = body
        self.tracker = keras.metrics.Mean()

    @property
    def metrics(self):
        return [self.tracker]

    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(self.body(data) ** 2)
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.tracker.update_state(loss)
        return {'loss': self.tracker.result()}


class _Unbuilt(keras.Model):
    """No build of its own: built in the first step (the VAE's encoder is built before)."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)
        self.sampling = _Sampling()
        self.tracker = keras.metrics.Mean()

    @property
    def metrics(self):
        return [self.tracker]

    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(self.sampling(self.dense(data)) ** 2)
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.tracker.update_state(loss)
        return {'loss': self.tracker.result()}


def test_eager_draw_after_set_random_seed():
    keras.utils.set_random_seed(5)
    values = tf.keras.backend.random_normal(shape=(2, 3)).numpy()
    np.testing.assert_allclose(values, [[-0.5538745522499084, 0.10010731220245361, 0.4330274164676666],
                                        [1.9781029224395752, 1.5506906509399414, 0.697515606880188]], rtol=1e-6)
    assert np.random.randint(10) == 6


def test_fit_model_built_in_its_first_step():
    keras.utils.set_random_seed(5)
    tf.keras.backend.random_normal(shape=(2, 3))
    np.random.randint(10)
    model = _Unbuilt()
    model.compile(optimizer='sgd')
    history = model.fit(np.ones((8, 3), 'float32'), batch_size=4, epochs=3, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [1.805640697479248, 2.5954155921936035, 2.2447285652160645],
                               rtol=1e-6)
    # two draws in all (the first trace and its second), none in the replayed steps
    assert np.random.randint(10) == 9


def test_fit_optimizer_built_in_first_step_uses_second_trace_seed():
    keras.utils.set_random_seed(7)
    inp = keras.Input((3,))
    encoder = keras.Model(inp, _Sampling()(keras.layers.Dense(2)(inp)))
    model = _Tracked(encoder)
    model.compile(optimizer='adam')
    history = model.fit(np.ones((8, 3), 'float32'), batch_size=4, epochs=2, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [0.7307065725326538, 0.9800629615783691], rtol=1e-6)
    assert np.random.randint(100) == 83


def test_tf_function_without_new_variables_traces_once():
    keras.utils.set_random_seed(8)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), _Sampling()])
    opt = keras.optimizers.SGD(0.1)

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(model(x) ** 2)
        grads = tape.gradient(loss, model.trainable_weights)
        opt.apply_gradients(zip(grads, model.trainable_weights))
        return loss

    losses = [float(step(tf.ones((4, 3)))) for _ in range(3)]
    np.testing.assert_allclose(losses, [3.8806681632995605, 2.025933265686035, 0.5868700742721558], rtol=1e-6)
    assert np.random.randint(100) == 90
