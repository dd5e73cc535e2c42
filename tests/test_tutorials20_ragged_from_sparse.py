"""tf.RaggedTensor.from_sparse as TF 2.21's: a SparseTensor whose rows do not fill columns 0, 1, ...
fails TF's 'right-ragged' Assert (its InvalidArgumentError text, indices summarized to 3 values); rows
are counted rather than checked for order (TF calls from_value_rowids(validate=False)); a non-sparse
argument and a rank other than 2 get TF's TypeError / ValueError. tapeflow raised its own ValueErrors
and refused unordered rows. Printed by TF 2.21 (/opt/tfref; notes/progs/tutorials20/ragged.py, t20i/j)."""
import pytest

import framework as tf

_ASSERT = ("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
           "b'SparseTensor is not right-ragged'\nb'SparseTensor.indices ='\n%s")


def _raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('indices, dense_shape, shown', [
    ([[0, 0], [1, 1]], [2, 2], '0, 0, 1, ...'),          # the guide's tf.sparse.from_dense([[1, 0], [0, 2]])
    ([[0, 1]], [1, 3], '0, 1'),
    ([[0, 0], [0, 2]], [2, 3], '0, 0, 0, ...'),
    ([[0, 1], [0, 2], [1, 5]], [2, 9], '0, 1, 0, ...'),
    ([[0, 0], [0, 1], [0, 2], [0, 4], [1, 0]], [2, 9], '0, 0, 0, ...'),
])
def test_rows_with_gaps_fail_the_right_ragged_assert(indices, dense_shape, shown):
    sp = tf.SparseTensor(indices, list(range(1, len(indices) + 1)), dense_shape)
    assert _raised(lambda: tf.RaggedTensor.from_sparse(sp)) == ('InvalidArgumentError', _ASSERT % shown)


def test_rows_are_counted_not_ordered():
    rt = tf.RaggedTensor.from_sparse(tf.SparseTensor([[1, 0], [0, 0], [0, 1]], [5, 6, 7], [3, 3]))
    assert rt.to_list() == [[5, 6], [7], []]
    assert rt.row_splits.numpy().tolist() == [0, 2, 3, 3]
    assert tf.RaggedTensor.from_sparse(tf.SparseTensor([[1, 0], [0, 0]], [5, 6], [2, 3])).to_list() == [[5], [6]]
    empty = tf.RaggedTensor.from_sparse(tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 3]))
    assert empty.to_list() == [[], []]
    int32 = tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 0], [1, 0]], [1, 2], [2, 2]), row_splits_dtype=tf.int32)
    assert int32.row_splits.dtype == tf.int32 and int32.row_splits.numpy().tolist() == [0, 1, 2]


def test_argument_errors():
    assert _raised(lambda: tf.RaggedTensor.from_sparse([[1, 2]])) == (
        'TypeError', 'Argument `st_input` must be of type SparseTensor, but is of type list.')
    assert _raised(lambda: tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 0, 0]], [5], [1, 1, 1]))) == (
        'ValueError', 'rank(st_input) must be 2.')
