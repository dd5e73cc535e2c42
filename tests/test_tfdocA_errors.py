"""Kernel error texts of TensorFlow 2.21's docstring examples (gen_array_ops.py bitcast, check_ops.py
ensure_shape), as TF 2.21 (/opt/tfref) prints them."""
import pytest

import framework as tf

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


def test_bitcast_to_a_wider_dtype_needs_the_last_axis():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.bitcast([1., 2., 3.], tf.complex128)
    assert str(caught.value) == ('{{function_node __wrapped__Bitcast_device_%s}} Cannot bitcast from 1 to 18 '
                                 '[Op:Bitcast]' % CPU)
    assert tf.bitcast(tf.constant(0xffffffff, dtype=tf.uint32), tf.uint8).numpy().tolist() == [255] * 4


def test_ensure_shape_error_is_the_kernels():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.ensure_shape(tf.zeros([2, 3]), [5])
    assert str(caught.value) == ('{{function_node __wrapped__EnsureShape_device_%s}} Shape of tensor input [2,3] is '
                                 'not compatible with expected shape [5]. [Op:EnsureShape] name: ' % CPU)
    assert tf.ensure_shape(tf.zeros([2, 3]), [None, 3]).shape == (2, 3)
