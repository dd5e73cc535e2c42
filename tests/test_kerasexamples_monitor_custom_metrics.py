"""A monitoring callback in mode 'auto' reads a metric's direction only from the metrics compile()
made, as Keras 3.15: keras.io's trainer pattern lists its own SparseCategoricalAccuracy in a
``metrics`` property, and EarlyStopping(monitor='sparse_categorical_accuracy') raises ValueError at
the first epoch's end in TF 2.21 (tapeflow read the bare metric's direction and trained on).
(notes progs/kerasexamples/e30_trainer_pattern.py)"""
import numpy as np
import pytest

import framework as tf
from framework import keras

AUTO_TEXT = ("EarlyStopping callback received monitor=sparse_categorical_accuracy, but Keras isn't able to "
             "automatically determine whether that metric should be maximized or minimized. Pass `mode='max'` "
             "in order to monitor based on the highest metric value, or pass `mode='min'` in order to use the "
             "lowest value.")


class Trainer(keras.Model):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy()
        self.accuracy_metric = keras.metrics.SparseCategoricalAccuracy()

    @property
    def metrics(self):
        return [self.accuracy_metric]

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self.model(x, training=True)
            loss = self.loss_fn(y, y_pred)
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
        self.accuracy_metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def call(self, x):
        return self.model(x)


def _data():
    rng = np.random.default_rng(0)
    return rng.standard_normal((16, 4)).astype(np.float32), rng.integers(0, 3, 16)


def _trainer():
    trainer = Trainer(keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')]))
    trainer.compile(optimizer=keras.optimizers.SGD())
    return trainer


def test_auto_mode_refuses_a_metric_compile_did_not_make():
    x, y = _data()
    stop = keras.callbacks.EarlyStopping(patience=1, monitor='sparse_categorical_accuracy')
    with pytest.raises(ValueError) as caught:
        _trainer().fit(x, y, epochs=2, verbose=0, callbacks=[stop])
    assert str(caught.value) == AUTO_TEXT


def test_explicit_mode_and_compiled_metrics_still_decide():
    x, y = _data()
    stop = keras.callbacks.EarlyStopping(patience=1, monitor='sparse_categorical_accuracy', mode='max')
    assert len(_trainer().fit(x, y, epochs=2, verbose=0, callbacks=[stop]).history['sparse_categorical_accuracy']) == 2
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('sgd', 'sparse_categorical_crossentropy', metrics=['sparse_categorical_accuracy'])
    stop = keras.callbacks.EarlyStopping(patience=1, monitor='sparse_categorical_accuracy')
    model.fit(x, y, epochs=2, verbose=0, callbacks=[stop])
    assert stop.monitor_op is not None
