"""keras.io guides "Writing your own callbacks" and "Training & evaluation with the built-in methods":
what their programs print under TF 2.21 (Keras 3), pinned.

Every expected value below was printed by TF 2.21 running the same lines with
``import tensorflow as tf; from tensorflow import keras`` (notes: progs/tutorials42/pin.py).
"""
import os

import numpy as np
import pytest

from framework import keras
from framework.keras import layers, ops

_DIGITS = os.path.join(os.path.dirname(__file__), '..', 'examples', 'data', 'digits.npz')


class _Hooks(keras.callbacks.Callback):
    """Records (hook, batch or epoch, sorted log keys) for every hook Keras calls."""

    def __init__(self):
        super().__init__()
        self.seen = []


def _recorder(name, indexed):
    if indexed:
        return lambda self, i, logs=None: self.seen.append((name, i, sorted(logs or {})))
    return lambda self, logs=None: self.seen.append((name, None, sorted(logs or {})))


for _name in ('train_begin', 'train_end', 'test_begin', 'test_end', 'predict_begin', 'predict_end'):
    setattr(_Hooks, 'on_' + _name, _recorder(_name, False))
for _name in ('epoch_begin', 'epoch_end', 'train_batch_begin', 'train_batch_end', 'test_batch_begin',
              'test_batch_end', 'predict_batch_begin', 'predict_batch_end'):
    setattr(_Hooks, 'on_' + _name, _recorder(_name, True))


def _regressor():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.RMSprop(0.1), loss='mean_squared_error',
                  metrics=['mean_absolute_error'])
    x = np.arange(60, dtype='float32').reshape(20, 3) / 60
    return model, x, x.sum(axis=1)


_METRICS = ['loss', 'mean_absolute_error']


def test_every_hook_of_fit_evaluate_and_predict_gets_tensorflows_log_keys():
    model, x, y = _regressor()
    hooks = _Hooks()
    model.fit(x, y, batch_size=8, epochs=1, verbose=0, validation_split=0.5, callbacks=[hooks])
    # TF 2.21: begin hooks get empty logs; the validation pass runs inside the epoch, before epoch_end
    assert hooks.seen == [
        ('train_begin', None, []), ('epoch_begin', 0, []),
        ('train_batch_begin', 0, []), ('train_batch_end', 0, _METRICS),
        ('train_batch_begin', 1, []), ('train_batch_end', 1, _METRICS),
        ('test_begin', None, []),
        ('test_batch_begin', 0, []), ('test_batch_end', 0, _METRICS),
        ('test_batch_begin', 1, []), ('test_batch_end', 1, _METRICS),
        ('test_end', None, _METRICS),
        ('epoch_end', 0, _METRICS + ['val_loss', 'val_mean_absolute_error']),
        ('train_end', None, _METRICS + ['val_loss', 'val_mean_absolute_error'])]
    hooks = _Hooks()
    model.evaluate(x, y, batch_size=16, verbose=0, callbacks=[hooks])
    assert hooks.seen == [
        ('test_begin', None, []), ('test_batch_begin', 0, []), ('test_batch_end', 0, _METRICS),
        ('test_batch_begin', 1, []), ('test_batch_end', 1, _METRICS), ('test_end', None, _METRICS)]
    hooks = _Hooks()
    model.predict(x, batch_size=16, verbose=0, callbacks=[hooks])
    assert hooks.seen == [
        ('predict_begin', None, []), ('predict_batch_begin', 0, []), ('predict_batch_end', 0, ['outputs']),
        ('predict_batch_begin', 1, []), ('predict_batch_end', 1, ['outputs']), ('predict_end', None, [])]


def test_a_callback_setting_the_learning_rate_to_a_python_float_reads_back_float32():
    model, x, y = _regressor()
    seen = []

    class SetLearningRate(keras.callbacks.Callback):     # the guide's CustomLearningRateScheduler
        def on_epoch_begin(self, epoch, logs=None):
            seen.append(float(np.asarray(self.model.optimizer.learning_rate)))
            if epoch == 1:
                self.model.optimizer.learning_rate = 0.05

    model.fit(x, y, batch_size=8, epochs=3, verbose=0, callbacks=[SetLearningRate()])
    assert seen == [0.10000000149011612, 0.10000000149011612, 0.05000000074505806]     # TF 2.21


class _CategoricalTruePositives(keras.metrics.Metric):
    """The guide's metric, as written there: (batch, 1) predictions against (batch,) labels broadcast
    to (batch, batch), so it counts more hits than there are samples (TF does the same)."""

    def __init__(self, name='categorical_true_positives', **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), name='ctp', initializer='zeros')

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = ops.reshape(ops.argmax(y_pred, axis=1), (-1, 1))
        values = ops.cast(ops.cast(y_true, 'int32') == ops.cast(y_pred, 'int32'), 'float32')
        self.true_positives.assign_add(ops.sum(values))

    def result(self):
        return self.true_positives.value

    def reset_state(self):
        self.true_positives.assign(0.0)


def test_the_guides_true_positives_metric_history_is_tensorflows():
    digits = np.load(_DIGITS)
    x = (digits['images'][:300].reshape(300, 64) / 16.0).astype('float32')
    y = digits['labels'][:300].astype('int64')
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((64,)), layers.Dense(32, activation='relu'),
                              layers.Dense(10, activation='softmax')])
    model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss='sparse_categorical_crossentropy',
                  metrics=[_CategoricalTruePositives()])
    history = model.fit(x, y, batch_size=64, epochs=2, verbose=0).history
    assert history['categorical_true_positives'] == [1750.0, 1749.0]        # TF 2.21
    np.testing.assert_allclose(history['loss'], [2.3087689876556396, 2.196545362472534], rtol=1e-6)


def _two_headed_model():
    inputs = keras.Input((4,), name='a')
    score = layers.Dense(1, name='score_output')(inputs)
    classes = layers.Dense(3, name='class_output')(inputs)
    return keras.Model(inputs, [score, classes]), score


def test_a_loss_dict_missing_an_output_fails_with_tensorflows_message():
    model, _ = _two_headed_model()
    model.compile('rmsprop', loss={'class_output': keras.losses.CategoricalCrossentropy()})
    with pytest.raises(ValueError) as caught:
        model.fit(np.ones((4, 4)), [np.ones((4, 1)), np.ones((4, 3))], verbose=0)
    assert str(caught.value) == ("Expected keys ['score_output', 'class_output'] in loss dict, "
                                 "but found loss.keys()=['class_output']")


def test_add_loss_on_a_functional_model_is_not_implemented():
    model, score = _two_headed_model()
    with pytest.raises(NotImplementedError) as caught:
        model.add_loss(ops.sum(score))
    assert str(caught.value) == ''          # TF 2.21's functional.py: a bare NotImplementedError
