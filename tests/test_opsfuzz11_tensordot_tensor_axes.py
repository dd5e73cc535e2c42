"""tf.tensordot with axes given as a tensor or numpy array, as TF 2.21's _tensordot_axes slices it (texts
printed by TF 2.21: tf.tensordot(a, b, axes=tf.constant(1)) -> InvalidArgumentError '{{function_node
__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} Attempting to slice scalar
input. [Op:StridedSlice] name: strided_slice/'; np.int64(1) is an int count and runs)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

A = tf.reshape(tf.range(24.), [2, 3, 4])
B = tf.reshape(tf.range(24.), [4, 3, 2])


@pytest.mark.parametrize('axes', [tf.constant(1), tf.constant(0), np.array(1)])
def test_scalar_tensor_axes_fail_slicing(axes):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.tensordot(A, B, axes=axes)
    assert str(caught.value) == ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} Attempting to slice scalar input. [Op:StridedSlice] '
                                 'name: strided_slice/')


@pytest.mark.parametrize('axes', [tf.constant([2, 0]), np.array([2, 0])])
def test_vector_tensor_axes_fail_in_list_diff(axes):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.tensordot(A, B, axes=axes)
    assert str(caught.value) == ('{{function_node __wrapped__ListDiff_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} y should be a 1D vector. [Op:ListDiff] name: ')


def test_axes_conversion_error_names_axes():
    with pytest.raises(ValueError) as caught:
        tf.tensordot(A, B, axes=tf.constant(1, tf.int64))
    assert str(caught.value).startswith('axes: Tensor conversion requested dtype int32 for Tensor with dtype int64')


def test_matrix_axes_and_numpy_int_count_still_run():
    expected = tf.tensordot(A, B, axes=[[2], [0]]).numpy()
    assert np.array_equal(tf.tensordot(A, B, axes=tf.constant([[2], [0]])).numpy(), expected)
    assert np.array_equal(tf.tensordot(A, B, axes=np.int64(1)).numpy(), expected)
