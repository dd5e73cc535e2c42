"""What a beginner's fit with verbose callbacks prints, line for line as Keras 3 prints it.

The expected lines are TF 2.21's stdout for the same program (imports changed), with the
time fields masked ('3s', '923ms/step' -> 'T'), and the file path as written.
"""
import re

import numpy as np
import pytest

from framework import keras



@pytest.fixture(autouse=True)
def _fresh_names():
    # these models take auto-names ('dense_7'); leave the counters as found for tests that print names
    yield
    keras.backend.clear_session()


def _masked(text):
    text = re.sub(r'\d+(\.\d+)?(s|ms|us)/step', 'T/step', text)
    return re.sub(r' - \d+s - ', ' - T - ', text)


def test_fit_verbose2_with_scheduler_plateau_checkpoint_and_early_stopping(capsys, tmp_path):
    keras.utils.set_random_seed(19)
    X = np.linspace(0, 1, 40, dtype='float32').reshape(20, 2)
    y = X.sum(1, keepdims=True)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss='mse')
    path = str(tmp_path / 'm.weights.h5')
    callbacks = [
        keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5 if e == 2 else lr, verbose=1),
        keras.callbacks.ReduceLROnPlateau(monitor='val_loss', factor=0.1, patience=1, verbose=1),
        keras.callbacks.ModelCheckpoint(path, monitor='val_loss', save_best_only=True, save_weights_only=True,
                                        verbose=1),
        keras.callbacks.EarlyStopping(monitor='val_loss', patience=2, verbose=1, restore_best_weights=True,
                                      min_delta=0.5)]
    history = model.fit(X, y, validation_data=(X[:6], y[:6]), epochs=8, batch_size=8, verbose=2,
                        callbacks=callbacks)
    out = _masked(capsys.readouterr().out).replace(path, 'PATH')
    assert out.split('\n') == [
        '',
        'Epoch 1: LearningRateScheduler setting learning rate to 0.05000000074505806.',
        'Epoch 1/8',
        '',
        'Epoch 1: val_loss improved from None to 0.00979, saving model to PATH',
        '',
        'Epoch 1: finished saving model to PATH',
        '3/3 - T - T/step - loss: 0.5152 - val_loss: 0.0098 - learning_rate: 0.0500',
        '',
        'Epoch 2: LearningRateScheduler setting learning rate to 0.05000000074505806.',
        'Epoch 2/8',
        '',
        'Epoch 2: ReduceLROnPlateau reducing learning rate to 0.005000000074505806.',
        '',
        'Epoch 2: val_loss did not improve from 0.00979',
        '3/3 - T - T/step - loss: 0.2206 - val_loss: 0.0246 - learning_rate: 0.0500',
        '',
        'Epoch 3: LearningRateScheduler setting learning rate to 0.0024999999441206455.',
        'Epoch 3/8',
        '',
        'Epoch 3: ReduceLROnPlateau reducing learning rate to 0.00024999999441206456.',
        '',
        'Epoch 3: val_loss did not improve from 0.00979',
        '3/3 - T - T/step - loss: 0.1270 - val_loss: 0.0256 - learning_rate: 0.0025',
        'Epoch 3: early stopping',
        'Restoring model weights from the end of the best epoch: 1.',
        '',
    ]
    assert history.history['learning_rate'] == [0.05000000074505806, 0.05000000074505806, 0.0024999999441206455]


@pytest.mark.parametrize('hook', ['on_train_batch_begin', 'on_train_batch_end'])
def test_lambda_batch_hooks_get_logs_by_keyword(hook):
    # Keras 3 calls batch hooks as hook(batch, logs=logs): TF raises
    # "TypeError: <lambda>() got an unexpected keyword argument 'logs'" for this callback
    X = np.zeros((4, 2), 'float32')
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    bad = keras.callbacks.LambdaCallback(**{hook: lambda b, l: None})
    with pytest.raises(TypeError, match="unexpected keyword argument 'logs'"):
        model.fit(X, X[:, :1], epochs=1, verbose=0, callbacks=[bad])
    seen = []
    good = keras.callbacks.LambdaCallback(**{hook: lambda batch, logs: seen.append((batch, sorted(logs)))})
    model.fit(X, X[:, :1], epochs=1, batch_size=2, verbose=0, callbacks=[good])
    assert [b for b, _ in seen] == [0, 1]
