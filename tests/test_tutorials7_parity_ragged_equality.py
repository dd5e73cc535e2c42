"""RaggedTensor ==, !=, bool() and hash() as TF 2.21 (the ragged tensors guide prints x == y).

Expected results printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/probe_eq.py)."""
import pytest

import framework as tf

X = [[1, 2], [3], [4, 5, 6]]


def _x():
    return tf.ragged.constant(X)


def test_equal_rows_compare_value_by_value():
    y = tf.ragged.constant([[1, 1], [2], [3, 3, 3]])
    assert (_x() == y).to_list() == [[True, False], [False], [False, False, False]]
    assert (_x() != y).to_list() == [[False, True], [True], [True, True, True]]
    assert (_x() == y).dtype == tf.bool
    assert tf.equal(_x(), y).to_list() == [[True, False], [False], [False, False, False]]


def test_scalar_and_dense_column_broadcast():
    assert (_x() == 3).to_list() == [[False, False], [True], [False, False, False]]
    assert (_x() != 3).to_list() == [[True, True], [False], [True, True, True]]
    column = tf.constant([[1], [3], [4]])
    assert (_x() == column).to_list() == [[True, False], [True], [True, False, False]]


@pytest.mark.parametrize('other', [
    None, 'a',
    [[1], [3, 4], [4, 5, 6]],            # another layout
    [[1.0, 2.0], [3.0], [4.0, 5.0, 6.0]],  # another dtype
])
def test_operands_that_do_not_meet_are_unequal(other):
    if isinstance(other, list):
        other = tf.ragged.constant(other)
    assert (_x() == other) is False
    assert (_x() != other) is True


def test_truth_and_hash_are_type_errors():
    with pytest.raises(TypeError, match='RaggedTensor may not be used as a boolean.'):
        bool(_x())
    with pytest.raises(TypeError, match='RaggedTensor is unhashable.'):
        hash(_x())
    with pytest.raises(TypeError, match='may not be used as a boolean'):
        _x() in [tf.ragged.constant([[1, 1], [2], [3, 3, 3]])]   # noqa: B015  (== then bool, as TF)
