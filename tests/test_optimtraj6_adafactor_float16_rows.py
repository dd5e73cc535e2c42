"""Adafactor on an IndexedSlices gradient of a float16 variable, as Keras 3.15 on TF 2.21 (probe
/work/notes/progs/optimtraj4/adaf16s.py and grid.py sparse dt=float16).

In float16 epsilon_1 (1e-30) rounds to 0, so a row that no gradient has touched keeps v = 0. Keras's sparse
division ``IndexedSlices / sqrt(v)`` then takes those rows in too (0 / 0 = NaN), the update's rms is NaN,
and every such row and every gradient row becomes NaN. tapeflow divided only the gradient's rows and kept
finite values. float32 (epsilon_1 is 1e-30 there) is unchanged.
"""
import numpy as np

import framework as tf
from framework import keras


def _step(dtype):
    optimizer = keras.optimizers.Adafactor(0.01)
    table = tf.Variable(tf.cast(np.arange(15).reshape(5, 3) * 0.1 - 0.5, dtype), name='kernel')
    rows = tf.IndexedSlices(tf.cast(np.arange(12).reshape(4, 3) * 0.1 - 0.3, dtype), tf.constant([3, 0, 3, 1]),
                            tf.constant([5, 3]))
    optimizer.apply_gradients([(rows, table)])
    return table.numpy(), optimizer


def test_float16_rows_with_untouched_rows_give_nan_everywhere_as_tf():
    values, optimizer = _step('float16')
    assert np.isnan(values).all()
    # the second moments themselves stay finite (TF 2.21: rows 2 and 4 of the row slot are 0)
    assert optimizer.variables[2].numpy().tolist() == [0.01666259765625, 0.49658203125, 0.0, 0.21337890625, 0.0]


def test_float32_rows_stay_finite():
    values, _ = _step('float32')
    # TF 2.21's values (rows 2 and 4 unchanged)
    assert values[2].tolist() == np.float32([0.1, 0.2, 0.3]).tolist()
    assert values[0].tolist() == np.float32([-0.5, -0.40375742, -0.3064849]).tolist()
    assert values[3].tolist() == np.float32([0.4, 0.49789956, 0.59637487]).tolist()
