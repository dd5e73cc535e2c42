"""``tf.nn.embedding_lookup_sparse`` and ``tf.nn.safe_embedding_lookup_sparse``: one embedding per row
of a SparseTensor of ids, the rows' embeddings combined by sum, mean or sqrtn (optionally weighted).

Composed of framework ops as TensorFlow composes them (a lookup, a segment sum and, for mean and
sqrtn, a division that leaves 0 where a row's weights sum to 0), so gradients reach the table and
the weights. As in TF, the result has ``max(row index) + 1`` rows: trailing rows without ids are
dropped, rows in between are 0. The safe variant drops negative ids (and, unless summing, ids of
non-positive weight), gives rows without ids ``default_id``'s embedding or zeros, and keeps every
leading dimension of the ids.
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from .arithmetic import divide_no_nan, multiply
from .operands import as_tensor, named_errors
from .segments import segment_sum
from .indexing import gather
from .sequences import embedding_lookup
from .creation import zeros_like
from .selection import where
from .shapes import cast, concat, expand_dims, reshape
from .unary import sqrt, square
from ..tf_python_names import tf_named

_COMBINERS = ('mean', 'sqrtn', 'sum')


def _sparse(value, what, op):
    if not (hasattr(value, 'indices') and hasattr(value, 'dense_shape')):
        raise TypeError('%s: %s must be SparseTensor, got %s' % (op, what, type(value)))
    return value


def _host(t):
    return np.asarray(backend.to_host(t._data))


@tf_named('embedding_lookup_sparse_v2')
@named_errors('embedding_lookup_sparse')
def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None, name=None,
                            allow_fast_lookup=False):
    """(rows, ...embedding): for each row of ``sp_ids`` (its first index), the ``combiner`` of the
    embeddings ``params[id]`` of its ids, weighted by ``sp_weights``'s values when given.

    Raises:
        ValueError: an unknown combiner; TypeError: ids or weights that are not SparseTensors;
        InvalidArgumentError: an id outside the table.
    """
    op = 'embedding_lookup_sparse'
    combiner = 'mean' if combiner is None else combiner
    if combiner not in _COMBINERS:
        raise ValueError("combiner must be one of 'mean', 'sqrtn' or 'sum', got %s" % (combiner,))
    sp_ids = _sparse(sp_ids, 'sp_ids', op)
    if sp_weights is not None:
        sp_weights = _sparse(sp_weights, 'sp_weights', op)
        if tuple(sp_weights.values.shape) != tuple(sp_ids.values.shape):
            raise ValueError('%s: sp_weights has %d values for the %d ids' % (op, sp_weights.values.shape[0],
                                                                             sp_ids.values.shape[0]))
    table = [as_tensor(t, op) for t in params] if isinstance(params, (list, tuple)) else as_tensor(params, op)
    if any(t.ndim == 0 for t in (table if isinstance(table, list) else [table])):
        raise ValueError('%s: params must be a table (rank >= 1) or a list of them, got a scalar' % op)
    rows = sum(int(t.shape[0]) for t in table) if isinstance(table, (list, tuple)) else int(table.shape[0])
    ids = _host(sp_ids.values)
    if ids.dtype.kind not in 'iu':
        raise TypeError('%s: sp_ids must hold integer ids, got dtype %s' % (op, ids.dtype.name))
    bad = np.flatnonzero((ids < 0) | (ids >= rows))
    if bad.size:
        raise kernel_error('SparseSegmentMean' if combiner == 'mean' else 'SparseSegmentSum',
                           'Bad: indices[%d] == %d out of range [0, %d)' % (bad[0], ids[bad[0]], rows), named=True,
                           note='%s: ids must lie in [0, %d), the rows of params' % (op, rows))
    segments = _host(sp_ids.indices)[:, 0].astype(np.int32)
    if sp_weights is None:
        return _unweighted(table, ids, segments, combiner, max_norm)
    # TF looks up tf.unique's ids and gathers their rows back: the table's gradient has one row per distinct id
    unique_ids, idx = _first_occurrences(ids)
    embeddings = gather(embedding_lookup(table, unique_ids, max_norm=max_norm), idx)
    weights = cast(sp_weights.values, embeddings.dtype)
    weights = reshape(weights, [-1] + [1] * (embeddings.ndim - 1))
    total = segment_sum(multiply(embeddings, weights), segments)
    if combiner == 'sum':
        return total
    norm = segment_sum(weights, segments) if combiner == 'mean' else sqrt(segment_sum(square(weights), segments))
    return divide_no_nan(total, norm)


def _unweighted(table, ids, segments, combiner, max_norm):
    """TF's unweighted path: SparseSegmentSum / Mean / SqrtN over the table's rows, so that the table's
    gradient is an IndexedSlices with one row per distinct id, as TF's. One table without max_norm takes
    TF's fast path, whose SparseSegment*GradV2 gives the distinct ids sorted; otherwise TF looks up
    tf.unique's ids, in order of first occurrence."""
    from ..sparse import segments as sparse_segments
    if not isinstance(table, list) and max_norm is None:
        unique_ids = np.unique(ids)
        idx = np.searchsorted(unique_ids, ids).astype(np.int32)
    else:
        unique_ids, idx = _first_occurrences(ids)
    embeddings = embedding_lookup(table, unique_ids, max_norm=max_norm)
    combine = {'sum': sparse_segments.segment_sum, 'mean': sparse_segments.segment_mean,
               'sqrtn': sparse_segments.segment_sqrt_n}[combiner]
    return combine(embeddings, idx, segments)


def _first_occurrences(ids):
    """tf.unique: the distinct ids in order of first occurrence, and each id's position among them."""
    first = np.sort(np.unique(ids, return_index=True)[1])
    unique_ids = ids[first]
    position = {int(v): i for i, v in enumerate(unique_ids)}
    return unique_ids, np.array([position[int(v)] for v in ids], np.int32)


@tf_named('safe_embedding_lookup_sparse_v2')
@named_errors('safe_embedding_lookup_sparse')
def safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights=None, combiner='mean', default_id=None,
                                 max_norm=None, name=None, allow_fast_lookup=False):
    """``embedding_lookup_sparse`` over ids of any rank >= 2 (all but the last dimension kept in the
    result), with negative ids pruned, and ids of weight <= 0 too unless ``combiner='sum'``; an
    entry left without ids gets the embedding of ``default_id``, or zeros."""
    from ..sparse import layout
    from ..sparse.sparse_tensor import SparseTensor
    op = 'safe_embedding_lookup_sparse'
    sparse_ids = _sparse(sparse_ids, 'sparse_ids', op)
    shape = _host(sparse_ids.dense_shape).astype(np.int64)
    if shape.size < 2:
        raise ValueError('%s: sparse_ids must have rank >= 2, got dense_shape %s' % (op, shape.tolist()))
    flat = layout.reshape(sparse_ids, [int(np.prod(shape[:-1])), int(shape[-1])])
    ids = _host(flat.values)
    keep = ids >= 0
    weights = None
    if sparse_weights is not None:
        weights = SparseTensor(flat.indices, _sparse(sparse_weights, 'sparse_weights', op).values, flat.dense_shape)
        if combiner != 'sum':
            keep &= _host(weights.values) > 0
    flat = layout.retain(flat, keep)
    flat, empty = layout.fill_empty_rows(flat, 0 if default_id is None else default_id)
    if weights is not None:
        weights, _ = layout.fill_empty_rows(layout.retain(weights, keep), 1.0)
    result = embedding_lookup_sparse(embedding_weights, flat, weights, combiner=combiner, max_norm=max_norm)
    if default_id is None:         # rows that had no ids: +0, as TF's where() gives
        result = where(expand_dims(_host(empty), 1), zeros_like(result), result)
    return reshape(result, concat([shape[:-1].astype(np.int32), np.asarray(result.shape[1:], np.int32)], 0))
