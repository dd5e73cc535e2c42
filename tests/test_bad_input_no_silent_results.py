"""Bad input that tapeflow used to accept quietly, giving a number TensorFlow never gives.

Each case was run under TensorFlow 2.21 (/opt/tfref, 2026-12-02): it either raised
(the class is pinned here) or gave the value pinned here.
"""
import numpy as np
import pytest

import framework as tf


def test_clip_by_value_with_min_above_max_gives_min_as_tensorflow():
    # TF 2.21: tf.clip_by_value([1., 2., 3.], 2.5, 1.5) -> [2.5, 2.5, 2.5] (its kernel clips to max, then min).
    out = tf.clip_by_value(tf.constant([1., 2., 3.]), 2.5, 1.5)
    np.testing.assert_array_equal(out.numpy(), [2.5, 2.5, 2.5])
    np.testing.assert_array_equal(tf.clip_by_value(tf.constant([1., 2., 3.]), 1.5, 2.5).numpy(), [1.5, 2., 2.5])


@pytest.mark.parametrize('depth, error', [(-1, tf.errors.InvalidArgumentError), (2.5, TypeError), (None, TypeError),
                                          ('3', TypeError)])
def test_one_hot_refuses_a_depth_that_is_not_a_count(depth, error):
    # TF 2.21: depth -1 -> InvalidArgumentError "depth must be non-negative"; 2.5 -> TypeError.
    with pytest.raises(error, match='one_hot: depth'):
        tf.one_hot([0], depth)


def test_one_hot_takes_a_tensor_depth_but_no_python_float():
    np.testing.assert_array_equal(tf.one_hot([1], tf.constant(3)).numpy(), [[0., 1., 0.]])
    np.testing.assert_array_equal(tf.one_hot([1], np.float64(3.0)).numpy(), [[0., 1., 0.]])
    # TF 2.21: tf.one_hot([1], 3.0) -> TypeError 'Cannot convert 3.0 to EagerTensor of dtype int32'
    with pytest.raises(TypeError, match='^Cannot convert 3.0 to EagerTensor of dtype int32'):
        tf.one_hot([1], 3.0)


def test_a_fractional_shape_is_refused_not_cut():
    # TF 2.21: tf.ones([2.5]) -> TypeError "Cannot convert [2.5] to EagerTensor of dtype int32".
    with pytest.raises(TypeError, match=r'ones: shape .*\[2\.5\]'):
        tf.ones([2.5])
    with pytest.raises(TypeError, match=r'^Cannot convert \[2\.0\] to EagerTensor of dtype int32'):
        tf.ones([2.0])      # TF 2.21 refuses a whole float too


def test_a_zero_pooling_window_is_an_error_not_an_index_error():
    # TF 2.21: InvalidArgumentError "Sliding window ksize must be positive"; tapeflow crashed with IndexError.
    with pytest.raises(tf.errors.InvalidArgumentError, match='max_pool2d: ksize'):
        tf.nn.max_pool2d(tf.ones((1, 4, 4, 1)), 0, 1, 'VALID')


def test_fractions_in_a_list_are_refused_for_an_integer_dtype():
    # TF 2.21: tf.constant([1.5, 2.], dtype=tf.int32) -> TypeError; tapeflow cut 1.5 to 1.
    with pytest.raises(TypeError, match=r'1\.5'):
        tf.constant([1.5, 2.], dtype=tf.int32)
    with pytest.raises(TypeError, match='assign'):
        tf.Variable([1, 2]).assign([1.5, 2.])
    # whole numbers too (TF 2.21: "Cannot convert [3.0, 4.0] to EagerTensor of dtype int32")
    with pytest.raises(TypeError, match=r'^Cannot convert \[3\.0, 4\.0\] to EagerTensor of dtype int32'):
        tf.Variable([1, 2]).assign([3., 4.])


def test_a_variable_refuses_a_tensor_of_another_dtype_and_keeps_its_value():
    # TF 2.21: ValueError "Tensor conversion requested dtype float32 for Tensor with dtype int32".
    v = tf.Variable([1., 2.], name='w')
    for other in (tf.constant([3, 4]), tf.constant([3., 4.], tf.float64)):
        for method in (v.assign, v.assign_add, v.assign_sub):
            with pytest.raises(ValueError, match=r"'w' of dtype float32"):
                method(other)
    np.testing.assert_array_equal(v.numpy(), [1., 2.])
    v.assign(np.array([3, 4]))      # numpy arrays and Python values convert, as in TensorFlow
    np.testing.assert_array_equal(v.numpy(), [3., 4.])


def test_a_variable_names_itself_when_a_value_cannot_be_converted():
    v = tf.Variable([1., 2.], name='w')
    for bad in ('ab', None):
        with pytest.raises((TypeError, ValueError), match=r"assign: cannot assign .* to variable 'w'"):
            v.assign(bad)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"assign_add: .*shape \(3,\).*'w'"):
        v.assign_add([1., 2., 3.])
    np.testing.assert_array_equal(v.numpy(), [1., 2.])


def test_a_variable_checks_its_declared_shape():
    # TF 2.21: ValueError "the initial value's shape ((2,)) is not compatible with the explicitly supplied `shape`".
    with pytest.raises(ValueError, match='not compatible'):
        tf.Variable([1., 2.], shape=(3,))
    # the declared open shape is the one it reports, as TF's (tests/test_tftutorials3_open_shape_variables.py)
    assert tf.Variable([1., 2.], shape=(None,)).shape.as_list() == [None]
    assert tf.Variable([1., 2.], shape=tf.TensorShape(None)).shape.rank is None


def test_reshape_refuses_sizes_below_minus_one_and_fractions():
    # TF 2.21: tf.reshape(x, [-2, 3]) -> InvalidArgumentError "Size 0 must be non-negative, not -2";
    # numpy read -2 as -1. [2.5, 2] -> TypeError in TF; int() cut it to 2.
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'reshape: .*\(-2, 3\)'):
        tf.reshape(tf.ones((2, 3)), [-2, 3])
    with pytest.raises(TypeError, match=r'reshape: .*2\.5'):
        tf.reshape(tf.ones((2, 3)), [2.5, 2])
    assert tf.reshape(tf.ones((2, 3)), [-1, 2]).shape == (3, 2)


@pytest.mark.parametrize('divide', [lambda a, b: a // b, tf.math.floordiv, tf.math.floormod, lambda a, b: a % b],
                         ids=['//', 'floordiv', 'floormod', '%'])
def test_integer_division_by_zero_raises_as_tensorflow(divide):
    # TF 2.21: InvalidArgumentError "Integer division by zero"; numpy gave 0 and a RuntimeWarning.
    with pytest.raises(tf.errors.InvalidArgumentError, match='integer division by zero'):
        divide(tf.constant([1, 2]), tf.constant([0, 1]))
    np.testing.assert_array_equal(divide(tf.constant([5, 2]), tf.constant([2, 1])).numpy(),
                                  divide(np.array([5, 2]), np.array([2, 1])))
    assert np.isinf(tf.math.floordiv(tf.constant([1.]), tf.constant([0.])).numpy()[0])     # floats: inf, as TF
