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


@pytest.mark.parametrize('lo, hi, tail', [
    ([[[2, 1]]], 100, 'Incompatible shapes: [2,3] vs. [1,1,2] [Op:Maximum]'),
    (tf.constant([[[2., 1.]]]), 100, 'Incompatible shapes: [2,3] vs. [1,1,2] [Op:Maximum] name: '),
    (0., [[[2, 1]]], 'Incompatible shapes: [2,3] vs. [1,1,2] [Op:Minimum]'),
    (0., tf.constant([[[2., 1.]]]), 'Incompatible shapes: [2,3] vs. [1,1,2] [Op:Minimum] name: '),
])
def test_clip_by_value_shape_errors_have_no_name_tail_for_list_bounds(lo, hi, tail):
    # TF 2.21: the clip_by_value docstring (a list bound: no ' name: ' tail; a tensor bound: the tail)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.clip_by_value(tf.constant([[-1, 0., 10.], [-1, 0, 10]]), lo, hi)
    assert str(caught.value).endswith(tail)


@pytest.mark.parametrize('value, text', [
    (object(), 'Attempt to convert a value (<object object at'),
    (None, 'Attempt to convert a value (None) with an unsupported type'),
    ({'a': 1}, "Attempt to convert a value ({'a': 1}) with an unsupported type (<class 'dict'>) to a Tensor."),
])
def test_assertions_on_values_that_are_no_tensors_raise_the_conversions_value_error(value, text):
    # TF 2.21: tf.debugging.assert_equal(value, 1) -> ValueError (the dispatch.py docstring's MaskedTensor too)
    with pytest.raises(ValueError) as caught:
        tf.debugging.assert_equal(value, 1)
    assert type(caught.value).__name__ == "ValueError" and str(caught.value).startswith(text)
    assert 'assert_equal: cannot use' in caught.value.__notes__[-1]
