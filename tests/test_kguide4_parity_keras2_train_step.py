"""A Keras 2 style train_step (``self.compiled_loss``, ``self.compiled_metrics.update_state``) runs as
on TF 2.21, deprecation warnings and Keras 3's shim quirk included (the loss tracker, a Mean, is
updated with y_pred, so 'loss' logs the mean prediction). tapeflow raised AttributeError.
Goldens: /work/notes/progs/kguides4/p20.py under TF 2.21 / Keras 3 (exact-math mode off: the
arrays are small enough to carry TF's bits either way).
"""
import warnings

import numpy as np

import framework as tf
from framework import keras


class Old(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = keras.layers.Dense(1)

    def call(self, x):
        return self.d(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def test_history_and_warnings():
    keras.utils.set_random_seed(20)
    rng = np.random.RandomState(20)
    x = rng.normal(size=(32, 3)).astype('float32')
    y = rng.normal(size=(32, 1)).astype('float32')
    model = Old()
    model.compile('adam', 'mse', metrics=['mae'])
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        history = model.fit(x, y, epochs=2, batch_size=8, verbose=0)
    texts = {str(w.message).split('. ')[0] for w in seen}
    assert texts == {'`model.compiled_loss()` is deprecated', '`model.compiled_metrics()` is deprecated'}
    assert history.history['mae'] == [1.4102015495300293, 1.4058289527893066]
    assert history.history['loss'] == [-0.15639285743236542, -0.15535110235214233]
