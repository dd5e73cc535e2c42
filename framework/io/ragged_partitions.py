"""The partitions of a ``tf.io.RaggedFeature``: features of row splits, lengths, starts, limits or
value row ids (or a fixed row length) that cut the feature's values into nested rows, listed from
the outermost to the innermost (TF 2.21's parsing_config.py). The innermost UniformRowLengths only
reshape the values, as in TensorFlow; the others make ragged dimensions."""
import collections

import numpy as np

from ..tensor import Tensor

RowSplits = collections.namedtuple('RowSplits', ['key'])
RowLengths = collections.namedtuple('RowLengths', ['key'])
RowStarts = collections.namedtuple('RowStarts', ['key'])
RowLimits = collections.namedtuple('RowLimits', ['key'])
ValueRowIds = collections.namedtuple('ValueRowIds', ['key'])
UniformRowLength = collections.namedtuple('UniformRowLength', ['length'])

_KINDS = (RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength)


def check(partitions):
    """TypeError (TF 2.21's words) for an entry that is none of the partition kinds."""
    for part in partitions:
        if not isinstance(part, _KINDS):
            raise TypeError('Argument `partitions` cannot be cast to any of the partition types in (%s); got: %r with '
                            'type %s' % (', '.join(kind.__name__ for kind in _KINDS), part, type(part)))


def keys(partitions):
    """The feature keys the partitions read (UniformRowLength reads none)."""
    return [part.key for part in partitions if not isinstance(part, UniformRowLength)]


def partitioned(values, partitions, lists, splits_dtype):
    """``values`` (a 1-D Tensor) cut by ``partitions``; ``lists`` holds each keyed partition's int64
    values in order."""
    from ..ragged.ragged_tensor import RaggedTensor
    out, pending = values, list(lists)
    for part in reversed(partitions):          # innermost first
        if isinstance(part, UniformRowLength):
            size = int(part.length)
            if isinstance(out, RaggedTensor):
                out = RaggedTensor.from_uniform_row_length(out, size)
            else:
                out = Tensor(np.asarray(out._data).reshape((-1, size) + tuple(out.shape[1:])))
            continue
        ints = np.asarray(pending.pop(), np.int64)
        if isinstance(part, RowStarts):          # as splits, so that they keep splits_dtype
            part, ints = RowSplits(part.key), np.concatenate([ints, [out.shape[0]]])
        elif isinstance(part, RowLimits):
            part, ints = RowSplits(part.key), np.concatenate([[0], ints])
        ints = Tensor(ints.astype(splits_dtype.as_numpy_dtype))
        if isinstance(part, RowSplits):
            out = RaggedTensor.from_row_splits(out, ints)
        elif isinstance(part, RowLengths):
            out = RaggedTensor.from_row_lengths(out, ints)
        else:
            out = RaggedTensor.from_value_rowids(out, ints)
    return out


def batched(parts, splits_dtype):
    """One RaggedTensor whose rows are the examples' parsed values (Tensors or RaggedTensors)."""
    from ..ragged.ragged_tensor import RaggedTensor
    rows = Tensor(np.asarray([int(p.shape[0]) for p in parts], splits_dtype.as_numpy_dtype))
    return RaggedTensor.from_row_lengths(_joined(parts), rows)


def _joined(parts):
    """The parts end to end along axis 0, a uniform row length they share kept (the batch of a
    [UniformRowLength(2), RowLengths(...)] feature is (batch, None, 2, None), as TF's)."""
    from ..ops import concat as dense_concat
    from ..ragged.ragged_ops import concat as ragged_concat
    from ..ragged.ragged_tensor import RaggedTensor
    if not isinstance(parts[0], RaggedTensor):
        return dense_concat(parts, 0)
    size = parts[0]._uniform_row_length
    if size is not None and all(p._uniform_row_length == size for p in parts):
        return RaggedTensor.from_uniform_row_length(_joined([p.values for p in parts]), size)
    return ragged_concat(parts, 0)
