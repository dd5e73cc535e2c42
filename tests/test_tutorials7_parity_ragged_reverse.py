"""tf.reverse on a RaggedTensor, as the ragged tensors guide's make_palindrome calls it inside a
tf.function, and rows sliced with a step (TF's ragged reverse is the slice rt[::-1, ...]).

Expected values printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/probe_rev.py)."""
import numpy as np
import pytest

import framework as tf


def _rows(rt):
    return rt.to_list()


RT = [[1, 2], [3], [4, 5, 6], []]
NESTED = [[[1, 2], [3]], [[4]], [[5, 6, 7], [], [8]]]


@pytest.mark.parametrize('axis, expected', [
    ([0], [[], [4, 5, 6], [3], [1, 2]]),
    ([1], [[2, 1], [3], [6, 5, 4], []]),
    ([0, 1], [[], [6, 5, 4], [3], [2, 1]]),
    ([-1], [[2, 1], [3], [6, 5, 4], []]),
    ([0, 0], [[], [4, 5, 6], [3], [1, 2]]),      # an axis twice reverses once (one slice per axis)
    ([], RT),
])
def test_reverse_rank_two(axis, expected):
    assert _rows(tf.reverse(tf.ragged.constant(RT), axis)) == expected


@pytest.mark.parametrize('axis, expected', [
    ([0], [[[5, 6, 7], [], [8]], [[4]], [[1, 2], [3]]]),
    ([1], [[[3], [1, 2]], [[4]], [[8], [], [5, 6, 7]]]),
    ([2], [[[2, 1], [3]], [[4]], [[7, 6, 5], [], [8]]]),
    ([1, 2], [[[3], [2, 1]], [[4]], [[8], [], [7, 6, 5]]]),
])
def test_reverse_nested_ragged(axis, expected):
    assert _rows(tf.reverse(tf.ragged.constant(NESTED), axis)) == expected


def test_reverse_uniform_inner_axis():
    rt = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
    assert _rows(tf.reverse(rt, [1])) == [[[3, 4], [1, 2]], [[5, 6]]]
    assert _rows(tf.reverse(rt, [-1])) == [[[2, 1], [4, 3]], [[6, 5]]]


def test_reverse_strings_keep_splits_dtype():
    out = tf.reverse(tf.ragged.constant([['a', 'b'], ['c']]), [1])
    assert _rows(out) == [[b'b', b'a'], [b'c']]
    assert tf.reverse(tf.ragged.constant(RT), [1]).row_splits.dtype == tf.int64


def test_palindrome_in_a_function_matches_the_guide():
    @tf.function
    def make_palindrome(x, axis):
        return tf.concat([x, tf.reverse(x, [axis])], axis)
    out = make_palindrome(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), axis=1)
    assert _rows(out) == [[1, 2, 2, 1], [3, 3], [4, 5, 6, 6, 5, 4]]
    dense = make_palindrome(tf.constant([[1, 2], [3, 4], [5, 6]]), axis=1)
    np.testing.assert_array_equal(dense.numpy(), [[1, 2, 2, 1], [3, 4, 4, 3], [5, 6, 6, 5]])


@pytest.mark.parametrize('axis', [[3], [-4]])
def test_reverse_axis_out_of_range_is_tf_value_error(axis):
    # TF: "axis[0]=3 out of bounds: expected -2<=axis[0]<2"
    with pytest.raises(ValueError, match=r'^axis\[0\]=%d out of bounds: expected -2<=axis\[0\]<2' % axis[0]):
        tf.reverse(tf.ragged.constant(RT), axis)


def test_reverse_axis_not_a_list_is_type_error():
    with pytest.raises(TypeError, match='`axis` must be a list of int'):
        tf.reverse(tf.ragged.constant(RT), 'a')


@pytest.mark.parametrize('key, expected', [
    (slice(None, None, 2), [[1, 2], [4, 5, 6]]),
    (slice(None, None, -2), [[], [3]]),
    (slice(2, 0, -1), [[4, 5, 6], [3]]),
])
def test_rows_sliced_with_a_step(key, expected):
    assert _rows(tf.ragged.constant(RT)[key]) == expected


def test_reverse_gradient_reaches_the_values():
    values = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        rt = tf.RaggedTensor.from_row_splits(values * 1.0, [0, 2, 3])
        out = tf.reverse(rt, [0, 1])
        loss = tf.reduce_sum(out.flat_values * tf.constant([10.0, 20.0, 30.0]))
    # reversed values are [3, 2, 1]: weights 10, 20, 30 land on values 3, 2, 1
    np.testing.assert_array_equal(tape.gradient(loss, values).numpy(), [30.0, 20.0, 10.0])


def test_function_returns_composite_tensors():
    # TF 2.21 returns RaggedTensor / SparseTensor results from a tf.function unchanged
    @tf.function
    def plus_one(x):
        return x + 1

    assert _rows(plus_one(tf.ragged.constant([[1], [2, 3]]))) == [[2], [3, 4]]
    assert _rows(plus_one(tf.ragged.constant([[1], [2, 3, 4]]))) == [[2], [3, 4, 5]]

    @tf.function
    def doubled(st):
        return tf.sparse.add(st, st)

    out = doubled(tf.sparse.from_dense([[1, 0], [0, 2]]))
    assert isinstance(out, tf.SparseTensor)
    np.testing.assert_array_equal(tf.sparse.to_dense(out).numpy(), [[2, 0], [0, 4]])
