"""RaggedTensor operators and dense broadcasting as in TF 2.21, from the ragged tensor guide.

The guide's cells `x + tf.constant([[10]])` on a (2, None, 2) ragged tensor and `x + y` with a dense
(3, 4) y (expecting tf.errors.InvalidArgumentError) failed here with a ValueError; `//`, `%`, `&`, `|`,
`^`, `~` and a reflected `**` were missing. Values and messages were printed by TF 2.21 for the same
expressions (notes/progs/tfguides9/rg_ops.py).
"""
import pytest

import framework as tf


def _x():
    return tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


def _y():
    return tf.ragged.constant([[1, 1], [2], [3, 3, 3]])


def _b():
    return tf.ragged.constant([[True, False], [True], [False, True, True]])


@pytest.mark.parametrize('make, expected', [
    (lambda: _x() // _y(), [[1, 2], [1], [1, 1, 2]]),
    (lambda: _x() % _y(), [[0, 0], [1], [1, 2, 0]]),
    (lambda: 2 ** _x(), [[2, 4], [8], [16, 32, 64]]),
    (lambda: 7 // _x(), [[7, 3], [2], [1, 1, 1]]),
    (lambda: 7 % _x(), [[0, 1], [1], [3, 2, 1]]),
    (lambda: ~_b(), [[False, True], [False], [True, False, False]]),
    (lambda: _b() & _b(), [[True, False], [True], [False, True, True]]),
    (lambda: _b() | _b(), [[True, False], [True], [False, True, True]]),
    (lambda: _b() ^ _b(), [[False, False], [False], [False, False, False]]),
    (lambda: True & _b(), [[True, False], [True], [False, True, True]]),
])
def test_operators_of_tensorflows_ragged_tensor(make, expected):
    assert make().to_list() == expected


@pytest.mark.parametrize('make, kernel', [(lambda: ~_x(), 'LogicalNot'), (lambda: _x() & _y(), 'LogicalAnd')])
def test_logical_operators_refuse_int_values_in_the_kernels_words(make, kernel):
    # TF 2.21: & and ~ of a RaggedTensor are logical_and / logical_not, never bitwise
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'^cannot compute %s as input #0\(zero-based\) was '
                       r'expected to be a bool tensor but is a int32 tensor \[Op:%s\] name: ' % (kernel, kernel)):
        make()


def test_dense_logical_ops_name_the_operand_as_tensorflow():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'LogicalAnd as input #1\(zero-based\) was expected '
                       r'to be a bool tensor but is a float tensor'):
        tf.logical_and(tf.constant([True]), tf.constant([1.0]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'LogicalOr as input #1\(zero-based\)'):
        tf.math.logical_xor(tf.constant([True]), tf.constant([1]))


def _rank1_pairs():
    return tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1)


def test_a_dense_operand_of_lower_rank_broadcasts_from_the_right():
    # the guide: (2, None, 2) + tf.constant([[10]])
    assert (_rank1_pairs() + tf.constant([[10]])).to_list() == [[[11, 12], [13, 14], [15, 16]], [[17, 18]]]
    assert (tf.constant([[10]]) - _rank1_pairs()).to_list() == [[[9, 8], [7, 6], [5, 4]], [[3, 2]]]


def test_a_dense_row_per_ragged_row_of_one_length():
    x = tf.ragged.constant([[1, 2], [3, 4], [5, 6]])
    assert (x + tf.constant([[10, 20], [30, 40], [50, 60]])).to_list() == [[11, 22], [33, 44], [55, 66]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='^Last row partition does not match flat_values.'):
        x + tf.constant([[10, 20]])


def test_rows_of_other_lengths_fail_tensorflows_assert_on_the_row_splits():
    x = tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]])
    y = tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        x + y
    assert str(caught.value) == ('Condition x == y did not hold.\nIndices of first 3 different values:\n[[1]\n [2]\n'
                                 ' [3]]\nCorresponding x values:\n[ 4  8 12]\nCorresponding y values:\n[2 6 7]\n'
                                 'First 3 elements of x:\n[0 4 8]\nFirst 3 elements of y:\n[0 2 6]')


def test_indexing_an_inner_ragged_dimension_is_tensorflows_value_error():
    rt = tf.ragged.constant([[[1, 2, 3], [4]], [[5], [], [6]]])
    with pytest.raises(ValueError, match='^Cannot index into an inner ragged dimension.'):
        rt[:, 1]


def test_the_gradient_reaches_a_broadcast_dense_operand():
    x = _rank1_pairs()
    y = tf.constant([[2.0, 3.0]])
    xf = tf.cast(x, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(y)
        out = tf.reduce_sum((xf * y).flat_values)
    # d/dy of sum over values x * y: column sums of the flat values
    assert tape.gradient(out, y).numpy().tolist() == [[16.0, 20.0]]
