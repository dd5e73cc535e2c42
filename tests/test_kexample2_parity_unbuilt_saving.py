"""keras.io's "Variational AutoEncoder" trains a subclassed VAE whose train_step calls its encoder
and decoder, so the VAE itself is never built: Keras 3's ``save_weights`` then refuses it and
``save`` warns, where tapeflow wrote the files silently. Expected behaviour: TensorFlow 2.21 /
Keras 3.15 running /work/notes/progs/kexamples2/d9_built.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


class Wrapper(keras.Model):
    def __init__(self):
        super().__init__()
        inputs = keras.Input((3,))
        self.inner = keras.Model(inputs, layers.Dense(2)(inputs))
        self.tracker = keras.metrics.Mean(name='l')

    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.inner(data)))
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.tracker.update_state(loss)
        return {'l': self.tracker.result()}


def test_an_unbuilt_model_refuses_save_weights_and_warns_on_save(tmp_path):
    model = Wrapper()
    model.compile(optimizer='sgd')
    model.fit(np.ones((4, 3), 'float32'), epochs=1, verbose=0)
    assert not model.built and len(model.weights) == 2
    with pytest.raises(ValueError, match='You are saving a model that has not yet been built'):
        model.save_weights(tmp_path / 'm.weights.h5')
    assert not (tmp_path / 'm.weights.h5').exists()
    with pytest.warns(UserWarning, match='It might not contain any weights yet'):
        model.save(tmp_path / 'm.keras')
