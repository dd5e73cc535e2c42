"""evaluate() and predict() given numpy arrays: TensorFlow copies them into tensors before the first
batch, so a callback that writes to the arrays between batches changes nothing the model reads.
tapeflow copies them too when callbacks are given; without callbacks no code of the user's runs
between batches and the arrays are batched where they are (layers/training/data.py, to_arrays).

Golden values: TF 2.21 + Keras 3.15 (x86-64) running this file's programs with
``import tensorflow as tf`` / ``import keras`` (progs/workspeed/tf/cb_write.py)."""
import numpy as np

from framework import keras

PREDICTED = [0.25, 1.25, 2.25, 3.25, 4.25, 5.25]
EVALUATED = [0.0625, 0.25]       # mse, mae


class _ZeroAfterEachBatch(keras.callbacks.Callback):
    def __init__(self, arrays):
        super().__init__()
        self.arrays = arrays

    def on_predict_batch_end(self, batch, logs=None):
        for a in self.arrays:
            a[...] = 0

    def on_test_batch_end(self, batch, logs=None):
        for a in self.arrays:
            a[...] = 0


def _data_and_model():
    x = np.arange(12, dtype=np.float32).reshape(6, 2) / 4
    y = np.arange(6, dtype=np.float32).reshape(6, 1)
    model = keras.Sequential([keras.Input((2,)),
                              keras.layers.Dense(1, kernel_initializer='ones', bias_initializer='zeros')])
    model.compile(loss='mse', metrics=['mae'])
    return x, y, model


def test_a_callback_writing_to_the_arrays_does_not_reach_later_batches():
    x, y, model = _data_and_model()
    xp = x.copy()
    out = model.predict(xp, batch_size=2, verbose=0, callbacks=[_ZeroAfterEachBatch([xp])])
    assert out.ravel().tolist() == PREDICTED
    assert not xp.any()             # the callback did write
    xe, ye = x.copy(), y.copy()
    assert model.evaluate(xe, ye, batch_size=2, verbose=0, callbacks=[_ZeroAfterEachBatch([xe, ye])]) == EVALUATED


def test_arrays_without_callbacks_give_the_same_values_and_stay_unchanged():
    x, y, model = _data_and_model()
    kept_x, kept_y = x.copy(), y.copy()
    assert model.predict(x, batch_size=2, verbose=0).ravel().tolist() == PREDICTED
    assert model.evaluate(x, y, batch_size=2, verbose=0) == EVALUATED
    # float64 and column-major inputs (converted or copied) and a strided view give the same values
    assert model.predict(x.astype(np.float64), batch_size=2, verbose=0).ravel().tolist() == PREDICTED
    assert model.predict(np.asfortranarray(x), batch_size=2, verbose=0).ravel().tolist() == PREDICTED
    wide = np.stack([x, x], axis=1).reshape(12, 2)[::2]
    assert model.predict(wide, batch_size=2, verbose=0).ravel().tolist() == PREDICTED
    assert model.evaluate(x, y.astype(np.int32), batch_size=2, verbose=0) == EVALUATED
    assert np.array_equal(x, kept_x) and np.array_equal(y, kept_y)
