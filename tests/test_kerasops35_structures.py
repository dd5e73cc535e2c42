"""What keras.ops functions return, as containers, on Keras 3.15 / TF 2.21.

keras.ops.nonzero: a list of int32 index tensors, one per axis (Keras unstacks tf.where's rows);
tapeflow gave numpy's tuple, so `type(...)`, `+` with another list and printing differed.

Goldens: /work/notes/progs/kerasops/c7.py (case nonzero) run with TF 2.21.
"""
import numpy as np

import framework as tf

ops = tf.keras.ops


def test_nonzero_is_a_list_of_int32_tensors():
    i = np.arange(12, dtype='int32').reshape(3, 4) - 5
    rows, cols = out = ops.nonzero(i)
    assert type(out) is list
    assert rows.dtype == tf.int32 and cols.dtype == tf.int32
    assert rows.numpy().tolist() == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    assert cols.numpy().tolist() == [0, 1, 2, 3, 0, 2, 3, 0, 1, 2, 3]


def test_keras_variable_drops_unknown_keywords():
    # Keras 3.15: KerasVariable(**kwargs) takes and ignores them (its constraint stays None); tapeflow raised
    # TypeError "__call__() got an unexpected keyword argument 'constraint'"
    v = tf.keras.Variable(np.array([-1., 2.], 'float32'), constraint=tf.keras.constraints.NonNeg(), foo=3)
    assert v.numpy().tolist() == [-1.0, 2.0]
    assert v.constraint is None
