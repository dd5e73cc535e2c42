"""The "Writing your own callbacks" guide's CustomCallback: which hooks fire, in which order,
with which log keys and value types, for fit (validation_split, steps_per_epoch), evaluate
and predict.

KERAS_LINES were printed by Keras 3 (TensorFlow 2.21) running the same program
(/work/notes/progs/kguides_rnn_callbacks/gold_hooks.py). tapeflow handed
on_predict_batch_end its outputs as tensors; Keras's callback list gives numpy arrays.
"""
import numpy as np

from framework import keras

KERAS_LINES = [
    'train_begin []',
    'epoch_begin 0 []',
    'train_batch_begin 0 []',
    "train_batch_end 0 ['loss', 'mean_absolute_error'] float float",
    'train_batch_begin 1 []',
    "train_batch_end 1 ['loss', 'mean_absolute_error'] float float",
    'test_begin []',
    'test_batch_begin 0 []',
    "test_batch_end 0 ['loss', 'mean_absolute_error'] float float",
    'test_batch_begin 1 []',
    "test_batch_end 1 ['loss', 'mean_absolute_error'] float float",
    "test_end ['loss', 'mean_absolute_error'] float float",
    "epoch_end 0 ['loss', 'mean_absolute_error', 'val_loss', 'val_mean_absolute_error'] float float float float",
    "train_end ['loss', 'mean_absolute_error', 'val_loss', 'val_mean_absolute_error'] float float float float",
    'test_begin []',
    'test_batch_begin 0 []',
    "test_batch_end 0 ['loss', 'mean_absolute_error'] float float",
    'test_batch_begin 1 []',
    "test_batch_end 1 ['loss', 'mean_absolute_error'] float float",
    "test_end ['loss', 'mean_absolute_error'] float float",
    'predict_begin []',
    'predict_batch_begin 0 []',
    "predict_batch_end 0 ['outputs'] ndarray",
    'predict_batch_begin 1 []',
    "predict_batch_end 1 ['outputs'] ndarray",
    'predict_end []',
    'train_begin []',
    'epoch_begin 0 []',
    'train_batch_begin 0 []',
    "train_batch_end 0 ['loss', 'mean_absolute_error'] float float",
    "epoch_end 0 ['loss', 'mean_absolute_error'] float float",
    'epoch_begin 1 []',
    'train_batch_begin 0 []',
    "train_batch_end 0 ['loss', 'mean_absolute_error'] float float",
    "epoch_end 1 ['loss', 'mean_absolute_error'] float float",
    "train_end ['loss', 'mean_absolute_error'] float float",
]


class CustomCallback(keras.callbacks.Callback):
    def _show(self, what, *args):
        logs = args[-1]
        print(what, *args[:-1], list(logs.keys()), *(type(v).__name__ for v in logs.values()))
    def on_train_begin(self, logs=None): self._show("train_begin", logs)
    def on_train_end(self, logs=None): self._show("train_end", logs)
    def on_epoch_begin(self, epoch, logs=None): self._show("epoch_begin", epoch, logs)
    def on_epoch_end(self, epoch, logs=None): self._show("epoch_end", epoch, logs)
    def on_test_begin(self, logs=None): self._show("test_begin", logs)
    def on_test_end(self, logs=None): self._show("test_end", logs)
    def on_predict_begin(self, logs=None): self._show("predict_begin", logs)
    def on_predict_end(self, logs=None): self._show("predict_end", logs)
    def on_train_batch_begin(self, batch, logs=None): self._show("train_batch_begin", batch, logs)
    def on_train_batch_end(self, batch, logs=None): self._show("train_batch_end", batch, logs)
    def on_test_batch_begin(self, batch, logs=None): self._show("test_batch_begin", batch, logs)
    def on_test_batch_end(self, batch, logs=None): self._show("test_batch_end", batch, logs)
    def on_predict_batch_begin(self, batch, logs=None): self._show("predict_batch_begin", batch, logs)
    def on_predict_batch_end(self, batch, logs=None): self._show("predict_batch_end", batch, logs)


def test_guide_custom_callback_sees_keras_hooks_keys_and_types(capsys):
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.1), loss='mean_squared_error',
                  metrics=['mean_absolute_error'])
    x = np.linspace(0, 1, 40 * 3, dtype='float32').reshape(40, 3)
    y = x.sum(axis=1)
    model.fit(x, y, batch_size=16, epochs=1, verbose=0, validation_split=0.5, callbacks=[CustomCallback()])
    model.evaluate(x, y, batch_size=32, verbose=0, callbacks=[CustomCallback()])
    model.predict(x, batch_size=32, verbose=0, callbacks=[CustomCallback()])
    model.fit(x, y, batch_size=16, epochs=2, steps_per_epoch=1, verbose=0, callbacks=[CustomCallback()])
    assert capsys.readouterr().out.splitlines() == KERAS_LINES


def test_predict_batch_outputs_are_numpy_arrays_of_the_batch():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    seen = []
    keras_callback = keras.callbacks.LambdaCallback(
        on_predict_batch_end=lambda batch, logs: seen.append(logs['outputs']))
    result = model.predict(np.ones((5, 3), 'float32'), batch_size=2, verbose=0, callbacks=[keras_callback])
    assert [type(out) for out in seen] == [np.ndarray] * 3
    np.testing.assert_array_equal(np.concatenate(seen), result)
