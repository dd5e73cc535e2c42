"""tf.strided_slice called directly with bad begin / end / strides: TensorFlow 2.21's StridedSlice kernel
words, with no ' name: ' tail where a Python list among the arguments sent the call down TF's slow path,
a bare one (or the given name) where every argument was a tensor or array. Texts printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('call, text', [
    (lambda: tf.strided_slice(tf.ones(3), [0], [3], [0]), 'strides[0] must be non-zero [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones((3, 3)), [0, 0], [3, 3], [1, 0]), 'strides[1] must be non-zero [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones(3), [0, 0], [3], [1]),
     'Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1], and [1] instead. '
     '[Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones(3), [5], [6], [1], shrink_axis_mask=1),
     'slice index 5 of dimension 0 out of bounds. [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones(3), [5], [6], shrink_axis_mask=1),
     'slice index 5 of dimension 0 out of bounds. [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones(3), [0, 0], [1, 1]),
     'Index out of range using input dim 1; input has only 1 dims [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.ones((3, 3)), [0, 0], [3, 3], [1, 1], ellipsis_mask=3),
     'Multiple ellipses in slice spec not allowed [Op:StridedSlice]'),
    (lambda: tf.strided_slice(tf.constant([0, 3, 7]), tf.constant([5]), tf.constant([6]), tf.constant([1]),
                              shrink_axis_mask=1),
     'slice index 5 of dimension 0 out of bounds. [Op:StridedSlice] name: '),
    (lambda: tf.strided_slice(tf.ones(3), np.array([5]), np.array([6]), np.array([1]), shrink_axis_mask=1, name='cut'),
     'slice index 5 of dimension 0 out of bounds. [Op:StridedSlice] name: cut'),
    (lambda: tf.strided_slice(tf.ones(3), tf.constant([0]), tf.constant([3]), tf.constant([0])),
     'strides[0] must be non-zero [Op:StridedSlice] name: '),
    (lambda: tf.strided_slice(tf.ones(3), tf.constant([0, 0]), tf.constant([3]), tf.constant([1])),
     'Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1], and [1] instead. '
     '[Op:StridedSlice] name: '),
])
def test_strided_slice_kernel_texts(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == _HEAD + text


def test_strided_slice_still_slices():
    assert tf.strided_slice(tf.ones((3, 4)), [0, 1], [2, 3], [1, 1]).shape.as_list() == [2, 2]
    assert tf.strided_slice(tf.constant([0, 3, 7]), [1], [2], shrink_axis_mask=1).numpy().tolist() == 3
