"""Calling a concrete function as the tf.function guide does: TensorFlow 2.21 (/opt/tfref) binds a
tensor by dtype only (any shape runs; another dtype is the graph kernel's InvalidArgumentError,
which the guide expects with assert_raises) and converts Python values to the traced dtype."""
import pytest

import framework as tf


@tf.function
def double(a):
    return a + a


def test_another_dtype_is_invalid_argument_as_the_guide_expects():
    strings = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
    assert strings(tf.constant('c')).numpy() == b'cc'
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'input #0\(zero-based\) was expected to be a string tensor but is a int32 tensor'):
        strings(tf.constant(1))


def test_any_shape_of_the_traced_dtype_runs_and_python_values_convert():
    pairs = double.get_concrete_function(tf.TensorSpec(shape=[2], dtype=tf.float32))
    assert pairs(tf.constant([1., 2., 3.])).numpy().tolist() == [2., 4., 6.]
    out = pairs([1., 2.])
    assert out.numpy().tolist() == [2., 4.] and out.dtype == tf.float32     # a tensor, not list + list
    with pytest.raises(TypeError, match=r'Can not cast TensorSpec\(shape=\(\), dtype=tf.float32, name=None\) to '
                                        r'TensorSpec\(shape=\(2,\), dtype=tf.float32, name=None\)'):
        pairs(5)
