"""Row partitions: how a ragged dimension cuts a flat list of values into rows.

A partition is held as ``row_splits`` (row i is ``values[splits[i]:splits[i+1]]``);
the other encodings TensorFlow accepts (row lengths, value row ids, row starts
or limits) are turned into splits here, on the host, and checked on the way.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError      # TF's class: its checks are assertions in the graph
from ..tensor import Tensor, convert_to_tensor


def host_ints(value, what, op):
    """``value`` (list, array or int tensor) as a 1-D numpy int array; else TF 2.21's error (its conversion's,
    then 'row_lengths must have dtype int32 or int64', 'Shape (1, 2) must have rank 1'), tapeflow's a note."""
    note = '%s: %s must be a 1-D list of integers, got %r' % (op, what, value)
    if what in ('lengths', 'segment_ids'):      # converted by TF's convert_to_int_tensor, with its own words
        from ..ops.integer_arguments import refuse_non_integer
        refuse_non_integer(value, what, op)
    if isinstance(value, Tensor):
        array = np.asarray(backend.to_host(value._data))
    else:
        try:
            array = np.asarray(backend.to_host(convert_to_tensor(value)._data))
        except (TypeError, ValueError) as err:
            err.add_note(note)
            raise
    if array.dtype.kind not in 'iu' and not (array.size == 0 and array.dtype.kind == 'f'):
        error = ValueError('%s must have dtype int32 or int64' % what)
    elif array.ndim != 1:
        error = ValueError('Shape %s must have rank 1' % (array.shape,))
    else:
        return array.astype(np.int64)
    error.add_note(note)
    raise error


def splits_dtype(value, default=np.int64):
    """The int dtype a partition keeps: an int32 tensor stays int32, anything else is int64."""
    if isinstance(value, Tensor) and value._data.dtype == np.int32:
        return np.int32
    return np.dtype(default) if default is not None else np.int64


def splits_tensor(splits, dtype):
    return Tensor(backend.place(np.asarray(splits, dtype=dtypes.numpy_dtype(dtype))))


def check_splits(splits, nvals, op):
    if splits.size == 0 or splits[0] != 0:
        raise InvalidArgumentError('%s: row_splits must start with 0, got %s' % (op, splits.tolist()))
    if np.any(np.diff(splits) < 0):
        raise InvalidArgumentError('%s: row_splits must not decrease, got %s' % (op, splits.tolist()))
    if splits[-1] != nvals:
        raise InvalidArgumentError('%s: the last row split (%d) must equal the number of values (%d)'
                                   % (op, splits[-1], nvals))
    return splits


def splits_from_lengths(lengths, op):
    if np.any(lengths < 0):
        raise InvalidArgumentError('%s: row_lengths must be >= 0, got %s' % (op, lengths.tolist()))
    return np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)


def splits_from_rowids(rowids, nrows, op):
    if rowids.size and (rowids[0] < 0 or np.any(np.diff(rowids) < 0)):
        raise InvalidArgumentError('%s: value_rowids must be >= 0 and sorted ascending, got %s'
                                   % (op, rowids.tolist()))
    count = int(rowids[-1]) + 1 if rowids.size else 0
    nrows = count if nrows is None else int(nrows)
    if nrows < count:
        raise ValueError('%s: nrows=%d is smaller than the largest value_rowid + 1 (%d)' % (op, nrows, count))
    return splits_from_lengths(np.bincount(rowids, minlength=nrows).astype(np.int64), op)


def rowids_of(splits):
    """The row of each value."""
    return np.repeat(np.arange(len(splits) - 1, dtype=np.int64), np.diff(splits))


def positions_of(splits):
    """Each value's position inside its row."""
    rowids = rowids_of(splits)
    return np.arange(len(rowids), dtype=np.int64) - splits[rowids] if rowids.size else rowids


def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """``tf.ragged.row_splits_to_segment_ids``: the row of each value."""
    from .. import dtypes
    host = check_splits_start(host_ints(splits, 'splits', 'row_splits_to_segment_ids'), 'row_splits_to_segment_ids')
    return splits_tensor(rowids_of(host), dtypes.numpy_dtype(out_type) or splits_dtype(splits))


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """``tf.ragged.segment_ids_to_row_splits``: row splits for sorted segment ids."""
    from .. import dtypes
    ids = host_ints(segment_ids, 'segment_ids', 'segment_ids_to_row_splits')
    return splits_tensor(splits_from_rowids(ids, num_segments, 'segment_ids_to_row_splits'),
                         dtypes.numpy_dtype(out_type) or splits_dtype(segment_ids))


def check_splits_start(splits, op):
    if splits.size == 0 or splits[0] != 0 or np.any(np.diff(splits) < 0):
        raise ValueError('%s: splits must start with 0 and not decrease, got %s' % (op, splits.tolist()))
    return splits
