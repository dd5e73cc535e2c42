"""tf.constant / tf.convert_to_tensor of Python values TensorFlow 2.21 refuses or reads its own way:
numbers asked to be strings, ints past 64 bits for any non-float dtype, lists that start with a bool,
ragged lists whose first elements end in an empty list. The literals were printed by TF 2.21
(/work/notes/progs/errors11/p/c1.py under /opt/tfref; c1_tf.txt)."""
import numpy as np
import pytest

import framework as tf


def _raises(cls, text, fn):
    with pytest.raises(cls) as info:
        fn()
    assert type(info.value).__name__ == cls.__name__
    assert str(info.value) == text


@pytest.mark.parametrize('value, shown', [(1, '1'), (True, 'True'), ([1.5, 2.], '[1.5, 2.0]'), (2 ** 31, '2147483648'),
                                          (float('nan'), 'nan'), (1 + 2j, '(1+2j)'), (range(3), 'range(0, 3)')])
def test_numbers_do_not_become_strings(value, shown):
    _raises(TypeError, 'Cannot convert %s to EagerTensor of dtype string' % shown,
            lambda: tf.constant(value, dtype=tf.string))


def test_string_conversion_of_lists_and_concat_operands():
    _raises(TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string',
            lambda: tf.convert_to_tensor([1, 2], dtype=tf.string))
    _raises(TypeError, 'Cannot convert [1] to EagerTensor of dtype string',
            lambda: tf.concat([tf.constant(['a']), [1]], 0))
    _raises(ValueError, "Can't convert Python sequence with mixed types to Tensor.",
            lambda: tf.constant(['a', 1], dtype=tf.string))
    assert tf.constant([], dtype=tf.string).shape == (0,)
    assert tf.constant([b'a'], dtype=tf.string).numpy().tolist() == [b'a']


@pytest.mark.parametrize('dtype', [tf.uint8, tf.bool, tf.complex64, tf.bfloat16, tf.string, tf.int32])
def test_ints_past_64_bits_are_out_of_range_for_non_float_dtypes(dtype):
    _raises(ValueError, "Can't convert Python sequence with out-of-range integer to Tensor.",
            lambda: tf.constant([1, 2 ** 63], dtype=dtype))


def test_ints_past_64_bits_convert_to_floats_and_uint64():
    assert tf.constant(2 ** 63, dtype=tf.uint64).numpy() == 9223372036854775808
    assert tf.constant(2 ** 63, dtype=tf.float64).numpy() == 9.223372036854776e+18
    assert tf.constant(-2 ** 63 - 1, dtype=tf.float32).dtype == tf.float32


@pytest.mark.parametrize('make', [
    lambda: tf.constant([True, 2]), lambda: tf.constant([[True], [2]]), lambda: tf.constant((True, 1.)),
    lambda: tf.constant([np.bool_(True), 2]), lambda: tf.constant([True, np.int32(2)]),
    lambda: tf.constant([True, 2], dtype=tf.int8), lambda: tf.constant([True, 1], dtype=tf.bool),
    lambda: tf.constant([True, 1], dtype=tf.complex64), lambda: tf.constant([True, 1], dtype=tf.bfloat16),
    lambda: tf.constant([True, 2], dtype=tf.uint16), lambda: tf.convert_to_tensor([True, 2]),
])
def test_a_list_led_by_a_bool_has_mixed_types(make):
    _raises(ValueError, "Can't convert Python sequence with mixed types to Tensor.", make)


def test_bools_after_numbers_and_fast_dtypes_convert():
    assert tf.constant([2, True]).numpy().tolist() == [2, 1]
    assert tf.constant([1.5, True]).numpy().tolist() == [1.5, 1.0]
    assert tf.convert_to_tensor([1, False]).dtype == tf.int32
    assert tf.constant([True, 2], dtype=tf.int64).numpy().tolist() == [1, 2]
    assert tf.constant([True, 2], dtype=tf.float64).numpy().tolist() == [1.0, 2.0]
    assert tf.constant([True, 2], dtype=tf.float32).dtype == tf.float32
    assert tf.constant([True, False]).dtype == tf.bool


@pytest.mark.parametrize('value', [[[], [1, 2]], [[], []], [[], [[1]]], [[], 1]])
def test_first_empty_row_sets_the_shape(value):
    t = tf.constant(value)
    assert (t.dtype, t.shape) == (tf.float32, (2, 0))
    assert tf.constant(value, dtype=tf.int32).dtype == tf.int32


def test_other_ragged_lists_stay_refused():
    _raises(ValueError, "Can't convert non-rectangular Python sequence to Tensor.", lambda: tf.constant([[1], []]))
    _raises(ValueError, "Can't convert non-rectangular Python sequence to Tensor.", lambda: tf.constant([[1, 2], [3]]))


def test_first_empty_row_takes_any_dtype():
    # TF 2.21 printed <dtype: 'string'> (2, 0) and (2, 0) for these two calls
    t = tf.constant([[], [1]], dtype=tf.string)
    assert (t.dtype, t.shape) == (tf.string, (2, 0))
    assert tf.constant([[], [1, 2]], dtype=tf.bool).shape == (2, 0)
