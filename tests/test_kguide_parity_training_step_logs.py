"""A custom train_step / test_step may add keys to the logs ``compute_metrics`` returns, and drop
them, as the "Customizing what happens in fit()" patterns do (Keras 3 returns a new dict each
step). tapeflow returned one shared read-only view, so ``logs['grad_norm'] = ...`` raised
TypeError. Goldens: /work/notes/progs/kguides_training/tlogs.py run under TF 2.21 / Keras 3.
"""
import numpy as np

import framework as tf
from framework import keras
from framework.keras import layers


class GradNormModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = layers.Dense(4, activation='relu', kernel_regularizer=keras.regularizers.l2(0.01))
        self.out = layers.Dense(1)
        self.grad_norm = keras.metrics.Mean(name='grad_norm')

    def call(self, inputs):
        return self.out(self.hidden(inputs))

    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.grad_norm.update_state(tf.linalg.global_norm(grads))
        logs = self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)
        logs['grad_norm'] = self.grad_norm.result()
        logs['n_losses'] = len(self.losses)
        return logs

    def test_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=False)
        logs = self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)
        logs['raw_loss'] = loss
        del logs['loss']
        return logs


def test_steps_add_and_drop_log_keys_as_on_keras():
    keras.utils.set_random_seed(16)
    x = np.random.rand(48, 6).astype('float32')
    y = np.random.rand(48, 1).astype('float32')
    model = GradNormModel()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss='mse', metrics=['mae'])
    history = model.fit(x, y, epochs=2, batch_size=16, validation_split=0.25, verbose=0).history
    # 'loss' is 0.0: compute_loss does not feed the loss tracker in a custom train_step (Keras 3 alike)
    expected = {'grad_norm': [0.31149905920028687, 0.27225515246391296], 'loss': [0.0, 0.0],
                'mae': [0.4099016785621643, 0.40311771631240845], 'n_losses': [1.0, 1.0],
                'val_grad_norm': [0.0, 0.0], 'val_mae': [0.30068063735961914, 0.2947850823402405],
                'val_raw_loss': [0.1861763298511505, 0.17627471685409546]}
    assert list(history) == list(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history[key], values, rtol=1e-5, err_msg=key)
    result = model.evaluate(x, y, verbose=0, return_dict=True)
    assert sorted(result) == ['grad_norm', 'mae', 'raw_loss']
    np.testing.assert_allclose([result['mae'], result['raw_loss']], [0.37204980850219727, 0.1860693246126175],
                               rtol=1e-5)


def test_each_compute_metrics_call_gives_its_own_logs():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    x, y = np.ones((4, 2), 'float32'), np.ones((4, 1), 'float32')
    first = model.compute_metrics(x, y, model(x))
    first['extra'] = 1.0
    second = model.compute_metrics(x, y, model(x))
    assert 'extra' in first and 'extra' not in second
    assert sorted(second) == ['loss', 'mae']
