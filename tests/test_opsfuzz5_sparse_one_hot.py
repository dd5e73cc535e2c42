"""keras.ops.one_hot / multi_hot with sparse=True: the SparseTensor Keras 3's TensorFlow backend builds (printed by
TF 2.21 as (indices, values dtype, values, dense_shape): /work/notes/progs/opsfuzz5)."""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


def _parts(st):
    return st.indices.numpy().tolist(), st.values.dtype.name, st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


@pytest.mark.parametrize('call, expected', [
    (lambda: ops.one_hot([1, 0], 2, sparse=True), ([[0, 1], [1, 0]], 'float32', [1.0, 1.0], [2, 2])),
    # a negative label keeps its entry, at class 0 with value 0
    (lambda: ops.one_hot(np.array([[0, 2], [-1, 1]]), 3, sparse=True),
     ([[0, 0, 0], [0, 1, 2], [1, 0, 0], [1, 1, 1]], 'float32', [1.0, 1.0, 0.0, 1.0], [2, 2, 3])),
    (lambda: ops.one_hot(np.array([0, 2]), 3, axis=0, sparse=True, dtype='int32'),
     ([[0, 0], [2, 1]], 'int32', [1, 1], [3, 2])),
    (lambda: ops.one_hot(np.array([[0, 2], [1, 1]]), 3, axis=1, sparse=True),
     ([[0, 0, 0], [0, 2, 1], [1, 1, 0], [1, 1, 1]], 'float32', [1.0, 1.0, 1.0, 1.0], [2, 3, 2])),
    (lambda: ops.one_hot(np.array([0., 2.7]), 3, sparse=True), ([[0, 0], [1, 2]], 'float32', [1.0, 1.0], [2, 3])),
    (lambda: ops.multi_hot(np.array([[0, 2], [1, 1]]), 3, sparse=True),
     ([[0, 0], [0, 2], [1, 1]], 'float32', [1.0, 1.0, 1.0], [2, 3])),
    (lambda: ops.multi_hot(np.array([0, 2, 2]), 4, sparse=True), ([[0], [2]], 'float32', [1.0, 1.0], [4])),
    (lambda: ops.multi_hot(np.array([[0, 2], [1, -1]]), 3, sparse=True, dtype='bool'),
     ([[0, 0], [0, 2], [1, 0], [1, 1]], 'bool', [True, True, False, True], [2, 3])),
])
def test_sparse_hots(call, expected):
    assert _parts(call()) == expected
