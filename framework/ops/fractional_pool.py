"""``tf.nn.fractional_max_pool`` and ``tf.nn.fractional_avg_pool`` (Graham, 2014): pooling by regions
whose sizes are k or k + 1 (k = floor(input / output)), with output = floor(input / pooling_ratio).

The regions are TensorFlow's kernel's: its generator is PhiloxRandom(seed, seed2) of the op's seed
(``random_seed.get_seed``; seed=0 draws unseeded regions, as TF's nondeterministic mode), and the
row sequence then the column sequence each reserve their words from it. Random regions shuffle
the sizes [k+1] * (input % output) + [k] * rest (a forward Fisher-Yates, one word per step);
pseudo-random ones are ceil(alpha * (i + u)) for one u drawn as a double. With ``overlapping`` a
region also takes its right neighbour's first row and column. Max pooling's gradient goes to each
region's first maximum (row-major), average pooling's spreads evenly over the region, as TF's
gradient kernels.
"""
import numpy as np

from .. import backend, op_seeds, philox
from ..tensor import Tensor
from .linalg import einsum_at_once
from .op_results import FractionalAvgPool, FractionalMaxPool
from . import fractional_pool_arguments
from .operands import ACTIVE, as_tensor, named_errors, record
from .unregistered_gradient import without_gradient
from .scatter import scatter_nd
from .shapes import cast, reshape
from ..tf_python_names import tf_named


def _sequence(length, out, words, pseudo_random):
    """The cumulative region boundaries (out + 1 of them) of one axis, from ``words`` (a word
    iterator positioned at this axis's reservation)."""
    if pseudo_random:
        alpha = length / out
        k = length // out
        max_u = min((k + 2) / alpha - 1, (length + 1 - k) / alpha - (out - 1))
        high, low = next(words), next(words)
        u = float(philox._unit_float64(np.uint64(high), np.uint64(low))) * max_u
        cum = [1] + [int(np.ceil(alpha * (i + u))) for i in range(1, out)] + [length + 1]
        sizes = [cum[i + 1] - cum[i] for i in range(out)]
    else:
        k, extra = divmod(length, out)
        sizes = [k + 1] * extra + [k] * (out - extra)
        for i in range(out - 1):
            j = i + next(words) % (out - i)
            sizes[i], sizes[j] = sizes[j], sizes[i]
    return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


def _regions(shape, pooling_ratio, pseudo_random, seed, op):
    from ..random import draw_seed_pair
    ratio = [float(r) for r in pooling_ratio]       # (four, checked by fractional_pool_arguments.check_op)
    out = [int(np.floor(s / r)) for s, r in zip(shape, ratio)]
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair())) if seed else \
        tuple(int(v) for v in draw_seed_pair())
    key, counter = philox.key_counter_from_op_seeds(*seeds)
    rows_words = philox.word_stream(key, counter, start=0)
    rows = _sequence(shape[1], out[1], rows_words, pseudo_random)
    row_blocks = 1 if pseudo_random else (out[1] + 3) // 4
    cols = _sequence(shape[2], out[2], philox.word_stream(key, counter, start=row_blocks), pseudo_random)
    return rows, cols


def _cells(seq, size, overlapping):
    """(start, end inclusive) of each region along one axis."""
    ends = seq[1:] if overlapping else seq[1:] - 1
    return seq[:-1], np.minimum(ends, size - 1)


def _prepare(value, pooling_ratio, pseudo_random, overlapping, seed, op):
    # TF's order: the ratio as the Python wrapper reads it, the input's conversion, then the op's checks
    kernel = 'FractionalMaxPool' if 'max' in op else 'FractionalAvgPool'
    ratio = (fractional_pool_arguments.max_pool_ratio(pooling_ratio) if 'max' in op else
             fractional_pool_arguments.avg_pool_ratio(pooling_ratio, value))
    x = as_tensor(value, op)
    fractional_pool_arguments.check_op(kernel, x, ratio)
    for what, flag in (('pseudo_random', pseudo_random), ('overlapping', overlapping)):
        if not isinstance(flag, (bool, np.bool_)):
            raise TypeError('%s: %s must be True or False, got %r' % (op, what, flag))
    rows, cols = _regions(tuple(x.shape), ratio, pseudo_random, seed, op)
    return x, rows, cols, _cells(rows, x.shape[1], overlapping), _cells(cols, x.shape[2], overlapping)


def _offsets(row_cells, col_cells):
    """Each (dh, dw) offset into a region, row-major, with the (out_rows, out_cols) mask of regions
    that reach it and the input row / column it reads."""
    (r0, r1), (c0, c1) = row_cells, col_cells
    for dh in range(int((r1 - r0).max()) + 1):
        rows = r0 + dh
        for dw in range(int((c1 - c0).max()) + 1):
            cols = c0 + dw
            mask = (rows <= r1)[:, None] & (cols <= c1)[None, :]
            yield mask, np.minimum(rows, r1), np.minimum(cols, c1)


@tf_named('fractional_max_pool_v2')
@named_errors('fractional_max_pool')
def fractional_max_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """(output, row_pooling_sequence int64, col_pooling_sequence int64): the maximum of each region."""
    x, rows, cols, row_cells, col_cells = _prepare(value, pooling_ratio, pseudo_random, overlapping, seed,
                                                   'fractional_max_pool')
    a = x._data
    xp = backend.array_module(a)
    n, _, _, c = a.shape
    lowest = np.finfo(a.dtype).min if a.dtype.kind == 'f' else np.iinfo(a.dtype).min
    best = xp.full((n, rows.size - 1, cols.size - 1, c), lowest, a.dtype)
    where = xp.full(best.shape + (2,), -1, np.int64)
    for mask, r, cc in _offsets(row_cells, col_cells):
        value_here = a[:, r][:, :, cc]
        better = mask[None, :, :, None] & ((value_here > best) | (where[..., 0] < 0))
        best = xp.where(better, value_here, best)
        spot = xp.stack(xp.broadcast_arrays(r[:, None], cc[None, :]), -1)[None, :, :, None, :]
        where = xp.where(better[..., None], spot, where)
    out = Tensor(best)
    if ACTIVE and a.dtype.kind == 'f':
        batch = xp.broadcast_to(xp.arange(n)[:, None, None, None, None], best.shape + (1,))
        depth = xp.broadcast_to(xp.arange(c)[None, None, None, :, None], best.shape + (1,))
        index = xp.concatenate([batch, where, depth], -1).reshape(-1, 4)
        # TF's FractionalMaxPoolGrad has no gradient: a second derivative through it is its LookupError
        record('fractional_max_pool', (x,), out, (lambda g, y, x: without_gradient(
            'FractionalMaxPoolGrad', lambda g, x: scatter_nd(index, reshape(g, [-1]), x.shape), g, x),))
    return FractionalMaxPool(out, Tensor(xp.asarray(rows)), Tensor(xp.asarray(cols)))


@tf_named('fractional_avg_pool_v2')
@named_errors('fractional_avg_pool')
def fractional_avg_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """(output, row_pooling_sequence int64, col_pooling_sequence int64): the mean of each region
    (summed row-major, then divided by its size, as TF's kernel)."""
    x, rows, cols, row_cells, col_cells = _prepare(value, pooling_ratio, pseudo_random, overlapping, seed,
                                                   'fractional_avg_pool')
    a = x._data
    xp = backend.array_module(a)
    n, h, w, c = a.shape
    total = xp.zeros((n, rows.size - 1, cols.size - 1, c), a.dtype)
    for mask, r, cc in _offsets(row_cells, col_cells):
        total = xp.where(mask[None, :, :, None], total + a[:, r][:, :, cc], total)
    (r0, r1), (c0, c1) = row_cells, col_cells
    count = ((r1 - r0 + 1)[:, None] * (c1 - c0 + 1)[None, :]).astype(a.dtype)
    out = Tensor(total / count[None, :, :, None])
    if ACTIVE and a.dtype.kind == 'f':
        in_row = ((xp.arange(h)[None, :] >= r0[:, None]) & (xp.arange(h)[None, :] <= r1[:, None])).astype(np.float64)
        in_col = ((xp.arange(w)[None, :] >= c0[:, None]) & (xp.arange(w)[None, :] <= c1[:, None])).astype(np.float64)
        share = Tensor(count.astype(np.float64)[:, :, None])

        def spread(g, y, x):
            # TF's FractionalAvgPoolGrad adds each out_backprop / region size in double, then casts
            wide = cast(g, 'float64') / share
            return cast(einsum_at_once('ih,bijc,jw->bhwc', Tensor(in_row), wide, Tensor(in_col)), x.dtype)
        record('fractional_avg_pool', (x,), out, (spread,))
    return FractionalAvgPool(out, Tensor(xp.asarray(rows)), Tensor(xp.asarray(cols)))
