"""The order of a custom step's logs in the epoch line, History and callbacks (Keras 3).

Keras 3's callback list hands each hook a sorted, flattened copy of the logs
(``pythonify_logs``): a train_step that returns ``{m.name: m.result() for m in self.metrics}``
nests the compiled metrics under 'compile_metrics', which sorts before 'loss'; evaluate
sorts its logs once more. Golden strings: this module's model, data and callback run under
TensorFlow 2.21 / Keras 3 (``import tensorflow as tf; from tensorflow import keras``).
"""
import re

import numpy as np

import framework as tf
from framework import keras


class StepOverMetrics(keras.Model):
    """The train_step / test_step of the Keras guide "Customizing what happens in fit()"."""

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self._update(loss, y, y_pred)

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        return self._update(self.compute_loss(y=y, y_pred=y_pred), y, y_pred)

    def _update(self, loss, y, y_pred):
        for metric in self.metrics:
            if metric.name == 'loss':
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class Seen(keras.callbacks.Callback):
    """Records the keys each hook sees; adds a key at epoch end (ReduceLROnPlateau does so)."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(('epoch_end', list(logs)))
        logs['extra'] = 1.0

    def on_test_end(self, logs=None):
        self.seen.append(('test_end', list(logs)))

    def on_train_end(self, logs=None):
        self.seen.append(('train_end', list(logs)))


def test_custom_step_logs_follow_keras_order(capsys):
    x = np.arange(12, dtype='float32').reshape(6, 2) / 10.0
    y = np.array([[0.5], [1.0], [1.5], [0.0], [2.0], [1.0]], dtype='float32')
    inputs = keras.Input((2,))
    model = StepOverMetrics(inputs, keras.layers.Dense(1)(inputs))
    model.set_weights([np.array([[0.3], [-0.2]], 'float32'), np.array([0.1], 'float32')])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    seen = Seen()
    history = model.fit(x, y, batch_size=3, epochs=1, verbose=2, shuffle=False, validation_data=(x, y),
                        callbacks=[seen]).history
    evaluated = model.evaluate(x, y, verbose=2, return_dict=True, callbacks=[seen])
    printed = re.sub(r' - \d+m?s - \d+[mu]?s/step', '', capsys.readouterr().out)

    assert printed == ('2/2 - mae: 0.8624 - loss: 0.9587 - val_loss: 0.5365 - val_mae: 0.6107 - extra: 1.0000\n'
                       '1/1 - loss: 0.5365 - mae: 0.6107\n')
    assert list(history) == ['mae', 'loss', 'val_loss', 'val_mae', 'extra']
    np.testing.assert_allclose([history[k][0] for k in ['mae', 'loss', 'val_loss', 'val_mae']],
                               [0.8624332547187805, 0.958650529384613, 0.5365234017372131, 0.61069655418396],
                               rtol=1e-5)
    # on_train_end gets its own copy: the key a callback added at epoch end is not in it.
    assert seen.seen == [('test_end', ['loss', 'mae']), ('epoch_end', ['mae', 'loss', 'val_loss', 'val_mae']),
                         ('train_end', ['mae', 'loss', 'val_loss', 'val_mae']), ('test_end', ['loss', 'mae'])]
    assert list(evaluated) == ['mae', 'loss']
