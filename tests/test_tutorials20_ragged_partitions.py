"""RaggedTensor.from_row_splits / from_row_lengths / from_value_rowids / from_row_starts / from_row_limits /
from_uniform_row_length refuse bad partitions as TF 2.21 does: its RowPartition's static ValueErrors and its
check_ops assertions, worded by the eager assert_equal / assert_non_negative / assert_less (the constructor
named, 'Condition x == y did not hold.' ...), then _from_row_partition's value count. tapeflow raised its own
sentences ('row_splits must start with 0, got [1, 2, 3]'). Texts printed by TF 2.21 (/opt/tfref;
notes/progs/tutorials20/ragged.py, the guide/ragged_tensor page, and its t20k.py sweep)."""
import pytest

import framework as tf


@pytest.mark.parametrize('case, call, error, text', [
    ('splits_last_big', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[0, 2, 5]),
     'InvalidArgumentError', ('Arguments to _from_row_partition do not form a valid RaggedTensor\n'
                             'Condition x == y did not hold.\n'
                             'First 1 elements of x:\n'
                             '[5]\n'
                             'First 1 elements of y:\n'
                             '[3]')),
    ('splits_last_small', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[0, 2]),
     'InvalidArgumentError', ('Arguments to _from_row_partition do not form a valid RaggedTensor\n'
                             'Condition x == y did not hold.\n'
                             'First 1 elements of x:\n'
                             '[2]\n'
                             'First 1 elements of y:\n'
                             '[3]')),
    ('splits_first', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[1, 2, 3]),
     'InvalidArgumentError', ('Arguments to from_row_splits do not form a valid RaggedTensor:zero\n'
                             'Condition x == y did not hold.\n'
                             'First 1 elements of x:\n'
                             '[1]\n'
                             'First 1 elements of y:\n'
                             '[0]')),
    ('splits_decr', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[0, 2, 1, 3]),
     'InvalidArgumentError', ('Arguments to from_row_splits do not form a valid RaggedTensor:monotonic.  \n'
                             'Condition x >= 0 did not hold element-wise:\n'
                             'x (shape=(3,) dtype=int64) = \n'
                             "['2', '-1', '2']")),
    ('splits_empty', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[]),
     'ValueError', 'row_splits tensor may not be empty.'),
    ('splits_rank2', lambda: tf.RaggedTensor.from_row_splits(values=[1, 2, 3], row_splits=[[0, 3]]),
     'ValueError', 'Shape (1, 2) must have rank 1'),
    ('lengths_sum', lambda: tf.RaggedTensor.from_row_lengths(values=[1, 2, 3], row_lengths=[1, 1]),
     'InvalidArgumentError', ('Arguments to _from_row_partition do not form a valid RaggedTensor\n'
                             'Condition x == y did not hold.\n'
                             'First 1 elements of x:\n'
                             '[2]\n'
                             'First 1 elements of y:\n'
                             '[3]')),
    ('lengths_neg', lambda: tf.RaggedTensor.from_row_lengths(values=[1, 2, 3], row_lengths=[4, -1]),
     'InvalidArgumentError', ('Arguments to from_row_lengths do not form a valid RowPartition.  \n'
                             'Condition x >= 0 did not hold element-wise:\n'
                             'x (shape=(2,) dtype=int64) = \n'
                             "['4', '-1']")),
    ('rowids_unsorted', lambda: tf.RaggedTensor.from_value_rowids(values=[1, 2, 3], value_rowids=[1, 0, 0]),
     'InvalidArgumentError', ('Arguments to from_value_rowids do not form a valid RowPartition.  \n'
                             'Condition x >= 0 did not hold element-wise:\n'
                             'x (shape=(2,) dtype=int64) = \n'
                             "['-1', '0']")),
    ('rowids_neg', lambda: tf.RaggedTensor.from_value_rowids(values=[1, 2, 3], value_rowids=[-1, 0, 0]),
     'InvalidArgumentError', ('Arguments to from_value_rowids do not form a valid RowPartition.  \n'
                             'Condition x >= 0 did not hold element-wise:\n'
                             'x (shape=(1,) dtype=int64) = \n'
                             "['-1']")),
    ('rowids_len', lambda: tf.RaggedTensor.from_value_rowids(values=[1, 2, 3], value_rowids=[0, 0]),
     'ValueError', 'Shapes (3,) and (2,) are incompatible'),
    ('rowids_nrows', lambda: tf.RaggedTensor.from_value_rowids(values=[1, 2, 3], value_rowids=[0, 1, 2], nrows=2),
     'ValueError', 'Expected nrows >= value_rowids[-1] + 1; got nrows=2, value_rowids[-1]=2'),
    ('limits', lambda: tf.RaggedTensor.from_row_limits(values=[1, 2, 3], row_limits=[2, 1]),
     'InvalidArgumentError', ('Arguments to from_row_limits do not form a valid RaggedTensor.  \n'
                             'Condition x >= 0 did not hold element-wise:\n'
                             'x (shape=(1,) dtype=int64) = \n'
                             "['-1']")),
    ('starts', lambda: tf.RaggedTensor.from_row_starts(values=[1, 2, 3], row_starts=[1, 2]),
     'InvalidArgumentError', ('Arguments to from_row_starts do not form a valid RaggedTensor\n'
                             'Condition x == y did not hold.\n'
                             'First 1 elements of x:\n'
                             '[1]\n'
                             'First 1 elements of y:\n'
                             '[0]')),
    ('uniform', lambda: tf.RaggedTensor.from_uniform_row_length(values=[1, 2, 3], uniform_row_length=2),
     'ValueError', 'uniform_row_length=2 times nrows=1 must equal nvals=3'),
])
def test_bad_partitions_get_tensorflows_error(case, call, error, text):
    with pytest.raises(Exception) as info:
        call()
    assert (type(info.value).__name__, str(info.value)) == (error, text)


def test_int32_partitions_and_good_ones():
    splits = tf.constant([0, 2, 1], tf.int32)
    with pytest.raises(Exception) as info:
        tf.RaggedTensor.from_row_splits([1, 2, 3], splits)
    assert str(info.value).endswith("x (shape=(2,) dtype=int32) = \n['2', '-1']")
    assert tf.RaggedTensor.from_row_starts([1, 2, 3], tf.constant([0, 2], tf.int32)).row_splits.dtype == tf.int32
    assert tf.RaggedTensor.from_row_limits([1, 2, 3], [2, 3]).to_list() == [[1, 2], [3]]
    assert tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4).to_list() == [[1, 2], [], [3], []]
    assert tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2).to_list() == [[1, 2], [3, 4]]
