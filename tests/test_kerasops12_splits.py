"""keras.ops.vsplit / hsplit / dsplit check no rank, as Keras 3.15 on TF 2.21: each is split along its axis.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops12/g8.py (/opt/tfref; 9 of 9 lines equal after the
fix): vsplit of a vector splits it, and a tensor without the axis meets TF's Split kernel's range error.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
SPLIT = ('{{function_node __wrapped__Split_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
         '-input rank(-%d) <= split_dim < input rank (%d), but got %d [Op:Split] name: split')


def _parts(parts):
    return [(c.dtype.name, tuple(c.shape), np.asarray(c).tolist()) for c in parts]


def test_vsplit_of_a_vector_splits_it():
    assert _parts(ops.vsplit(tf.constant([1.0, 2.0, 3.0, 4.0]), 2)) == \
        [('float32', (2,), [1.0, 2.0]), ('float32', (2,), [3.0, 4.0])]
    assert _parts(ops.hsplit(tf.constant([1, 2, 3, 4]), [1, 3])) == \
        [('int32', (1,), [1]), ('int32', (2,), [2, 3]), ('int32', (1,), [4])]


@pytest.mark.parametrize('call, text', [
    (lambda: ops.vsplit(tf.constant(1.0), 2), SPLIT % (0, 0, 0)),
    (lambda: ops.dsplit(tf.ones((2, 2)), 2), SPLIT % (2, 2, 2)),
    (lambda: ops.dsplit(tf.ones((4,)), 2), SPLIT % (1, 1, 2)),
    (lambda: ops.hsplit(tf.constant(1.0), 2), SPLIT % (0, 0, 1)),
])
def test_a_missing_axis_is_the_split_kernels_error(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text
