"""A batch-end callback that stops fit (a ModelCheckpoint whose file name needs '{val_loss}' mid-epoch raises
Keras's KeyError) after step calls ran: TensorFlow's retracing detector counted those calls, so later
warnings read TF 2.21's numbers. tapeflow counted a pass's calls at its end only.

Golden text printed by TF 2.21 (/work/notes/progs/kerasio42/p20.py, KS=RRRRRN): five models whose fit
stops at the end of batch 2 (a callback raising KeyError), then a sixth fitted normally (2 epochs,
validation_split=0.25, batch_size=8 on 40 samples): 'WARNING:tensorflow:5 out of the last 13 calls to
<function TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator at 0x...> triggered tf.function
retracing. ...' during the fifth fit and again during the sixth (tapeflow before: '5 out of the last 5'
and '6 out of the last 6')."""
import logging
import re

import numpy as np
import pytest

from framework import keras
from layers.training import step_retracing

X = np.random.RandomState(0).rand(40, 3).astype('float32')
Y = X @ np.array([[1.], [2.], [-1.]], 'float32')
MULTI_STEP = '<function TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator'


@pytest.fixture(autouse=True)
def fresh_history():
    step_retracing.forget()
    yield
    step_retracing.forget()
    keras.backend.clear_session()


class StopAtBatch2(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 2:
            raise KeyError('stop')


def _fit(callbacks):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    model.compile('adam', 'mse', metrics=['mae'])
    return model.fit(X, Y, epochs=2, batch_size=8, validation_split=0.25, shuffle=False, verbose=0,
                     callbacks=callbacks)


def _warnings(caplog):
    found = [re.sub(r' at 0x[0-9a-f]+> triggered.*', '', r.getMessage(), flags=re.S)
             for r in caplog.records if 'triggered tf.function retracing' in r.getMessage()]
    caplog.clear()
    return found


def test_calls_before_a_failing_batch_end_callback_are_counted(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    seen = []
    for _ in range(5):
        with pytest.raises(KeyError, match='stop'):
            _fit([StopAtBatch2()])
        seen.append(_warnings(caplog))
    _fit([])
    seen.append(_warnings(caplog))
    expected = '5 out of the last 13 calls to ' + MULTI_STEP
    assert seen == [[], [], [], [], [expected], [expected]]


def test_checkpoint_name_needing_val_loss_mid_epoch_fails_as_keras(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KeyError) as caught:
        _fit([keras.callbacks.ModelCheckpoint('c-{epoch:02d}-{val_loss:.3f}.keras', save_freq=3)])
    assert caught.value.args[0] == ('Failed to format this callback filepath: "c-{epoch:02d}-{val_loss:.3f}.keras". '
                                    "Reason: 'val_loss'")
