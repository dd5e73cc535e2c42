"""The checks TF 2.21's RaggedTensor.from_* constructors make (validate=True), in TF's order and words.

TF builds a RowPartition (RowPartition.from_row_splits etc.: static ValueErrors, then check_ops
assertions whose InvalidArgumentError texts name the constructor), then _from_row_partition asserts
that the partition's value count equals the values' rows. Each function below takes host int64
arrays and raises through framework.assertions, which words the assertions as TF's eager ones.
Printed by /opt/tfref: notes/progs/tutorials20/ragged.py (the guide/ragged_tensor page) and t20k.py.
"""
import numpy as np

from .. import assertions


def _message(constructor, what='RowPartition'):
    return 'Arguments to %s do not form a valid %s' % (constructor, what)


def _monotonic(values, message, dtype):
    """TF's _assert_monotonic_increasing: the differences are non-negative."""
    assertions.assert_non_negative(np.diff(values).astype(dtype), message=message)


def row_splits(splits, dtype):
    message = _message('from_row_splits', 'RaggedTensor:')
    if splits.size:
        assertions.assert_equal(splits[0].astype(dtype), np.array(0, dtype), message=message + 'zero')
    _monotonic(splits, message + 'monotonic', dtype)


def row_lengths(lengths, dtype):
    assertions.assert_non_negative(lengths.astype(dtype), message=_message('from_row_lengths'))


def row_starts(starts, nvals, dtype):
    message = _message('from_row_starts', 'RaggedTensor')
    assertions.assert_equal(starts[:1].astype(dtype), np.array(0, dtype), message=message)
    _monotonic(starts, message, dtype)
    assertions.assert_less_equal(starts[-1:].astype(dtype), np.array(nvals, dtype), message=message)


def row_limits(limits, dtype):
    message = _message('from_row_limits', 'RaggedTensor')
    assertions.assert_non_negative(limits[:1].astype(dtype), message=message)
    _monotonic(limits, message, dtype)


def value_rowids(rowids, nrows, nvals, dtype):
    """The row count ``value_rowids`` (and ``nrows``, None or an int) give, after TF's checks: its static
    ValueErrors on nrows, its assertions, then the values' shape against the row ids'."""
    if nrows is None:
        nrows = int(rowids[-1]) + 1 if rowids.size else 0
    else:
        nrows = int(nrows)
        if nrows < 0:
            raise ValueError('Expected nrows >= 0; got %d' % nrows)
        if rowids.size and not nrows >= rowids[-1] + 1:
            raise ValueError('Expected nrows >= value_rowids[-1] + 1; got nrows=%d, value_rowids[-1]=%d'
                             % (nrows, rowids[-1]))
    message = _message('from_value_rowids')
    assertions.assert_non_negative(rowids[:1].astype(dtype), message=message)
    _monotonic(rowids, message, dtype)
    assertions.assert_less(rowids[-1:].astype(dtype), np.array(nrows, dtype), message=message)
    if rowids.size != nvals:
        raise ValueError('Shapes (%d,) and (%d,) are incompatible' % (nvals, rowids.size))
    return nrows


def value_count(partition_nvals, nvals, dtype):
    """_from_row_partition's check: the partition cuts as many values as there are rows of values."""
    assertions.assert_equal(np.array(partition_nvals, dtype), np.array(nvals, dtype),
                            message=_message('_from_row_partition', 'RaggedTensor'))


def uniform_row_length(length, nrows, nvals):
    """The row count of rows of ``length`` values (``nrows`` None or an int), as TF's static check."""
    if nrows is None:
        nrows = 0 if length == 0 else nvals // length
    if nrows * length != nvals:
        raise ValueError('uniform_row_length=%d times nrows=%d must equal nvals=%d' % (length, nrows, nvals))
    return nrows
