"""Ops on RaggedTensors: ``tf.ragged.*`` and the plain ops TensorFlow dispatches to them.

Elementwise ops run on the flat values (``map_flat_values``); reductions over
a ragged axis are segment sums (or maxima) over the values, so gradients flow
back to them. The layout (row splits) is computed on the host.
"""
import numpy as np

from .. import backend, dtypes, ragged_traced_rows, trace_names
from ..tensor import Tensor, convert_to_tensor
from . import row_partition as rp
from .dense_conversion import from_tensor
from .ragged_tensor import RaggedTensor


def _same_layout(a, b, op, prefix=''):
    sa, sb = a.nested_row_splits, b.nested_row_splits
    same = len(sa) == len(sb) and all(np.array_equal(backend.to_host(x._data), backend.to_host(y._data))
                                      for x, y in zip(sa, sb))
    if not same:
        note = '%s: RaggedTensors must have the same row lengths, got %s and %s' % (op, a, b)
        if len(sa) == len(sb):
            for x, y in zip(sa, sb):
                x, y = backend.to_host(x._data), backend.to_host(y._data)
                if x.shape == y.shape and not np.array_equal(x, y):
                    raise _splits_differ(x, y, note, prefix=prefix)
        raise ValueError(note)


def _splits_differ(x, y, note, summarize=3, prefix=''):
    """TensorFlow's assert_equal on two row_splits of one length (its ragged ops check the layouts so)."""
    from ..errors import InvalidArgumentError
    diff = x != y
    where = np.transpose(np.nonzero(diff))[:summarize]
    lines = ['Condition x == y did not hold.', 'Indices of first %d different values:' % len(where), str(where),
             'Corresponding x values:', str(x[diff][:summarize]), 'Corresponding y values:', str(y[diff][:summarize]),
             'First %d elements of x:' % min(summarize, x.size), str(x[:summarize]),
             'First %d elements of y:' % min(summarize, y.size), str(y[:summarize])]
    error = InvalidArgumentError(prefix + '\n'.join(lines))
    error.add_note(note)
    return error


def map_flat_values(op, *args, **kwargs):
    """``op`` on the flat values of the RaggedTensor arguments (which must share one layout);
    the result has their layout. Other arguments are passed as they are."""
    # (row splits that differ fail in the words of the RowPartition merge that compares them in TF)
    return _map_flat_values(op, args, kwargs, 'RowPartition._merge_precomputed_encodings: partitions have '
                                              'incompatible row_splits ')


def _map_flat_values(op, args, kwargs, layout_prefix=''):
    """map_flat_values; with no ``layout_prefix`` (the elementwise ops) without its size checks."""
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:          # TF calls op as it is
        return op(*args, **kwargs)
    sizes = {int(r.flat_values.shape[0]) for r in ragged}
    if len(sizes) > 1 and layout_prefix:      # tf.ragged.map_flat_values's static check, before the splits'
        raise ValueError("Input RaggedTensors' flat_values must all have the same outer-dimension size.  Got sizes: "
                         "%s" % sizes)
    for other in ragged[1:]:
        _same_layout(ragged[0], other, 'map_flat_values', layout_prefix)
    flat = lambda a: a.flat_values if isinstance(a, RaggedTensor) else a  # noqa: E731
    values = op(*[flat(a) for a in args], **{k: flat(v) for k, v in kwargs.items()})
    if layout_prefix and (not values.shape or values.shape[0] != next(iter(sizes))):
        raise ValueError('tf.ragged.map_flat_values requires that the output of `op` have the same outer-dimension '
                         'size as flat_values of any ragged inputs. (output shape: %s; expected outer dimension '
                         'size: %d)' % (values.shape, next(iter(sizes))))
    return ragged[0].with_flat_values(values)


def elementwise(op):
    """A binary op on ragged operands: the other side may be a ragged tensor of the same row lengths
    or a dense tensor that broadcasts against the ragged shape (_dense_operand)."""
    def run(x, y, name=None):
        if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
            if x.ragged_rank != y.ragged_rank and _outer_layout_shared(x, y):
                big, small = (x, y) if x.ragged_rank > y.ragged_rank else (y, x)
                spread = _spread_over(small, big)
                values = op(big.flat_values, spread) if big is x else op(spread, big.flat_values)
                return big.with_flat_values(values)
            try:
                return _map_flat_values(op, (x, y), {})
            except ValueError:
                from .broadcast_errors import ragged_pair_error
                error = ragged_pair_error(x, y, op.__name__)
                if error is None:
                    raise
                raise error from None
        rt, other = (x, y) if isinstance(x, RaggedTensor) else (y, x)
        other = _dense_operand(rt, convert_to_tensor(other, dtype_hint=rt.dtype), op.__name__)
        if rt is x:
            return rt.with_flat_values(op(rt.flat_values, other))
        return rt.with_flat_values(op(other, rt.flat_values))
    return run


def _outer_layout_shared(x, y):
    """Whether the ragged tensor of lower ragged rank has the other's outer row partitions."""
    small, big = (x, y) if x.ragged_rank < y.ragged_rank else (y, x)
    return all(np.array_equal(backend.to_host(a._data), backend.to_host(b._data))
               for a, b in zip(small.nested_row_splits, big.nested_row_splits))


def _spread_over(small, big):
    """``small``'s flat values, one per flat value of ``big``: TF broadcasts a ragged operand of lower
    ragged rank whose inner axes have size 1 where ``big`` is ragged (x & y of shapes (3, None, None)
    and (3, None, 1) in the ragged operators' docstring)."""
    from ..ops import gather, reshape
    extra = big.ragged_rank - small.ragged_rank
    values = small.flat_values
    shape = tuple(values.shape)
    if len(shape) <= extra or any(d != 1 for d in shape[1:1 + extra]):
        from ..errors import InvalidArgumentError       # TF's ragged broadcast fails in an assert op
        raise InvalidArgumentError('a RaggedTensor of shape %s does not broadcast against one of shape %s: its axes '
                                   "under the other's ragged ones must have size 1" % (small.shape, big.shape))
    values = reshape(values, shape[:1] + shape[1 + extra:])
    owner = np.arange(int(np.prod(big.flat_values.shape[:1])))
    for splits in reversed(big.nested_row_splits[small.ragged_rank:]):      # innermost level first
        owner = rp.rowids_of(np.asarray(backend.to_host(splits._data)))[owner] if len(owner) else owner
    return gather(values, owner.astype(np.int64))


def _dense_operand(rt, other, op):
    """A dense operand made to meet the ragged tensor's flat values, as TensorFlow broadcasts it:
    dims aligned from the right, missing leading ones taken as 1 (ragged (2, None, 2) + [[10]]); one
    row per outer row, or one for all, repeated along each row; a size other than 1 on the ragged axis
    only where every row has that length (else TensorFlow's assert on the row splits fails)."""
    from ..ops import broadcast_to, reshape
    if other.ndim <= len(rt.flat_values.shape) - 1:
        return other                            # a scalar or the values' inner shape: plain broadcasting
    if other.ndim < rt.ndim:
        other = reshape(other, (1,) * (rt.ndim - other.ndim) + tuple(other.shape))
    if other.ndim == rt.ndim:
        if _broadcasts_per_row(rt, other):
            return _per_value(rt, other)        # the guide's ragged * tf.constant([[10], [20], [30]])
        shape, nrows, inner = tuple(other.shape), int(rt.nrows()), tuple(rt.flat_values.shape[1:])
        if rt.ragged_rank == 1 and shape[0] in (1, nrows) and all(d in (1, f) for d, f in zip(shape[2:], inner)):
            if shape[0] == 1 and nrows != 1:       # TF 2.21 refuses one row of several values for many rows
                from ..errors import InvalidArgumentError, noted
                from .broadcast_errors import dense_operand_error
                raise dense_operand_error(rt, shape, op) or noted(
                    InvalidArgumentError('Last row partition does not match flat_values.'),
                    '%s: a dense tensor of shape %s meets a RaggedTensor of shape %s' % (op, shape, rt.shape))
            width, splits = shape[1], rt._splits_host()
            uniform = np.arange(len(splits), dtype=splits.dtype) * width
            if not np.array_equal(uniform, splits):
                raise _splits_differ(uniform, splits, '%s: a dense tensor of shape %s meets a RaggedTensor of shape '
                                     '%s whose rows are not all %d long' % (op, shape, rt.shape, width))
            rows = broadcast_to(other, (nrows,) + shape[1:])            # every row `width` long: one per value
            return reshape(rows, (nrows * width,) + shape[2:])
    from .broadcast_errors import dense_operand_error
    error = dense_operand_error(rt, other.shape, op)
    if error is not None:       # TF's assert on sizes or row splits
        raise error
    raise ValueError('%s: a RaggedTensor of shape %s meets a dense tensor of shape %s that does not broadcast '
                     'against it; convert with RaggedTensor.from_tensor first' % (op, rt.shape, tuple(other.shape)))


def _broadcasts_per_row(rt, other):
    """Whether a dense ``other`` of the ragged tensor's rank has one row (or one for all) on the outer
    axis, size 1 on every ragged axis and inner sizes that broadcast: TensorFlow repeats it along each row."""
    shape, r = tuple(other.shape), rt.ragged_rank
    inner = tuple(rt.flat_values.shape[1:])
    return (shape[0] in (1, int(rt.nrows())) and all(d == 1 for d in shape[1:r + 1])
            and all(d in (1, f) for d, f in zip(shape[r + 1:], inner)))


def _per_value(rt, other):
    """``other`` (outer rows x 1 on the ragged axes x inner) as one row per flat value, so that it meets
    the flat values elementwise (gathered: its gradient flows back)."""
    from ..ops import gather, reshape
    shape = tuple(other.shape)
    rows = reshape(other, (shape[0],) + shape[rt.ragged_rank + 1:])
    outer = np.arange(int(rt.nrows()))
    for splits in rt.nested_row_splits:        # each level's values back to their outermost row
        s = backend.to_host(splits._data)
        outer = np.repeat(outer, np.diff(s))
    return gather(rows, outer if shape[0] > 1 else np.zeros_like(outer))


# ---- joining ---------------------------------------------------------------------------
def _as_ragged(value, op):
    if isinstance(value, RaggedTensor):
        return value
    t = convert_to_tensor(value)
    if t.ndim < 2:
        raise ValueError('%s: every input needs rank >= 2 to join RaggedTensors, got shape %s' % (op, tuple(t.shape)))
    return from_tensor(t)


def concat(values, axis, name=None):
    """Join RaggedTensors (or dense tensors) along axis 0 (more rows) or axis 1 (longer rows)."""
    from ..ops import concat as dense_concat, gather
    parts = [_as_ragged(v, 'concat') for v in values]
    axis = int(axis) + parts[0].ndim if int(axis) < 0 else int(axis)
    if axis == 0:
        flat_parts = [p.values for p in parts]
        values = concat(flat_parts, 0) if isinstance(flat_parts[0], RaggedTensor) else dense_concat(flat_parts, 0)
        lengths = np.concatenate([np.diff(p._splits_host()) for p in parts])
        return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(lengths, 'concat'), parts[0].row_splits_dtype))
    if axis == 1 and all(p.ragged_rank == 1 for p in parts):
        counts = {len(p._splits_host()) - 1 for p in parts}
        if len(counts) > 1:
            raise ValueError('concat: along axis 1 every input needs the same number of rows, got %s' % sorted(counts))
        joined = dense_concat([p.values for p in parts], 0)
        offsets = np.cumsum([0] + [p._splits_host()[-1] for p in parts])
        order, lengths = [], np.zeros(counts.pop(), np.int64)
        for i in range(len(lengths)):
            for p, off in zip(parts, offsets):
                s = p._splits_host()
                order.append(np.arange(s[i], s[i + 1]) + off)
                lengths[i] += s[i + 1] - s[i]
        order = np.concatenate(order).astype(np.int64) if order else np.zeros(0, np.int64)
        return RaggedTensor(gather(joined, order), rp.splits_tensor(rp.splits_from_lengths(lengths, 'concat'),
                                                                    parts[0].row_splits_dtype))
    raise ValueError('concat: RaggedTensors join here along axis 0, or axis 1 when ragged_rank is 1; got axis %d'
                     % axis)


def stack(values, axis=0, name=None):
    """Stack RaggedTensors (or dense tensors) along a new axis 0 or 1. Vectors alone (dense, of any
    lengths) stack as TensorFlow's: along axis 0 each is a row of a RaggedTensor, along axis 1 (-1) they
    are tf.stack's dense matrix."""
    if values and not any(isinstance(v, RaggedTensor) for v in values):
        vectors = [convert_to_tensor(v) for v in values]
        if all(v.ndim == 1 for v in vectors):
            return _stack_vectors(vectors, int(axis))
    parts = [_as_ragged(v, 'stack') for v in values]
    axis = int(axis)
    if axis == 0:
        joined = concat(parts, 0)
        lengths = np.asarray([len(p._splits_host()) - 1 for p in parts], np.int64)
    elif axis == 1:
        nrows = {len(p._splits_host()) - 1 for p in parts}
        if len(nrows) > 1:
            raise ValueError('stack: along axis 1 every input needs the same number of rows, got %s' % sorted(nrows))
        n = nrows.pop()
        order = [p[i:i + 1] for i in range(n) for p in parts]
        joined = concat(order, 0) if order else concat(parts, 0)
        lengths = np.full(n, len(parts), np.int64)
    else:
        raise ValueError('stack: RaggedTensors stack here along axis 0 or 1, got axis %d' % axis)
    return RaggedTensor(joined, rp.splits_tensor(rp.splits_from_lengths(lengths, 'stack'), parts[0].row_splits_dtype))


def _stack_vectors(vectors, axis):
    from ..ops import concat as dense_concat, stack as dense_stack
    if axis in (1, -1):
        return dense_stack(vectors, axis)
    if axis not in (0, -2):
        raise ValueError('stack: vectors stack along axis 0 (rows of a RaggedTensor) or 1, got axis %d' % axis)
    lengths = np.asarray([int(v.shape[0]) for v in vectors], np.int64)
    return RaggedTensor(dense_concat(vectors, 0), rp.splits_tensor(rp.splits_from_lengths(lengths, 'stack'),
                                                                     np.int64))


def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=np.int64):
    """Row i is ``range(starts[i], limits[i], deltas[i])`` (one limit alone: ``range(0, starts[i])``)."""
    if limits is None:
        starts, limits = 0, starts
    bounds = (starts, limits, deltas)
    parts = [np.asarray(backend.to_host(convert_to_tensor(v)._data)) for v in bounds]
    out_dtype = dtypes.numpy_dtype(dtype) or np.result_type(*[p.dtype for p in parts])
    starts, limits, deltas = np.broadcast_arrays(*[np.atleast_1d(p) for p in parts])
    if np.any(deltas == 0):
        raise ValueError('ragged.range: deltas must not be 0, got %s' % deltas.tolist())
    rows = [np.arange(s, l, d, dtype=out_dtype) for s, l, d in zip(starts, limits, deltas)]
    lengths = np.asarray([len(r) for r in rows], np.int64)
    values = np.concatenate(rows) if rows else np.zeros(0, out_dtype)
    ragged = RaggedTensor(Tensor(backend.place(values.astype(out_dtype))),
                          rp.splits_tensor(rp.splits_from_lengths(lengths, 'ragged.range'), row_splits_dtype))
    return ragged_traced_rows.note_range(ragged, bounds) if trace_names.ACTIVE else ragged


def boolean_mask(data, mask, name=None):
    """The entries of ``data`` where ``mask`` is True, keeping the rows: a 2-D mask gives a RaggedTensor."""
    from ..ops import boolean_mask as dense_mask
    if isinstance(mask, RaggedTensor):
        rt = _as_ragged(data, 'ragged.boolean_mask')
        _same_layout(rt, mask, 'ragged.boolean_mask')
        keep = np.asarray(backend.to_host(mask.flat_values._data))
        if keep.dtype != bool:
            raise TypeError('ragged.boolean_mask: mask must be bool, got %s' % keep.dtype.name)
        splits = rt._splits_host()
        lengths = np.bincount(rp.rowids_of(splits)[keep], minlength=len(splits) - 1)
        return RaggedTensor(dense_mask(rt.flat_values, keep),
                            rp.splits_tensor(rp.splits_from_lengths(lengths.astype(np.int64), 'boolean_mask'), rt.row_splits_dtype))
    m = convert_to_tensor(mask)
    if m.ndim == 1 and isinstance(data, RaggedTensor):       # a mask of rows: the rows it keeps
        from .indexing import _gather_rows
        keep = np.asarray(backend.to_host(m._data))
        if keep.dtype != bool or len(keep) != int(data.nrows()):
            raise ValueError('ragged.boolean_mask: a 1-D mask needs one bool per row (%d rows), got %s of shape %s'
                             % (int(data.nrows()), m.dtype.name, tuple(m.shape)))
        return _gather_rows(data, np.flatnonzero(keep))
    if m.ndim == 1:
        return dense_mask(data, m)
    if m.ndim != 2:
        raise ValueError('ragged.boolean_mask: mask must have rank 1 or 2 here, got shape %s' % (tuple(m.shape),))
    return boolean_mask(data, from_tensor(m))


def _plain_boolean_mask(tensor, mask, axis=None, name=None):
    from ..ops import boolean_mask as dense_mask
    if isinstance(tensor, RaggedTensor) and isinstance(mask, RaggedTensor) and axis in (None, 0):
        return boolean_mask(tensor, mask)
    raise TypeError('boolean_mask: with a RaggedTensor use tf.ragged.boolean_mask(data, mask) with a mask of the '
                    'same row lengths, got %r and %r' % (tensor, mask))


def _install():
    from .. import ops
    table = RaggedTensor._DISPATCH
    for name in ('add', 'subtract', 'multiply', 'divide', 'maximum', 'minimum', 'pow', 'floordiv', 'floormod',
                 'greater', 'greater_equal', 'less', 'less_equal', 'equal', 'not_equal', 'squared_difference',
                 'divide_no_nan'):
        table[name] = elementwise(getattr(ops, name))
    from .ragged_reductions import reduction as _reduce
    table['reduce_sum'] = _reduce(ops.unsorted_segment_sum, ops.reduce_sum)
    table['reduce_mean'] = _reduce(ops.unsorted_segment_sum, ops.reduce_mean, mean=True)
    table['reduce_max'] = _reduce(ops.unsorted_segment_max, ops.reduce_max)
    table['reduce_min'] = _reduce(ops.unsorted_segment_min, ops.reduce_min)
    # framework.ops binds unsorted_segment_prod after this module loads: looked up at call time
    table['reduce_prod'] = _reduce(lambda *args: ops.unsorted_segment_prod(*args), ops.reduce_prod)
    table['concat'] = concat
    table['stack'] = stack
    table['boolean_mask'] = _plain_boolean_mask


_install()
