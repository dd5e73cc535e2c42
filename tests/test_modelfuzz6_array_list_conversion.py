"""A list of numpy arrays of different shapes, converted as TF 2.21's C++ converter walks it.

TF takes the shape from the first elements, then walks the list depth first: a row where a
number belongs is 'mixed types', a number or another length where a row belongs 'non-rectangular'.
The user's case: multi-input data given as a list (not a tuple) to Dataset.from_tensor_slices,
[ids (n,), features (n, 2)]. Expected texts and dtypes printed by TF 2.21, e.g.
``tf.convert_to_tensor([np.zeros(3, 'int64'), np.zeros((3, 2), 'float32')])``.
"""
import numpy as np
import pytest

import framework as tf

MIXED = "Can't convert Python sequence with mixed types to Tensor."
RAGGED = "Can't convert non-rectangular Python sequence to Tensor."


@pytest.mark.parametrize('value, words', [
    ([np.zeros(3, 'int64'), np.zeros((3, 2), 'float32')], MIXED),       # a row where a number belongs
    ([np.zeros((3, 2), 'int64'), np.zeros((3, 2, 2), 'float32')], MIXED),
    ([1, np.zeros(2, 'float32')], MIXED),
    ([[1, 2, 3], np.zeros((3, 2), 'float32')], MIXED),
    ([[np.zeros(2), np.zeros((2, 1))]], MIXED),
    ([np.array(['a', 'b']), np.array([['a'], ['b']])], MIXED),
    ([np.array(1.0), np.zeros(2)], MIXED),
    ([np.zeros(6000, 'int64'), np.zeros((6000, 78), 'float32')], MIXED),
    ([np.zeros((3, 2), 'int64'), np.zeros((3, 4), 'float32')], RAGGED),  # another length
    ([np.zeros((3, 2), 'int64'), np.zeros(3, 'float32')], RAGGED),       # a number where a row belongs
    ([np.zeros(2, 'int64'), 1.5], RAGGED),
    ([np.zeros(2), np.zeros(0)], RAGGED),
    ([[np.zeros(2), np.zeros(2)], [np.zeros(2), np.zeros(3)]], RAGGED),
    ([np.zeros((6000, 78), 'float32'), np.zeros(6000, 'int64')], RAGGED),
])
def test_list_of_arrays_refused_in_tf_words(value, words):
    with pytest.raises(ValueError) as caught:
        tf.convert_to_tensor(value)
    assert str(caught.value) == words


def test_from_tensor_slices_of_a_list_of_inputs_says_mixed_types():
    ids, features = np.zeros(20, 'int64'), np.zeros((20, 2), 'float32')
    with pytest.raises(ValueError) as caught:
        tf.data.Dataset.from_tensor_slices(([ids, features], np.zeros(20)))
    assert str(caught.value) == MIXED


@pytest.mark.parametrize('value', [[np.zeros(0), np.zeros(2)], [np.zeros((0, 3)), np.zeros((2, 3))],
                                   [np.zeros(0, 'int64'), np.zeros(2, 'int64')]])
def test_an_empty_first_array_gives_an_empty_float32_tensor(value):
    # TF reads the shape along the first elements only: (2, 0), and with no number to type it, float32
    result = tf.convert_to_tensor(value)
    assert result.shape == (2, 0) and result.dtype == tf.float32
    assert tf.convert_to_tensor(value, dtype=tf.int32).dtype == tf.int32


def test_arrays_of_one_shape_still_convert():
    assert tf.convert_to_tensor([np.zeros(2), np.zeros(2)]).dtype == tf.float64
    assert tf.convert_to_tensor([np.zeros((3, 2), 'int64'), np.zeros((3, 2), 'float32')]).dtype == tf.float32
