"""``rt[key]``: rows, ranges of rows, and slices inside the rows of a RaggedTensor.

The first entry of ``key`` picks rows (an int gives that row, a slice a
RaggedTensor of rows); later entries index inside each row. Values are picked
with gather, so gradients reach them.
"""
import numpy as np

from ..errors import kernel_error
from ..tensor import Tensor
from . import row_partition as rp
from .ragged_tensor import RaggedTensor


def _row_range(rt, lo, hi):
    """Rows lo..hi-1 as a RaggedTensor (or the values' slice, for a contiguous range)."""
    splits = rt._splits_host()
    new_splits = splits[lo:hi + 1] - splits[lo]
    return RaggedTensor(rt.values[int(splits[lo]):int(splits[hi])],
                        rp.splits_tensor(new_splits, rt._row_splits._data.dtype), rt._uniform_row_length)


def _index_rows(rt, key, rest):
    """rt[key, *rest] where key indexes rows."""
    nrows = len(rt._splits_host()) - 1
    if isinstance(key, (int, np.integer)) or (isinstance(key, Tensor) and key.ndim == 0):
        i = int(key)
        if i >= nrows:      # TF's eager check (so that iterating over the rows stops), in its words
            error = IndexError('Row key %s out of bounds' % format(key))
            error.add_note('RaggedTensor indexing: row %d of a RaggedTensor of %d rows' % (i, nrows))
            raise error
        if i < -nrows:      # TF's check misses these: its slice of the row starts refuses them
            raise kernel_error('StridedSlice', 'slice index %d of dimension 0 out of bounds.' % (i + nrows),
                               named='strided_slice/',
                               note='RaggedTensor indexing: row %d of a RaggedTensor of %d rows' % (i, nrows))
        i %= nrows
        row = _row_range(rt, i, i + 1).values
        return row[tuple(rest)] if rest else row
    if isinstance(key, slice):
        lo, hi, step = key.indices(nrows)
        if step == 1:
            rows = _row_range(rt, lo, max(lo, hi))
        else:       # rt[::-1] (tf.reverse's axis 0), rt[::2]: the picked rows gathered, as TF's ragged slicing
            rows = _gather_rows(rt, list(range(lo, hi, step)))
        return _index_inside(rows, rest) if rest else rows
    if key is Ellipsis and not rest:
        return rt
    raise TypeError('RaggedTensor indexing: the first index must be an int or a slice, got %r' % (key,))


def _index_inside(rt, rest):
    """rt[:, *rest]: index each row of rt with rest."""
    from ..ops import gather
    key, rest = rest[0], rest[1:]
    splits = rt._splits_host()
    if isinstance(rt.values, RaggedTensor) and not isinstance(key, slice):
        error = ValueError('Cannot index into an inner ragged dimension.')      # TensorFlow's words
        error.add_note('RaggedTensor indexing: only slices are supported inside the rows of a RaggedTensor '
                       'with ragged_rank > 1, got %r' % (key,))
        raise error
    if isinstance(key, slice):
        picks, lengths = [], []
        for lo, hi in zip(splits[:-1], splits[1:]):
            taken = np.arange(lo, hi)[key]
            picks.append(taken)
            lengths.append(len(taken))
        picks = np.concatenate(picks).astype(np.int64) if picks else np.zeros(0, np.int64)
        values = gather(rt.values, picks) if not isinstance(rt.values, RaggedTensor) else _gather_rows(rt.values, picks)
        if rest and isinstance(values, RaggedTensor):
            values = _index_inside(values, rest)
        elif rest:
            values = values[(slice(None),) + tuple(rest)]
        return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(np.asarray(lengths, np.int64), 'getitem'),
                                                     rt._row_splits._data.dtype))
    if isinstance(key, (int, np.integer)) and rt._uniform_row_length is None:
        error = ValueError('Cannot index into an inner ragged dimension.')      # TF 2.21, whatever the row lengths
        error.add_note('RaggedTensor indexing: rows of a ragged dimension take slices only (rt[:, %d:%d] keeps the '
                       'rows that have element %d); or pad them first with rt.to_tensor()' % (key, int(key) + 1, key))
        raise error
    if isinstance(key, (int, np.integer)):
        lengths = np.diff(splits)
        j = int(key)
        if np.any((j >= lengths) | (j < -lengths)):
            raise IndexError('RaggedTensor indexing: index %d is out of range for rows of lengths %s; '
                             'slice instead (rt[:, %d:%d]) to keep the rows that have it' % (j, lengths.tolist(), j, j + 1))
        picks = splits[:-1] + (j if j >= 0 else lengths + j)
        values = gather(rt.values, picks.astype(np.int64))
        return values[(slice(None),) + tuple(rest)] if rest else values
    raise TypeError('RaggedTensor indexing: indices inside the rows must be ints or slices, got %r' % (key,))


def _gather_rows(rt, rows):
    """The rows ``rows`` (host ints) of a RaggedTensor, as a RaggedTensor."""
    from ..ops import gather
    splits = rt._splits_host()
    lengths = np.diff(splits)[rows]
    picks = np.concatenate([np.arange(splits[r], splits[r + 1]) for r in rows]).astype(np.int64) if len(rows) else np.zeros(0, np.int64)
    values = _gather_rows(rt.values, picks) if isinstance(rt.values, RaggedTensor) else gather(rt.values, picks)
    return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(lengths, 'getitem'), rt._row_splits._data.dtype))


def getitem(rt, key):
    if not isinstance(key, tuple):
        key = (key,)
    if not key:
        return rt
    return _index_rows(rt, key[0], list(key[1:]))
