"""Callbacks: Keras 3 semantics, driven by scripted logs and by real fits.

The scripted sequences' expected outcomes were produced by running Keras 3.15's
own callbacks on the same fake model and the same logs (see ``_drive``).
"""
import csv
import math

import numpy as np
import pytest

from framework import keras
from layers.callbacks import CallbackList

callbacks = keras.callbacks


class _Optimizer:
    learning_rate = 0.1


class _FakeModel:
    """What callbacks touch: weights (an epoch number here), the optimizer, saving."""

    def __init__(self):
        self.optimizer = _Optimizer()
        self.stop_training = False
        self.w = 0
        self.metrics = []
        self.saved = []

    def get_weights(self):
        return [self.w]

    def set_weights(self, weights):
        self.w = weights[0]

    def save_weights(self, path, overwrite=True):
        self.saved.append(path)

    save = save_weights


def _drive(callback, values, key='val_loss'):
    """Feed one log value per epoch; returns [(stop_training, lr, logged lr)] and the final weights."""
    model = _FakeModel()
    callback.set_model(model)
    callback.on_train_begin()
    out = []
    for epoch, value in enumerate(values):
        model.w = epoch
        logs = {key: value}
        callback.on_epoch_end(epoch, logs)
        out.append((model.stop_training, float(model.optimizer.learning_rate), logs.get('learning_rate')))
        if model.stop_training:
            break
    callback.on_train_end()
    return out, model.w


SEQUENCE = [1.0, 0.9, 0.95, 0.95, 0.89995, 0.96, 0.97, 0.5, 0.6, 0.6, 0.6, 0.6]


def test_reduce_lr_on_plateau_matches_keras():
    out, _ = _drive(callbacks.ReduceLROnPlateau(factor=0.5, patience=2, min_delta=1e-3, cooldown=1, min_lr=0.02),
                    SEQUENCE)
    lrs = [lr for _, lr, _ in out]
    logged = [logged for _, _, logged in out]
    assert lrs == pytest.approx([0.1, 0.1, 0.1, 0.05, 0.05, 0.025, 0.025, 0.025, 0.025, 0.02, 0.02, 0.02])
    # The log holds the rate the epoch ran with, as Keras 3 adds it before reducing.
    assert logged == pytest.approx([0.1, 0.1, 0.1, 0.1, 0.05, 0.05, 0.025, 0.025, 0.025, 0.025, 0.02, 0.02])


@pytest.mark.parametrize('kwargs, values, key, stopped_at, final_weights', [
    (dict(patience=2, min_delta=1e-3, restore_best_weights=True), SEQUENCE, 'val_loss', 3, 1),
    (dict(patience=3, baseline=0.5, restore_best_weights=True), SEQUENCE, 'val_loss', 2, 1),
    (dict(monitor='val_acc', mode='max', patience=1, start_from_epoch=2), [0.1, 0.5, 0.4, 0.3, 0.2],
     'val_acc', 3, 3),
    # Runs to the last epoch without stopping, and still restores the best (Keras 3).
    (dict(patience=10, restore_best_weights=True), [0.5, 0.4, 0.6, 0.7], 'val_loss', None, 1),
])
def test_early_stopping_matches_keras(kwargs, values, key, stopped_at, final_weights):
    out, weights = _drive(callbacks.EarlyStopping(**kwargs), values, key)
    stops = [i for i, (stop, _, _) in enumerate(out) if stop]
    assert stops == ([] if stopped_at is None else [stopped_at])
    assert weights == final_weights


def test_early_stopping_restores_best_weights_when_training_reaches_the_last_epoch():
    x = np.linspace(-1, 1, 32, dtype=np.float32).reshape(16, 2)
    y = x.sum(axis=1, keepdims=True)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), 'mse')
    snapshots = []
    record = callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: snapshots.append(model.get_weights()))
    # mode='max' on a falling loss: the first epoch is the best one.
    stopper = callbacks.EarlyStopping(monitor='loss', mode='max', patience=10, restore_best_weights=True)
    history = model.fit(x, y, epochs=4, batch_size=4, verbose=0, callbacks=[record, stopper])
    assert len(history.history['loss']) == 4 and stopper.stopped_epoch == 0
    for now, best in zip(model.get_weights(), snapshots[0]):
        np.testing.assert_array_equal(now, best)
    assert not np.allclose(snapshots[0][0], snapshots[-1][0])


@pytest.mark.filterwarnings('ignore::RuntimeWarning')     # the loss overflows to inf on purpose
def test_early_stopping_keras_docstring_example_runs_four_epochs():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.layers.Dense(10)])
    model.compile(keras.optimizers.SGD(), loss='mse')
    history = model.fit(np.arange(100).reshape(5, 20), np.zeros(5), epochs=10, batch_size=1, verbose=0,
                        callbacks=[callbacks.EarlyStopping(monitor='loss', patience=3)])
    assert len(history.history['loss']) == 4


def test_early_stopping_auto_mode_needs_a_known_direction():
    with pytest.raises(ValueError, match="mode='max'"):
        _drive(callbacks.EarlyStopping(monitor='val_custom'), [1.0], 'val_custom')


def test_model_checkpoint_formats_paths_and_saves_only_improvements(tmp_path):
    pattern = str(tmp_path / 'ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5')
    checkpoint = callbacks.ModelCheckpoint(pattern, save_best_only=True, save_weights_only=True)
    model = _FakeModel()
    checkpoint.set_model(model)
    for epoch, value in enumerate([0.5, 0.7, 0.25, 0.25]):
        checkpoint.on_epoch_end(epoch, {'val_loss': value})
    assert [p.rsplit('/', 1)[1] for p in model.saved] == ['ckpt-01-0.50.weights.h5', 'ckpt-03-0.25.weights.h5']
    every = callbacks.ModelCheckpoint(str(tmp_path / 'm{epoch}.keras'))
    every.set_model(model)
    every.on_epoch_end(0, {'val_loss': 1.0})
    every.on_epoch_end(1, {'val_loss': 2.0})
    assert model.saved[-2:] == [str(tmp_path / 'm1.keras'), str(tmp_path / 'm2.keras')]


def test_model_checkpoint_rejects_bad_paths_and_models_without_save(tmp_path):
    with pytest.raises(ValueError, match='.weights.h5'):
        callbacks.ModelCheckpoint(str(tmp_path / 'w.h5'), save_weights_only=True)
    with pytest.raises(ValueError, match='.keras'):
        callbacks.ModelCheckpoint(str(tmp_path / 'model.txt'))
    checkpoint = callbacks.ModelCheckpoint(str(tmp_path / '{epoch}-{missing}.keras'))
    checkpoint.set_model(_FakeModel())
    with pytest.raises(KeyError, match='missing'):
        checkpoint.on_epoch_end(0, {'val_loss': 1.0})

    class Unsaveable:
        metrics = []
    checkpoint = callbacks.ModelCheckpoint(str(tmp_path / 'm.keras'))
    checkpoint.set_model(Unsaveable())
    with pytest.raises(AttributeError, match=r'no save\(\) method'):
        checkpoint.on_epoch_end(0, {'val_loss': 1.0})


def _small_fit(callback_list, epochs=3, verbose=0, **kwargs):
    x = np.linspace(-1, 1, 40, dtype=np.float32).reshape(20, 2)
    y = x @ np.array([[1.0], [-1.0]], np.float32)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['mae'])
    return model, model.fit(x, y, epochs=epochs, batch_size=5, verbose=verbose, callbacks=callback_list, **kwargs)


def test_learning_rate_scheduler_sets_the_rate_each_epoch_and_logs_it():
    seen = []
    probe = callbacks.LambdaCallback(on_epoch_begin=lambda epoch, logs: seen.append(
        float(model_ref[0].optimizer.learning_rate)))
    model_ref = []

    class Grab(callbacks.Callback):
        def set_model(self, model):
            super().set_model(model)
            model_ref.append(model)

    schedule = callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch else lr)
    _, history = _small_fit([Grab(), schedule, probe])
    assert seen == pytest.approx([0.1, 0.05, 0.025])
    assert history.history['learning_rate'] == pytest.approx([0.1, 0.05, 0.025])
    with pytest.raises(ValueError, match='float'):
        _small_fit([callbacks.LearningRateScheduler(lambda epoch: 'fast')])


def test_csv_logger_writes_one_row_per_epoch(tmp_path):
    path = tmp_path / 'log.csv'
    _, history = _small_fit([callbacks.CSVLogger(str(path))], validation_split=0.2)
    rows = list(csv.DictReader(open(path)))
    assert list(rows[0]) == ['epoch', 'loss', 'mae', 'val_loss', 'val_mae']
    assert [float(r['loss']) for r in rows] == pytest.approx(history.history['loss'])
    _small_fit([callbacks.CSVLogger(str(path), append=True)], epochs=1)
    assert len(list(csv.DictReader(open(path)))) == 4


def test_terminate_on_nan_stops_at_the_first_bad_batch():
    seen = []
    x = np.ones((20, 2), np.float32)
    x[0, 0] = np.nan
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(x, np.ones((20, 1), np.float32), batch_size=5, epochs=3, shuffle=False, verbose=0,
                        callbacks=[callbacks.TerminateOnNaN(),
                                   callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(b))])
    assert seen == [0] and len(history.history['loss']) == 1 and math.isnan(history.history['loss'][0])


def test_hook_order_and_batch_logs():
    events = []

    class Recorder(callbacks.Callback):
        def on_train_begin(self, logs=None):
            events.append('train_begin')

        def on_epoch_begin(self, epoch, logs=None):
            events.append('epoch_begin %d' % epoch)

        def on_train_batch_end(self, batch, logs=None):
            events.append('batch %d %s' % (batch, sorted(logs)))

        def on_test_begin(self, logs=None):
            events.append('test_begin')

        def on_test_end(self, logs=None):
            events.append('test_end %s' % sorted(logs))

        def on_epoch_end(self, epoch, logs=None):
            events.append('epoch_end %d %s' % (epoch, sorted(logs)))

        def on_train_end(self, logs=None):
            events.append('train_end')

    _small_fit([Recorder()], epochs=1, validation_data=(np.zeros((3, 2), np.float32), np.zeros((3, 1), np.float32)))
    assert events == ['train_begin', 'epoch_begin 0'] + [
        "batch %d ['loss', 'mae']" % b for b in range(4)] + [
        'test_begin', "test_end ['loss', 'mae']", "epoch_end 0 ['loss', 'mae', 'val_loss', 'val_mae']",
        'train_end']


def test_callback_list_skips_batch_hooks_nobody_overrides():
    plain = CallbackList([callbacks.History(), callbacks.EarlyStopping()])
    assert not plain.wants('on_train_batch_end') and not plain.wants('on_test_batch_end')
    lam = CallbackList([callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: None)])
    assert lam.wants('on_train_batch_end') and not lam.wants('on_train_batch_begin')
    legacy = CallbackList([callbacks.TerminateOnNaN()])       # overrides on_batch_end only
    assert legacy.wants('on_train_batch_end')
    bad = CallbackList(['not a callback'])     # TF 2.21 builds it; the model's set_model fails
    with pytest.raises(TypeError, match='Callback'):
        bad.set_model(keras.Sequential([keras.layers.Dense(1)]))


def test_verbose_2_prints_one_keras_style_line_per_epoch(capsys):
    _small_fit(None, epochs=2, verbose=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == 'Epoch 1/2' and lines[2] == 'Epoch 2/2'
    assert lines[1].startswith('4/4 - 0s - ') and 'step - loss: ' in lines[1] and ' - mae: ' in lines[1]


def test_verbose_1_shows_a_progress_bar_and_verbose_0_nothing(capsys):
    _small_fit(None, epochs=1, verbose=1)
    out = capsys.readouterr().out
    assert '4/4' in out and 'loss:' in out
    _small_fit(None, epochs=1, verbose=0)
    assert capsys.readouterr().out == ''


def test_model_checkpoint_saves_the_best_weights_of_a_real_fit(tmp_path):
    path = str(tmp_path / 'best.weights.h5')
    checkpoint = callbacks.ModelCheckpoint(path, monitor='loss', save_best_only=True, save_weights_only=True)
    model, history = _small_fit([checkpoint], epochs=3)
    fresh = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    fresh.load_weights(path)
    for saved, trained in zip(fresh.get_weights(), model.get_weights()):
        np.testing.assert_array_equal(saved, trained)     # the loss fell every epoch: the last is the best
    assert checkpoint.best == pytest.approx(history.history['loss'][-1])


def test_steps_per_execution_calls_batch_hooks_once_per_execution():
    ends = []
    x = np.zeros((50, 2), np.float32)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', steps_per_execution=4)
    model.fit(x, np.zeros((50, 1), np.float32), batch_size=5, verbose=0,
              callbacks=[callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: ends.append(batch))])
    assert ends == [3, 7, 11]      # Keras 3 (TF 2.21) numbers the last, shorter group 8 + 4 - 1


def test_batch_logs_kept_by_a_callback_keep_their_values():
    kept = []
    _small_fit([callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: kept.append(logs))], epochs=1)
    assert all(type(logs) is dict for logs in kept)
    assert len({logs['loss'] for logs in kept}) == len(kept) == 4
