"""The verbose=1 messages of Keras's monitoring callbacks, driven by scripted logs.

Golden text: /opt/tfref/bin/python (TF 2.21 / Keras 3.15), fitlogs4 p75 (/work/notes/progs/fitlogs4/p75.py):
the same callbacks fed the same per-epoch logs, so no kernel's numbers enter the messages. They pin
EarlyStopping's start_from_epoch / baseline / restore_best_weights together (stopped at epoch 5, best 4),
ReduceLROnPlateau's cooldown and min_lr (the float32 learning rate printed as its float64 value),
ModelCheckpoint's initial_value_threshold, LearningRateScheduler and TerminateOnNaN.
"""
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


@pytest.fixture
def model():
    keras.backend.clear_session()
    m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['accuracy'])
    return m


def drive(model, callback, key, values):
    callback.set_model(model)
    callback.on_train_begin()
    for epoch, value in enumerate(values):
        callback.on_epoch_begin(epoch)
        callback.on_epoch_end(epoch, {key: value, 'loss': 1.0})
        if model.stop_training:
            break
    callback.on_train_end()


def test_early_stopping_start_from_epoch_baseline_restore(model, capsys):
    es = keras.callbacks.EarlyStopping(monitor='val_loss', patience=1, verbose=1, restore_best_weights=True,
                                       start_from_epoch=2, baseline=0.5)
    drive(model, es, 'val_loss', [0.1, 0.05, 0.6, 0.4, 0.45, 0.3])
    assert capsys.readouterr().out == ('Epoch 5: early stopping\n'
                                       'Restoring model weights from the end of the best epoch: 4.\n')
    assert (es.stopped_epoch, es.best_epoch, es.best, es.wait) == (4, 3, 0.4, 1)


def test_reduce_lr_on_plateau_cooldown_and_min_lr(model, capsys):
    rl = keras.callbacks.ReduceLROnPlateau(monitor='val_loss', factor=0.2, patience=1, cooldown=1,
                                           min_lr=0.005, verbose=1)
    drive(model, rl, 'val_loss', [1.0] * 8)
    assert capsys.readouterr().out == (
        '\nEpoch 2: ReduceLROnPlateau reducing learning rate to 0.020000000298023225.\n'
        '\nEpoch 3: ReduceLROnPlateau reducing learning rate to 0.005.\n')
    assert float(model.optimizer.learning_rate) == 0.004999999888241291


def test_model_checkpoint_initial_value_threshold(model, capsys, tmp_path):
    path = str(tmp_path / 'best.weights.h5')
    ck = keras.callbacks.ModelCheckpoint(path, monitor='val_accuracy', save_best_only=True, save_weights_only=True,
                                         verbose=1, initial_value_threshold=0.5, mode='max')
    drive(model, ck, 'val_accuracy', [0.25, 0.5, 0.75, 0.75, 0.875])
    assert capsys.readouterr().out.replace(path, 'PATH') == (
        '\nEpoch 1: val_accuracy did not improve from 0.50000\n'
        '\nEpoch 2: val_accuracy did not improve from 0.50000\n'
        '\nEpoch 3: val_accuracy improved from 0.50000 to 0.75000, saving model to PATH\n'
        '\nEpoch 3: finished saving model to PATH\n'
        '\nEpoch 4: val_accuracy did not improve from 0.75000\n'
        '\nEpoch 5: val_accuracy improved from 0.75000 to 0.87500, saving model to PATH\n'
        '\nEpoch 5: finished saving model to PATH\n')
    assert ck.best == 0.875


def test_model_checkpoint_auto_mode_needs_a_known_metric(model):
    # compiled but never trained: 'accuracy' is not among the model's metrics yet, so 'auto' cannot
    # decide; Keras asks when the first epoch ends (set_model and on_train_begin pass)
    ck = keras.callbacks.ModelCheckpoint('unused.keras', monitor='val_accuracy', save_best_only=True)
    ck.set_model(model)
    ck.on_train_begin()
    with pytest.raises(ValueError, match="ModelCheckpoint callback received monitor=val_accuracy, but Keras "
                                         "isn't able to automatically determine whether that metric should be "
                                         "maximized or minimized."):
        ck.on_epoch_end(0, {'val_accuracy': 0.5})


def test_learning_rate_scheduler_and_terminate_on_nan(model, capsys):
    sched = keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch else 0.08, verbose=1)
    drive(model, sched, 'val_loss', [1, 1, 1])
    assert capsys.readouterr().out == (
        '\nEpoch 1: LearningRateScheduler setting learning rate to 0.08.\n'
        '\nEpoch 2: LearningRateScheduler setting learning rate to 0.03999999910593033.\n'
        '\nEpoch 3: LearningRateScheduler setting learning rate to 0.019999999552965164.\n')
    nan = keras.callbacks.TerminateOnNaN()
    nan.set_model(model)
    nan.on_train_batch_end(3, {'loss': float('nan')})
    assert model.stop_training
    model.stop_training = False
    nan.on_train_batch_end(4, {'loss': float('inf')})
    assert model.stop_training
    assert capsys.readouterr().out == ('Batch 3: Invalid loss, terminating training\n'
                                       'Batch 4: Invalid loss, terminating training\n')
