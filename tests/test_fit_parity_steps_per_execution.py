"""Batch hooks under ``compile(steps_per_execution=N)``, numbered as Keras 3 numbers them.

Keras runs N steps as one function: batch hooks and the stop flags come between groups of
N steps only, a last shorter group is reported as first step + N - 1 (past the data), and
``on_predict_batch_end`` gets the group's outputs joined. Golden values: ``_run`` under
TensorFlow 2.21 / Keras 3 (``from tensorflow import keras``).
"""
import numpy as np
import pytest

from framework import keras


class Hooks(keras.callbacks.Callback):
    def __init__(self, stop_at):
        super().__init__()
        self.stop_at = stop_at
        self.calls = []

    def on_train_batch_begin(self, batch, logs=None):
        self.calls.append(('train_begin', batch))

    def on_train_batch_end(self, batch, logs=None):
        self.calls.append(('train_end', batch))
        if batch == self.stop_at:
            self.model.stop_training = True

    def on_test_batch_end(self, batch, logs=None):
        self.calls.append(('test_end', batch))

    def on_predict_batch_begin(self, batch, logs=None):
        self.calls.append(('predict_begin', batch))

    def on_predict_batch_end(self, batch, logs=None):
        self.calls.append(('predict_end', batch, tuple(logs['outputs'].shape)))


def _run(stop_at):
    x = np.arange(14, dtype='float32').reshape(7, 2) / 10.0
    y = np.arange(7, dtype='float32').reshape(7, 1) / 7.0
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.set_weights([np.array([[0.3], [-0.2]], 'float32'), np.array([0.1], 'float32')])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', steps_per_execution=3)
    hooks = Hooks(stop_at)
    history = model.fit(x, y, batch_size=1, epochs=3, verbose=0, shuffle=False, callbacks=[hooks])
    train_calls, hooks.calls = hooks.calls, []
    evaluated = model.evaluate(x, y, batch_size=2, verbose=0, callbacks=[hooks])
    predicted = model.predict(x, batch_size=2, verbose=0, callbacks=[hooks])
    return history, train_calls, evaluated, predicted, hooks.calls, model.get_weights()


_GROUPS = [('train_begin', 0), ('train_end', 2), ('train_begin', 3), ('train_end', 5), ('train_begin', 6),
           ('train_end', 8)]
_EVAL_PREDICT = [('test_end', 2), ('test_end', 5), ('predict_begin', 0), ('predict_end', 2, (6, 1)),
                 ('predict_begin', 3), ('predict_end', 5, (1, 1))]


@pytest.mark.parametrize('stop_at, epochs, losses, train_calls, evaluated, kernel, bias', [
    (3, [0, 1, 2], [0.032200925052165985, 0.02105783112347126, 0.013128007762134075], _GROUPS * 3,
     0.011663252487778664, [[0.5219767093658447], [0.03004375845193863]], [0.18067076802253723]),
    # stop_training set at batch 5 stops after that group, before step 6
    (5, [0], [0.034041132777929306], _GROUPS[:4],
     0.02226465940475464, [[0.4276752769947052], [-0.05529015138745308]], [0.2703460156917572]),
])
def test_hooks_come_once_per_group(stop_at, epochs, losses, train_calls, evaluated, kernel, bias):
    history, got_train_calls, got_evaluated, predicted, eval_predict_calls, weights = _run(stop_at)
    assert history.epoch == epochs
    np.testing.assert_allclose(history.history['loss'], losses, rtol=1e-5)
    assert got_train_calls == train_calls
    np.testing.assert_allclose(got_evaluated, evaluated, rtol=1e-5)
    assert predicted.shape == (7, 1)
    assert eval_predict_calls == _EVAL_PREDICT
    np.testing.assert_allclose(weights[0], kernel, rtol=1e-5)
    np.testing.assert_allclose(weights[1], bias, rtol=1e-5)
