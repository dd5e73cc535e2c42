"""tf.one_hot of numpy indices of other dtypes: TF 2.21's eager fast path converts them to OneHot's default TI
(int64) with a C cast, where tensors and Python lists of floats refuse. Values printed by TF 2.21
(notes/progs/opsfuzz10/p16.py: tf.one_hot(v, 3).numpy().tolist())."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('indices, expected', [
    (np.float32(1.7), [0.0, 1.0, 0.0]),
    (np.array([[1.9, -2.5]], np.float64), [[[0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]]),
    (np.array([3.0, 2.2], np.float16), [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]),
    (np.array([True, False]), [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]),
    (np.array([2, 1], np.uint16), [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]),
    (np.array([1., np.nan, 1e10, -1e30, np.inf], np.float32),
     [[0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
])
def test_numpy_indices_are_cast_to_int64(indices, expected):
    assert tf.one_hot(indices, 3).numpy().tolist() == expected


def test_float_tensors_and_lists_still_refuse():
    for indices in (tf.constant([1.0, 2.7]), [1.0, 2.5]):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'TI' of float is not in the list"):
            tf.one_hot(indices, 3)
