"""TF's ragged reductions (ragged_math_ops.ragged_reduce_aggregate): over None (the flat values), one axis or a
list of axes (one at a time, from the last; a mean as the sum over the count), with keepdims.

Axis 0 sums the rows' values position by position, axis 1 each row's values, a deeper ragged axis the same
inside each row; a uniform inner axis is the dense op on the flat values. Ragged values are aggregated as
TF's _ragged_segment_aggregate does (each output row as long as its longest input row), so reducing
[[[1, 2], []], [[3]]] over axis 1 gives [[1, 2], [3]]. Segment ops keep gradients flowing to the values.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from . import row_partition as rp
from .ragged_tensor import RaggedTensor


def reduction(segment_op, dense_op, mean=False):
    """The handler of a reduce_* op on a RaggedTensor; ``mean`` divides by the count of values summed."""
    def run(input_tensor, axis=None, keepdims=False, name=None):
        rt = input_tensor
        if not isinstance(rt, RaggedTensor):        # an earlier axis of a list left a dense tensor
            return dense_op(rt, axis=axis, keepdims=keepdims)
        if axis is None and mean:      # TF's ragged reduce_mean: the sum over the count, so ints give float64
            from ..ops import divide, ones_like
            total = RaggedTensor._DISPATCH['reduce_sum']
            out = divide(total(rt), total(rt.with_flat_values(ones_like(rt.flat_values))))
            return _kept(out, list(range(rt.ndim))) if keepdims else out
        if axis is None:
            out = dense_op(rt.flat_values)
            return _kept(out, list(range(rt.ndim))) if keepdims else out
        if isinstance(axis, np.ndarray) and axis.ndim:        # TF's ragged reductions read lists and tuples only
            raise TypeError('axis must be an int; got ndarray')
        if isinstance(axis, (list, tuple)):
            axes = sorted(int(a) % rt.ndim for a in axis)
            out = _reduce_axes(run, rt, axes, mean)
            return _kept(out, axes) if keepdims and axes else out
        axis = int(axis) % rt.ndim
        out = _reduce_one(rt, axis, segment_op, dense_op, mean)
        return _kept(out, [axis]) if keepdims else out
    return run


def _kept(out, axes):
    """TF reduces, then puts the reduced axes back with length 1."""
    from ..ops import expand_dims
    for a in axes:
        out = expand_dims(out, a)
    return out


def _reduce_axes(run, rt, axes, mean):
    if len(axes) <= 1:
        return run(rt, axes[0]) if axes else rt
    if mean:
        from ..ops import divide, ones_like
        total = RaggedTensor._DISPATCH['reduce_sum']
        return divide(total(rt, axes), total(rt.with_flat_values(ones_like(rt.flat_values)), axes))
    return _reduce_axes(run, run(rt, axes[-1]), axes[:-1], False)


def _reduce_one(rt, axis, segment_op, dense_op, mean):
    if axis > rt.ragged_rank:      # a uniform inner axis of the flat values
        return rt.with_flat_values(dense_op(rt.flat_values, axis=axis - rt.ragged_rank))
    if axis >= 2:
        return rt.with_values(_reduce_one(rt.values, axis - 1, segment_op, dense_op, mean))
    splits = rt._splits_host()
    if axis == 0:
        ids, count = rp.positions_of(splits), int(np.diff(splits).max(initial=0))
    else:
        ids, count = rp.rowids_of(splits), len(splits) - 1
    out = _segment_aggregate(segment_op, rt.values, ids, count)
    if not mean:
        return out
    from ..ops import cast, divide, ones_like
    from ..ops import unsorted_segment_sum
    values = rt.values
    ones = values.with_flat_values(ones_like(values.flat_values)) if isinstance(values, RaggedTensor) \
        else ones_like(values)
    counts = _segment_aggregate(unsorted_segment_sum, ones, ids, count)
    if isinstance(out, RaggedTensor):
        return out.with_flat_values(divide(out.flat_values, counts.flat_values))
    return divide(out, cast(counts, out.dtype))


def _segment_aggregate(segment_op, data, ids, count):
    """TF's _ragged_segment_aggregate: ``segment_op`` over ``data``'s rows by ``ids`` (host ints); ragged
    rows are aggregated position by position into output rows as long as their longest row."""
    if not isinstance(data, RaggedTensor):
        return segment_op(data, Tensor(backend.place(np.asarray(ids, np.int64))), count)
    lengths = np.diff(data._splits_host())
    out_lengths = np.zeros(count, np.int64)
    np.maximum.at(out_lengths, ids, lengths)
    out_splits = np.concatenate([[0], np.cumsum(out_lengths)]).astype(np.int64)
    starts = out_splits[ids]
    positions = np.concatenate([np.arange(s, s + n) for s, n in zip(starts, lengths)] + [np.zeros(0, np.int64)])
    values = _segment_aggregate(segment_op, data.values, positions.astype(np.int64), int(out_splits[-1]))
    return RaggedTensor.from_row_splits(values, Tensor(backend.place(out_splits.astype(data._splits_host().dtype))),
                                        validate=False)
