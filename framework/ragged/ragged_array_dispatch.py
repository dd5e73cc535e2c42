"""Array ops TensorFlow dispatches to RaggedTensors (ragged_array_ops.py, ragged_gather_ops.py,
ragged_where_op.py, ragged_bincount_ops.py in TF 2.21): expand_dims, size, rank, split, gather,
gather_nd, where, bincount, unsorted_segment_sum and the logical ops.

The plain ops reach these through ``named_errors`` (ops/operands.py) or their own ``dispatch``
call once converting the RaggedTensor has failed; dense calls never come here.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError
from ..tensor import Tensor, convert_to_tensor
from . import row_partition as rp
from .ragged_ops import elementwise, stack as ragged_stack
from .ragged_tensor import RaggedTensor


def _positive_axis(axis, rank, op):
    axis = int(axis)
    if not -rank <= axis < rank:       # TensorFlow's get_positive_axis words
        raise ValueError('axis=%d out of bounds: expected %d<=axis<%d' % (axis, -rank, rank))
    return axis + rank if axis < 0 else axis


def expand_dims(input, axis, name=None):  # noqa: A002  (TensorFlow's names)
    """A size-1 axis at ``axis``: a uniform row partition at 0 or 1, else inside the values."""
    from ..ops import expand_dims as dense_expand_dims
    rt = input
    axis = _positive_axis(axis, rt.ndim + 1, 'expand_dims')
    nrows = int(rt.nrows())
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(rt, nrows, nrows=1)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(rt, 1, nrows=nrows)
    inner = expand_dims if isinstance(rt.values, RaggedTensor) else dense_expand_dims
    return RaggedTensor(inner(rt.values, axis - 1), rt.row_splits, rt._uniform_row_length)


def size(input, out_type='int32', name=None):  # noqa: A002
    """The number of values (TensorFlow counts the flat values)."""
    return Tensor(np.asarray(int(np.prod(input.flat_values.shape)), dtypes.numpy_dtype(out_type)))


def rank(input, name=None):  # noqa: A002
    return Tensor(np.asarray(input.ndim, np.int32))


def split(value, num_or_size_splits, axis=0, num=None, name=None):
    """Pieces along axis 0 (groups of rows) or along a uniform inner axis; a ragged axis cannot be split."""
    from ..ops import split as dense_split
    rt = value
    axis = _positive_axis(axis, rt.ndim, 'split')
    if 0 < axis <= rt.ragged_rank:
        raise ValueError('Cannot split a ragged dimension. Got `value` with shape %s and `axis` %d.' % (rt.shape, axis))
    if axis > rt.ragged_rank:
        pieces = dense_split(rt.flat_values, num_or_size_splits, axis - rt.ragged_rank)
        return [rt.with_flat_values(p) for p in pieces]
    nrows = int(rt.nrows())
    if isinstance(num_or_size_splits, (int, np.integer)):
        k = int(num_or_size_splits)
        if k <= 0 or nrows % k:
            raise InvalidArgumentError('Cannot exactly split the `axis` dimension of `value` with the given '
                                       '`num_or_size_split`.')
        sizes = [nrows // k] * k
    else:
        sizes = [int(s) for s in np.asarray(backend.to_host(convert_to_tensor(num_or_size_splits)._data)).reshape(-1)]
        if any(s < 0 for s in sizes):
            raise InvalidArgumentError('`num_or_size_splits` must be non-negative..')     # TF's text, two dots
        if sum(sizes) != nrows:
            raise InvalidArgumentError('Cannot exactly split the `axis` dimension of `value` with the given '
                                       '`num_or_size_split`.')
    bounds = np.cumsum([0] + sizes)
    return [rt[int(lo):int(hi)] for lo, hi in zip(bounds[:-1], bounds[1:])]


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """Rows of ``params`` at ``indices``; ragged indices keep their own row layout."""
    from ..ops import gather as dense_gather
    if axis not in (None, 0) or batch_dims != 0:
        raise ValueError('gather: with a RaggedTensor, tapeflow gathers along axis 0 with batch_dims=0, got '
                         'axis=%r, batch_dims=%r' % (axis, batch_dims))
    if isinstance(indices, RaggedTensor):
        return indices.with_flat_values(gather(params, indices.flat_values) if isinstance(params, RaggedTensor)
                                        else dense_gather(params, indices.flat_values))
    from ..ops import index_kernels
    from .indexing import _gather_rows
    idx = convert_to_tensor(indices)
    if idx._data.dtype.kind not in 'iu':
        index_kernels.refuse('gather', idx)     # [] is a float32 tensor: TF's Tindices refusal
    rows = np.asarray(backend.to_host(idx._data)).astype(np.int64)
    nrows = int(params.nrows())
    flat = rows.reshape(-1)
    outside = np.flatnonzero((flat < 0) | (flat >= nrows))
    if outside.size:
        raise InvalidArgumentError('indices[%d] = %d is not in [0, %d) [Op:RaggedGather] name: '
                                   % (int(outside[0]), int(flat[outside[0]]), nrows))
    if rows.ndim == 0:
        return params[int(rows)]
    out, count = _gather_rows(params, flat), len(flat)
    for width in reversed(rows.shape[1:]):      # indices of rank > 1: their outer axes as rows (ragged, as TF's)
        count //= width
        out = RaggedTensor(out, rp.splits_tensor(np.arange(count + 1, dtype=np.int64) * width, params.row_splits_dtype))
    return out


def batch_gather(params, indices):
    """tf.compat.v1.batch_gather with a 2-D RaggedTensor: row i of ``params`` at the positions in row i
    of ``indices`` (ragged: the result has its layout; dense: a dense result)."""
    from ..ops import gather as dense_gather
    from .dense_conversion import from_tensor
    dense = not isinstance(indices, RaggedTensor)
    picks = from_tensor(convert_to_tensor(indices)) if dense else indices
    if not isinstance(params, RaggedTensor) or params.ragged_rank != 1 or picks.ragged_rank != 1 \
            or int(params.nrows()) != int(picks.nrows()):
        raise ValueError('batch_gather: needs 2-D params and indices with the same number of rows, got %r and %r'
                         % (params, indices))
    starts, lengths = params._splits_host()[:-1], np.diff(params._splits_host())
    rows = rp.rowids_of(picks._splits_host())
    at = np.asarray(backend.to_host(picks.flat_values._data)).astype(np.int64)
    outside = np.flatnonzero((at < 0) | (at >= lengths[rows]))
    if outside.size:
        k = int(outside[0])
        raise InvalidArgumentError('batch_gather: index %d of row %d is not in [0, %d)' % (at[k], rows[k], lengths[rows[k]]))
    out = picks.with_flat_values(dense_gather(params.values, starts[rows] + at))
    return out.to_tensor() if dense else out


def _pick(params, index):
    """params[i0, i1, ...] (an index vector) as a Tensor or RaggedTensor."""
    out = params
    for i in index:
        out = out[int(i)]
    return out


def gather_nd(params, indices, batch_dims=0, name=None):
    """Slices of a RaggedTensor at index vectors of a dense ``indices``: a dense result where every
    slice is a scalar, else a RaggedTensor of the slices."""
    from ..ops import reshape, stack
    if isinstance(indices, RaggedTensor) or batch_dims != 0:
        raise ValueError('gather_nd: with RaggedTensor params, tapeflow takes dense indices and batch_dims=0, got '
                         '%r and batch_dims=%r' % (type(indices).__name__, batch_dims))
    idx = np.asarray(backend.to_host(convert_to_tensor(indices)._data)).astype(np.int64)
    if idx.ndim == 0 or idx.shape[-1] > params.ndim:
        raise ValueError('gather_nd: index depth %s must be at most the rank %d of params'
                         % (idx.shape[-1:] or '()', params.ndim))
    outer = idx.shape[:-1]
    slices = [_pick(params, vector) for vector in idx.reshape(-1, idx.shape[-1])]
    if all(isinstance(s, Tensor) and s.ndim == 0 for s in slices) and slices:
        return reshape(stack(slices, 0), outer)
    out = _rows(slices, params)
    for width in reversed(outer[1:]):
        out = RaggedTensor.from_uniform_row_length(out, int(width))
    return out


def _rows(slices, params):
    """Slices (Tensors of rank >= 1 or RaggedTensors) as the rows of one RaggedTensor."""
    from ..ops import concat
    if any(isinstance(s, RaggedTensor) for s in slices):
        return ragged_stack(slices, 0)
    lengths = np.asarray([s.shape[0] for s in slices], np.int64)
    values = concat(slices, 0) if slices else params.flat_values[:0]
    return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(lengths, 'gather_nd'), params.row_splits_dtype))


def where(condition, x=None, y=None, name=None):
    """With x and y: their values where a ragged condition holds, in its layout. Alone: the
    coordinates (row, position in the row, ...) of its true values, an int64 matrix."""
    from ..ops import where as dense_where
    if x is None and y is None:
        return _coordinates(condition)
    if x is None or y is None:
        raise ValueError('x and y must be either both None or both non-None')
    flat = lambda v: v.flat_values if isinstance(v, RaggedTensor) else v  # noqa: E731
    ragged = [v for v in (condition, x, y) if isinstance(v, RaggedTensor)]
    from .ragged_ops import _same_layout
    for other in ragged[1:]:
        _same_layout(ragged[0], other, 'where')
    return ragged[0].with_flat_values(dense_where(flat(condition), flat(x), flat(y)))


def _coordinates(rt):
    from ..ops import where as dense_where
    inner = np.asarray(backend.to_host(dense_where(rt.flat_values)._data))    # (n, 1 + inner rank)
    position = inner[:, 0]
    columns = [inner[:, 1:]]
    for splits in reversed([np.asarray(backend.to_host(s._data)) for s in rt.nested_row_splits]):
        row = np.searchsorted(splits, position, side='right') - 1
        columns.insert(0, (position - splits[row])[:, None])
        position = row
    columns.insert(0, position[:, None])
    return Tensor(backend.place(np.concatenate(columns, axis=1).astype(np.int64)))


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype='int32', name=None, axis=None,
             binary_output=False):
    """tf.math.bincount of a RaggedTensor: its flat values counted (axis None / 0), or each row's
    (axis=-1, a 2-D input), as a dense tensor."""
    from ..ops.row_bincount import counts_by_row
    rows = None
    if axis == -1:
        if arr.ndim != 2:
            raise ValueError('bincount: axis=-1 needs a 2-D RaggedTensor, got shape %s' % (arr.shape,))
        rows = (rp.rowids_of(arr._splits_host()), int(arr.nrows()))
    w = weights.flat_values if isinstance(weights, RaggedTensor) else weights
    return counts_by_row(arr.flat_values, rows, w, minlength, maxlength, dtype, axis, binary_output)


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Ragged data and ids of one layout: the sums of their flat values."""
    from ..ops import unsorted_segment_sum as dense_sum
    from .ragged_ops import _same_layout
    if not (isinstance(data, RaggedTensor) and isinstance(segment_ids, RaggedTensor)):
        raise ValueError('unsorted_segment_sum: a RaggedTensor needs RaggedTensor segment_ids of the same row '
                         'lengths (and the other way round), got %s and %s'
                         % (type(data).__name__, type(segment_ids).__name__))
    _same_layout(data, segment_ids, 'unsorted_segment_sum')
    return dense_sum(data.flat_values, segment_ids.flat_values, num_segments)


def _reduce_logical(dense_op):
    def run(input_tensor, axis=None, keepdims=False, name=None):
        from ..ops import cast, reduce_prod, reduce_sum
        as_int = input_tensor.with_flat_values(cast(input_tensor.flat_values, 'int32'))
        # TF's ragged reduce_all / reduce_any: the int32 product / sum, so an empty row is True / False
        # (a max over an empty row was int32's lowest value: reduce_any gave True)
        reduce = reduce_prod if dense_op == 'reduce_all' else reduce_sum
        out = reduce(as_int, axis, keepdims)
        return out.with_flat_values(cast(out.flat_values, 'bool')) if isinstance(out, RaggedTensor) else cast(out, 'bool')
    return run


def _install():
    from .. import ops
    table = RaggedTensor._DISPATCH
    for op in (expand_dims, size, rank, split, gather, gather_nd, where, bincount, unsorted_segment_sum):
        table[op.__name__] = op
    for op in ('logical_and', 'logical_or', 'logical_xor'):
        table[op] = elementwise(getattr(ops, op))
    table['logical_not'] = lambda x, name=None: x._map_values(ops.logical_not)
    table['reduce_all'] = _reduce_logical('reduce_all')
    table['reduce_any'] = _reduce_logical('reduce_any')


_install()
