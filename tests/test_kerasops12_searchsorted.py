"""keras.ops.searchsorted hands both operands to tf.searchsorted uncast, as Keras 3.15 on TF 2.21.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops12/g9.py (/opt/tfref; 13 of 15 lines equal after
the fix; bool sequences left: TF's NotFoundError, tapeflow's tf.searchsorted a TypeError). tapeflow cast
both to one dtype and computed where TF fails.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
LOWER = ('cannot compute LowerBound as input #1(zero-based) was expected to be a %s tensor but is a %s tensor '
         '[Op:LowerBound]')


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.searchsorted(tf.constant([1, 2, 3]), tf.constant([2.5])), tf.errors.InvalidArgumentError,
     LOWER % ('int32', 'float')),
    (lambda: ops.searchsorted([1, 2, 3], [1.5]), tf.errors.InvalidArgumentError, LOWER % ('int32', 'float')),
    (lambda: ops.searchsorted(np.array([1, 2, 3]), np.array([2], np.int32)), tf.errors.InvalidArgumentError,
     LOWER % ('int64', 'int32')),
    (lambda: ops.searchsorted([1, 2, 3], 2), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index -1 '
     'of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/'),
    (lambda: ops.searchsorted([1, 2, 3], [2], side='middle'), ValueError,
     "Argument `side` must be either 'right' or 'left'. Received: `side` = 'middle'."),
    (lambda: ops.searchsorted([[1.0]], [1.0]), ValueError,
     '`searchsorted` only supports 1-D sorted sequences. You can use `keras.ops.vectorized_map` to extend it to '
     'N-D sequences. Received: sorted_sequence.shape=(1, 1)'),
])
def test_searchsorted_errors_as_tf(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error and str(caught.value) == text


def test_searchsorted_values_as_tf():
    out = ops.searchsorted([1, 2, 3], [2, 0, 5])
    assert (out.dtype.name, np.asarray(out).tolist()) == ('int32', [1, 0, 3])
    out = ops.searchsorted(tf.constant([1, 2, 3], 'float16'), tf.constant([[2.0, 0.5]], 'float16'), side='right')
    assert (out.dtype.name, tuple(out.shape), np.asarray(out).tolist()) == ('int32', (1, 2), [[2, 0]])
    out = ops.searchsorted(np.array([1.0, 2.0]), np.array([1.5]))
    assert (out.dtype.name, np.asarray(out).tolist()) == ('int32', [1])
