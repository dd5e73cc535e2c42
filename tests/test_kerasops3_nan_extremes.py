"""keras.ops.nanmax / nanmin of bool tensors reduce with any / all and stay bool, as Keras 3 on TF 2.21."""
import numpy as np

from framework import keras

ops = keras.ops
B = np.array([[True, False], [False, False]])


def test_bool_nanmax_is_any():
    # TF 2.21: nanmax(B, axis=1) is bool [True, False]; nanmax(B) bool True; keepdims shape (2, 1)
    r = ops.nanmax(B, axis=1)
    assert r.dtype.name == 'bool' and np.asarray(r).tolist() == [True, False]
    assert ops.nanmax(B).dtype.name == 'bool' and bool(np.asarray(ops.nanmax(B)))
    assert tuple(ops.nanmax(B, axis=1, keepdims=True).shape) == (2, 1)


def test_bool_nanmin_is_all():
    # TF 2.21: nanmin(B, axis=0) is bool [False, False]; nanmin of all-True is True
    r = ops.nanmin(B, axis=0)
    assert r.dtype.name == 'bool' and np.asarray(r).tolist() == [False, False]
    assert bool(np.asarray(ops.nanmin(np.array([True, True]))))


def test_bool_keras_tensor():
    # TF 2.21: nanmax(keras.Input((3,), dtype='bool'), axis=1) is KerasTensor (None,) bool
    r = ops.nanmax(keras.Input((3,), dtype='bool'), axis=1)
    assert tuple(r.shape) == (None,) and r.dtype == 'bool'
