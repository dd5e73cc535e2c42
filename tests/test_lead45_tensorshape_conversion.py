"""A TensorShape converts by TF's shape conversion function: int32 (int64 for a length past int32) whatever
dtype_hint says, even the empty shape; tf.constant converts it as a sequence instead. TF 2.21 gives every value
and text below (progs/lead45/ts.py)."""
import numpy as np
import pytest

import framework as tf


def test_the_empty_shape_is_int32_through_convert_to_tensor_and_float32_through_constant():
    assert tf.convert_to_tensor(tf.TensorShape([])).dtype == tf.int32
    assert tf.identity(tf.TensorShape([])).dtype == tf.int32
    assert tf.function(lambda: tf.TensorShape([]))().dtype == tf.int32
    assert tf.constant(tf.TensorShape([])).dtype == tf.float32


@pytest.mark.parametrize('hint, expected', [(tf.float32, tf.int32), (tf.int64, tf.int64), (tf.int32, tf.int32)])
def test_a_hint_other_than_an_integer_dtype_is_ignored(hint, expected):
    for shape in (tf.TensorShape([]), tf.TensorShape([2, 3])):
        assert tf.convert_to_tensor(shape, dtype_hint=hint).dtype == expected


def test_a_length_past_int32_makes_int64():
    big = tf.TensorShape([2 ** 40])
    assert tf.convert_to_tensor(big).dtype == tf.int64
    assert tf.convert_to_tensor(big, dtype_hint=tf.float32).numpy().tolist() == [2 ** 40]
    with pytest.raises(ValueError) as caught:
        tf.convert_to_tensor(big, dtype=tf.int32)
    assert str(caught.value) == ('Cannot convert TensorShape (1099511627776,) to dtype int32; a dimension is too '
                                 'large. Consider using tf.int64.')


def test_a_float_dtype_is_refused_in_tfs_words():
    with pytest.raises(TypeError) as caught:
        tf.convert_to_tensor(tf.TensorShape([2, 3]), dtype=tf.float32)
    assert str(caught.value) == ("Cannot convert TensorShape (2, 3) to dtype <dtype: 'float32'>. Allowed dtypes "
                                 "are tf.int32 and tf.int64.")
    np.testing.assert_array_equal(tf.convert_to_tensor(tf.TensorShape([2, 3]), dtype=tf.int64), [2, 3])
