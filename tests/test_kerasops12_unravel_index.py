"""keras.ops.unravel_index by Keras 3.15's TensorFlow arithmetic (% and // in the indices' dtype).

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops12/g6.py (/opt/tfref; 12 of 12 lines equal after
the fix). No bounds check (7 and -1 wrap), float indices give float coordinates, and indices that are not 1-D
(a scalar too) take the axes first-to-last before reversing them: unravel_index(4, (2, 3)) is (2, 0) on TF,
where numpy says (1, 1). tapeflow used numpy's unravel_index and refused what Keras computes.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('call, expected', [
    (lambda: ops.unravel_index(np.array([1, 5]), (2, 3)), [('int64', (2,), [0, 1]), ('int64', (2,), [1, 2])]),
    (lambda: ops.unravel_index(4, (2, 3)), [('int32', (), 2), ('int32', (), 0)]),
    (lambda: ops.unravel_index(13, (2, 3, 4)), [('int32', (), 2), ('int32', (), 0), ('int32', (), 1)]),
    (lambda: ops.unravel_index(np.array([[1, 5], [2, 3]]), (2, 3)),
     [('int64', (2, 2), [[0, 2], [1, 1]]), ('int64', (2, 2), [[1, 1], [0, 1]])]),
    (lambda: ops.unravel_index(tf.constant([1, 5], tf.uint8), (2, 3)), [('uint8', (2,), [0, 1]), ('uint8', (2,), [1, 2])]),
    (lambda: ops.unravel_index(tf.constant([7, -1]), (2, 3)), [('int32', (2,), [0, 1]), ('int32', (2,), [1, 2])]),
    (lambda: ops.unravel_index(tf.constant([1.0, 4.5]), (2, 3)),
     [('float32', (2,), [0.0, 1.0]), ('float32', (2,), [1.0, 1.5])]),
    (lambda: ops.unravel_index([3, 5, 7], [2, 2, 2]),
     [('int32', (3,), [0, 1, 1]), ('int32', (3,), [1, 0, 1]), ('int32', (3,), [1, 1, 1])]),
    (lambda: ops.unravel_index(np.zeros((0,), np.int32), (2, 3)), [('int32', (0,), []), ('int32', (0,), [])]),
])
def test_unravel_index_as_keras_on_tf(call, expected):
    assert [(c.dtype.name, tuple(c.shape), np.asarray(c).tolist()) for c in call()] == expected


def test_a_free_length_in_shape_is_keras_value_error():
    with pytest.raises(ValueError) as caught:
        ops.unravel_index([3], (None, 2))
    assert str(caught.value) == '`shape` argument cannot contain `None`. Received: shape=(None, 2)'
