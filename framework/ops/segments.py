"""Reductions over segments: rows of ``data`` grouped by ``segment_ids``.

Two primitives carry the gradients: the segment sum (its gradient gathers the
output gradient back to each row) and the segment extreme (its gradient goes
to the rows equal to their segment's extreme, shared among ties, as in
TensorFlow). Means and the sorted ``segment_*`` variants are built from them.
Negative ids in the unsorted ops drop their rows, as in TensorFlow.
"""
import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..row_scatter import add_rows
from .. import backend, dtypes
from ..tensor import Tensor
from .arithmetic import divide, divide_no_nan, multiply
from . import graph_rewrites
from .indexing import getitem
from .logic import equal
from . import float_kernels
from .operands import ACTIVE, as_tensor, named_errors, record
from .selection import where
from .shapes import cast


# TensorFlow's sum and product kernels take complex data (the unsorted mean and sqrt_n divide by a Maximum,
# which does not; extremes order values)
_COMPLEX_OK = frozenset(['unsorted_segment_sum', 'segment_sum', 'segment_mean', 'unsorted_segment_prod',
                         'segment_prod'])


def _data(x, op):
    t = as_tensor(x, op)
    kind = t._data.dtype.kind
    if kind not in 'fiu' and not (kind == 'c' and op in _COMPLEX_OK) and t._data.dtype.name != 'bfloat16':
        words = '%s: data must be a %snumeric tensor, got dtype %s' % (op, '' if op in _COMPLEX_OK else 'real ',
                                                                       t.dtype.name)
        error = float_kernels.refusal(op, t.dtype.name)      # TF's registry text of the segment kernel, where known
        if error is None:
            raise InvalidArgumentError(words)
        error.add_note(words)
        raise error
    return t        # (a scalar is an unsorted op's one row for a scalar id; the sorted ops refuse it: _sorted_ids)


def _ids(segment_ids, data, op, named=True):
    """named: whether TF's eager fast path ran (no Python list among the inputs), which ends its texts in ' name: '."""
    ids = as_tensor(segment_ids, op)
    if ids._data.dtype.kind not in 'iu':
        words = '%s: segment_ids must be integers, got dtype %s' % (op, ids.dtype.name)
        error = float_kernels.index_refusal(op, 'Tindices', ids.dtype.name, named=named)     # TF's registry text
        if error is None:
            raise InvalidArgumentError(words)
        error.add_note(words)
        raise error
    k = ids.ndim
    if (k == 0 and not op.startswith('unsorted_')) or tuple(data.shape[:k]) != tuple(ids.shape):
        words = '%s: segment_ids of shape %s must match the leading dimensions of data %s' % (
            op, tuple(ids.shape), tuple(data.shape))
        text = _shape_text(op, ids.shape, data.shape)
        if text is None:
            raise InvalidArgumentError(words)
        raise kernel_error(_KERNELS[op], text, named=named, note=words)
    return ids


def _shape_text(op, ids_shape, data_shape):
    """TF's kernel sentence for segment ids that do not fit the data (None where tapeflow has no kernel's)."""
    if op not in _KERNELS:
        return None
    if op.startswith('segment_'):       # the sorted kernels take a vector of one id per row
        return ('segment_ids should be a vector.' if len(ids_shape) != 1
                else 'segment_ids should be the same size as dimension 0 of input.')
    if not len(ids_shape):
        return None
    return 'data.shape = [%s] does not start with segment_ids.shape = [%s]' % (
        ','.join(map(str, data_shape)), ','.join(map(str, ids_shape)))


def _count(num_segments, op, named=True):
    num_segments = _refuse_count_form(num_segments, op, named)
    if isinstance(num_segments, Tensor):
        if num_segments.ndim != 0 and op in _KERNELS:
            raise kernel_error(_KERNELS[op], 'num_segments should be a scalar, not shape [%s]'
                               % ','.join(str(n) for n in num_segments.shape), named=True,
                               note='%s: num_segments must be a scalar integer, got shape %s'
                                    % (op, tuple(num_segments.shape)))
        if num_segments._data.dtype.kind not in 'iu' or num_segments.ndim != 0:
            raise TypeError('%s: num_segments must be a scalar integer, got dtype %s shape %s'
                            % (op, num_segments.dtype.name, tuple(num_segments.shape)))
        num_segments = backend.to_host(num_segments._data).item()
    if not isinstance(num_segments, (int, np.integer)) or isinstance(num_segments, bool) or num_segments < 0:
        # a negative count reaches TF's kernel (InvalidArgumentError); another type fails in Python
        error = InvalidArgumentError if isinstance(num_segments, (int, np.integer)) and \
            not isinstance(num_segments, bool) else TypeError
        text = '%s: num_segments must be a non-negative integer, got %r' % (op, num_segments)
        if error is InvalidArgumentError and op in _KERNELS:
            raise kernel_error(_KERNELS[op], 'Input num_segments == %d must not be negative.' % num_segments,
                               named=named, note=text)
        raise error(text)
    return int(num_segments)


# TF computes these two in Python: num_segments is converted as it is (a float stays float), then refused
# by the UnsortedSegmentSum it feeds
_CONVERTED_AS_GIVEN = ('unsorted_segment_mean', 'unsorted_segment_sqrt_n')


def _refuse_count_form(num_segments, op, fast=True):
    """``num_segments`` as TF 2.21's eager wrapper converts it (fuzz6/p/k2.py, errors38/seg2): a tensor or
    a string of another dtype than int32 / int64 is the Tnumsegments attr's refusal, a list the kernel's
    scalar check, None the conversion's ValueError, a Python float the int32 conversion's TypeError; a
    numpy float converts (truncated) and a bool is 0 or 1. The unsorted mean and sqrt_n convert it
    without a dtype, so any float or bool is their attr's refusal; so does the slow path (``fast`` False: a
    list among the op's arguments) for a Python float. Returns the count to use."""
    if op not in _KERNELS or isinstance(num_segments, (int, np.integer)) and not isinstance(num_segments, bool):
        return num_segments
    note = '%s: num_segments must be a non-negative integer, got %r' % (op, num_segments)
    as_given = op in _CONVERTED_AS_GIVEN
    if isinstance(num_segments, Tensor):
        dtype, named = num_segments._data.dtype, as_given or fast
    elif isinstance(num_segments, (str, bytes)):
        dtype, named = 'string', as_given
    elif (as_given and isinstance(num_segments, (bool, float, np.generic))) or (not fast and type(num_segments) is float):
        dtype, named = np.asarray(num_segments).dtype, as_given or fast
        dtype = np.dtype('float32') if dtype == np.float64 and type(num_segments) is float else dtype
    else:
        dtype = None
    if dtype is not None:
        shown = dtype if isinstance(dtype, str) else dtypes.as_dtype(dtype).name
        error = None if shown in ('int32', 'int64') else \
            float_kernels.index_refusal(op, 'Tnumsegments', shown, named=named)
        if error is None:
            return num_segments
    elif num_segments is None:
        error = ValueError('Attempt to convert a value (None) with an unsupported type (%s) to a Tensor.' % type(None))
    elif type(num_segments) is float:
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (num_segments,))
    elif isinstance(num_segments, (bool, np.bool_, np.floating)):
        return int(num_segments)        # TF converts it to int32: True is 1, np.float32(2.5) is 2
    elif np.ndim(num_segments) > 0:
        error = kernel_error(_KERNELS[op], 'num_segments should be a scalar, not shape [%s]'
                             % ','.join(str(n) for n in np.shape(num_segments)),
                             named=as_given or (fast and not isinstance(num_segments, (list, tuple))))  # (a list: the slow path)
    else:
        return num_segments
    error.add_note(note)
    raise error


def _check_range(ids, num, op, named=True):
    a = ids._data
    if a.size and int(a.max()) >= num:
        host = backend.to_host(a)
        where_bad = np.argwhere(host >= num)[0]        # TensorFlow names the first, by its index
        text = 'segment_ids[%s] = %d is out of range [0, %d)' % (','.join(map(str, where_bad)),
                                                                 int(host[tuple(where_bad)]), num)
        if op not in _KERNELS:
            raise InvalidArgumentError('%s: %s' % (op, text))
        raise kernel_error(_KERNELS[op], text, named=named,
                           note='%s: every segment id must be below num_segments (%d); raise num_segments or drop '
                                'the row (a negative id drops it)' % (op, num))


# TensorFlow's kernel for each segment op, whose words its range checks give
_KERNELS = {'unsorted_segment_sum': 'UnsortedSegmentSum', 'unsorted_segment_mean': 'UnsortedSegmentSum',
            'unsorted_segment_sqrt_n': 'UnsortedSegmentSum', 'unsorted_segment_max': 'UnsortedSegmentMax',
            'unsorted_segment_min': 'UnsortedSegmentMin', 'unsorted_segment_prod': 'UnsortedSegmentProd',
            'segment_sum': 'SegmentSum', 'segment_mean': 'SegmentMean', 'segment_max': 'SegmentMax',
            'segment_min': 'SegmentMin', 'segment_prod': 'SegmentProd'}


def _sorted_ids(data, segment_ids, op):
    named = fast_path(data, segment_ids)
    data = _data(data, op)
    if data.ndim == 0:
        raise kernel_error(_KERNELS[op], 'input must be at least rank 1', named=named,
                           note='%s: data must have rank >= 1, got a scalar' % op)
    ids = _ids(segment_ids, data, op, named)
    a = backend.to_host(ids._data)
    if ids.ndim != 1:
        raise kernel_error(_KERNELS[op], 'segment_ids should be a vector.', named=named,
                           note='%s: segment_ids must be a vector, got shape %s' % (op, tuple(ids.shape)))
    rows = int(a[-1]) + 1 if a.size else 0
    if a.size and (a[0] < 0 or (np.diff(a) < 0).any()):
        # The kernel walks the runs of equal ids: at each run's end it checks that the next id grows, then
        # that the run's id is in range. A negative id not at the start comes after a decrease.
        note = '%s: segment_ids must be non-negative and sorted, got %s' % (op, a.tolist())
        # Before that walk, TF 2.21 refuses a negative last id on its own.
        change = np.flatnonzero(a != a[0])
        decreasing = a[0] >= 0 or (change.size and a[change[0]] < a[0])
        text = ('segment ids must be >= 0' if a[-1] < 0 else 'segment ids are not increasing' if decreasing else
                "Segment id %d out of range [0, %d), possibly because 'segment_ids' input is not sorted."
                % (int(a[0]), rows))
        raise kernel_error(_KERNELS[op], text, named=named, note=note)
    return data, ids, rows


def _rows(t, ids):
    """``t[ids]``, with zero rows where an id is negative (a dropped row)."""
    a = ids._data
    xp = backend.array_module(a)
    picked = getitem(t, xp.maximum(a, 0))
    if a.size and int(a.min()) < 0:
        mask = Tensor((a >= 0).reshape(a.shape + (1,) * (t.ndim - 1)))
        picked = where(mask, picked, 0)
    return picked


def _segment_sum(data, ids, num):
    a, i = data._data, ids._data
    xp = backend.array_module(a)
    rest = a.shape[ids.ndim:]
    flat_ids, flat = i.reshape(-1), a.reshape((i.size,) + rest)     # (-1 fails on an empty row shape)
    keep = flat_ids >= 0
    out = xp.zeros((num,) + rest, a.dtype)
    _at(xp, 'add', out, flat_ids[keep], flat[keep])
    out = Tensor(out)
    if ACTIVE:
        record('segment_sum', (data,), out, (lambda g, y, x: _rows(g, ids),))
    return out


def _segment_extreme(data, ids, num, kind, empty):
    """Segment max (kind 'maximum') or min; ``empty`` fills segments with no rows."""
    a, i = data._data, ids._data
    xp = backend.array_module(a)
    rest = a.shape[ids.ndim:]
    flat_ids, flat = i.reshape(-1), a.reshape((i.size,) + rest)     # (-1 fails on an empty row shape)
    keep = flat_ids >= 0
    info = dtypes.as_dtype(a.dtype)      # its min / max know bfloat16, which numpy's finfo does not
    out = xp.full((num,) + rest, info.min if kind == 'maximum' else info.max, a.dtype)
    _at(xp, kind, out, flat_ids[keep], flat[keep])
    if a.dtype.kind == 'f' and xp is np:
        _nan_resets(out, flat_ids[keep], flat[keep], kind, empty is not None)
    if empty is not None:
        counts = xp.zeros(num, np.int64)
        _at(xp, 'add', counts, flat_ids[keep], 1)
        out[counts == 0] = empty
    out = Tensor(out)
    if ACTIVE:
        record('segment_' + kind[:3], (data,), out, (lambda g, y, x: _extreme_grad(g, y, x, ids, num),))
    return out


def _nan_resets(out, ids, rows, kind, packed):
    """NaN in segment max / min as TF 2.21's CPU kernels. They fold the rows in order as
    acc = (x < acc) ? acc : x (max; min mirrored), so a NaN does not stick: an element's result is
    the extreme of the rows after the segment's last NaN there, NaN when that NaN is the last row
    (segment_max([nan, 1]) is 1, of [1, nan] nan). ``packed`` (the sorted kernels): Eigen reduces
    whole AVX packets of a row (8 float32 / 4 float64 values; the tail elements fold as above) with
    a max that skips NaN, from -inf (+inf for min) when all are NaN. numpy's maximum.at propagates NaN."""
    nan = np.isnan(rows)
    if not nan.any():
        return
    rows, nan = rows.reshape(len(rows), -1), nan.reshape(len(rows), -1)
    shape = (len(out), rows.shape[1])
    position = np.arange(len(rows))[:, None]
    last = np.full(shape, -1, np.int64)
    np.maximum.at(last, ids, np.where(nan, position, -1))
    after = position > last[ids]
    info = np.finfo(rows.dtype)
    fill = info.min if kind == 'maximum' else info.max
    again = np.full(shape, fill, rows.dtype)
    getattr(np, kind).at(again, ids, np.where(after, rows, fill))
    any_after = np.zeros(shape, bool)
    np.logical_or.at(any_after, ids, after)
    result = np.where(last >= 0, np.where(any_after, again, np.nan), out.reshape(shape))
    width = {4: 8, 8: 4}.get(rows.dtype.itemsize, 0) if packed else 0
    if width and rows.shape[1] >= width:
        whole = rows.shape[1] // width * width
        start = -np.inf if kind == 'maximum' else np.inf
        skipped = np.full((len(out), whole), start, rows.dtype)
        getattr(np, kind).at(skipped, ids, np.where(nan[:, :whole], start, rows[:, :whole]))
        result[:, :whole] = skipped
    out[...] = result.reshape(out.shape)


def _extreme_grad(g, y, x, ids, num):
    # TensorFlow's rule: the rows equal to their segment's extreme share its gradient evenly. Its
    # plain divide leaves inf / nan at empty segments, which no row gathers; a ForwardAccumulator's
    # jvp (the gradient of this rule) turns them into nan there, as TF's does.
    chosen = equal(x, _rows(y, ids))
    share = divide(g, _segment_sum(cast(chosen, g.dtype), ids, num))
    return where(chosen, _rows(share, ids), 0)


def _at(xp, kind, out, index, values):
    if kind == 'add':
        add_rows(out, index, values)        # (np.add.at on the flat buffer: the same bits, faster on rows)
    elif xp is np:
        getattr(np, kind).at(out, index, values)
    else:
        import cupyx
        getattr(cupyx, 'scatter_' + {'add': 'add', 'maximum': 'max', 'minimum': 'min'}[kind])(out, index, values)


def _means(sums, ids, num, truncate_ints):
    xp = backend.array_module(ids._data)
    flat = ids._data.reshape(-1)
    counts = xp.zeros(num, sums.dtype)
    _at(xp, 'add', counts, flat[flat >= 0], 1)
    counts = xp.maximum(counts, 1).reshape((num,) + (1,) * (sums.ndim - 1))
    if truncate_ints and sums._data.dtype.kind in 'iu':    # TensorFlow's SegmentMean kernel truncates
        return Tensor((xp.trunc(sums._data / counts)).astype(sums.dtype))
    # unsorted_segment_mean divides as Python does (integers give float64), as TensorFlow's does.
    return divide_no_nan(sums, Tensor(counts))


@named_errors('unsorted_segment_sum')
def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Sums of the rows of data sharing an id: ``out[k] = sum(data[i] for segment_ids[i] == k)``.

    ``segment_ids`` may cover several leading axes of ``data``; negative ids drop their rows.
    Returns shape ``(num_segments,) + data.shape[segment_ids.ndim:]``.
    """
    named = fast_path(data, segment_ids, num_segments)
    data = _data(data, 'unsorted_segment_sum')
    ids = _ids(segment_ids, data, 'unsorted_segment_sum', named)
    num = _count(num_segments, 'unsorted_segment_sum', named)
    _check_range(ids, num, 'unsorted_segment_sum', named)
    return _segment_sum(data, ids, num)


@named_errors('unsorted_segment_mean')
def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    """Means per segment (0 for a segment with no rows)."""
    named = True        # TF's Python function converts every input before its first kernel: the fast path
    data = _data(data, 'unsorted_segment_mean')
    ids = _ids(segment_ids, data, 'unsorted_segment_mean', named)
    num = _count(num_segments, 'unsorted_segment_mean', named)
    _check_range(ids, num, 'unsorted_segment_mean', named)
    sums = _segment_sum(data, ids, num)
    if counts_fold(segment_ids, num_segments, sums):
        return multiply(sums, Tensor(reciprocal_counts(ids, num, sums._data.dtype, sums.ndim)))
    return _means(sums, ids, num, False)


def counts_fold(segment_ids, num_segments, sums):
    """Whether a traced function's grappler folds the unsorted mean's / sqrt_n's counts N (TF computes them
    with ops from the ids: ones, a segment sum, maximum(n, 1)) into a constant: ids and count given as
    Python or numpy values. Its ReduceDivToReciprocalMul then runs ``sums / N`` as ``sums * (1 / N)``, the
    gradient's ``g / N`` too (TF 2.21, 7 rows in segments of 3: 3 of 15 sqrt_n outputs and 15 of 21 input
    gradients an ulp off the quotient; ids from a variable or an argument keep it: t_useg.py)."""
    return bool(graph_rewrites.GATE[0] and graph_rewrites.tracing() and sums._data.dtype.kind == 'f'
                and isinstance(segment_ids, (list, tuple, np.ndarray))
                and isinstance(num_segments, (int, np.integer)) and not isinstance(num_segments, bool))


def reciprocal_counts(ids, num, dtype, ndim, root=False):
    """``1 / max(n, 1)`` per segment (``1 / sqrt(max(n, 1))`` with ``root``), folded in ``dtype`` and shaped
    to broadcast over the segment sums (``ndim`` axes)."""
    xp = backend.array_module(ids._data)
    flat = ids._data.reshape(-1)
    counts = xp.zeros(num, dtype)
    _at(xp, 'add', counts, flat[flat >= 0], 1)
    counts = xp.maximum(counts, 1)
    if root:
        counts = xp.sqrt(counts)
    return (xp.asarray(1, dtype) / counts).reshape((num,) + (1,) * (ndim - 1))


@named_errors('unsorted_segment_max')
def unsorted_segment_max(data, segment_ids, num_segments, name=None):
    """Maxima per segment (the dtype's lowest value for a segment with no rows)."""
    named = fast_path(data, segment_ids, num_segments)
    data = _data(data, 'unsorted_segment_max')
    ids = _ids(segment_ids, data, 'unsorted_segment_max', named)
    num = _count(num_segments, 'unsorted_segment_max', named)
    _check_range(ids, num, 'unsorted_segment_max', named)
    return _segment_extreme(data, ids, num, 'maximum', None)


@named_errors('unsorted_segment_min')
def unsorted_segment_min(data, segment_ids, num_segments, name=None):
    """Minima per segment (the dtype's highest value for a segment with no rows)."""
    named = fast_path(data, segment_ids, num_segments)
    data = _data(data, 'unsorted_segment_min')
    ids = _ids(segment_ids, data, 'unsorted_segment_min', named)
    num = _count(num_segments, 'unsorted_segment_min', named)
    _check_range(ids, num, 'unsorted_segment_min', named)
    return _segment_extreme(data, ids, num, 'minimum', None)


@named_errors('segment_sum', passes_name=True)
def segment_sum(data, segment_ids, name=None):
    """Sums over runs of sorted ids; ``max(segment_ids) + 1`` rows, empty segments 0."""
    data, ids, num = _sorted_ids(data, segment_ids, 'segment_sum')
    return _segment_sum(data, ids, num)


@named_errors('segment_mean', passes_name=True)
def segment_mean(data, segment_ids, name=None):
    """Means over runs of sorted ids (0 for ids skipped)."""
    data, ids, num = _sorted_ids(data, segment_ids, 'segment_mean')
    if not (ACTIVE and data._data.dtype.kind in 'fc'):
        return _means(_segment_sum(data, ids, num), ids, num, True)
    out = _means(_segment_sum(Tensor(data._data), ids, num), ids, num, True)
    record('segment_mean', (data,), out, (lambda g, y, x: _segment_mean_grad(g, ids, num),))
    return out


def _segment_mean_grad(g, ids, num):
    """TF's _SegmentMeanGrad: rows of g / count, count 0 at an empty segment (inf / nan that no row
    gathers, but a jvp through this rule is nan there, as TF's)."""
    xp = backend.array_module(g._data)
    flat = ids._data.reshape(-1)
    counts = xp.zeros(num, g._data.dtype)
    _at(xp, 'add', counts, flat[flat >= 0], 1)
    return _rows(divide(g, Tensor(counts.reshape((num,) + (1,) * (g.ndim - 1)))), ids)


@named_errors('segment_max')
def segment_max(data, segment_ids, name=None):
    """Maxima over runs of sorted ids (0 for ids skipped, as TensorFlow)."""
    data, ids, num = _sorted_ids(data, segment_ids, 'segment_max')
    return _segment_extreme(data, ids, num, 'maximum', 0)


@named_errors('segment_min', passes_name=True)
def segment_min(data, segment_ids, name=None):
    """Minima over runs of sorted ids (0 for ids skipped, as TensorFlow)."""
    data, ids, num = _sorted_ids(data, segment_ids, 'segment_min')
    return _segment_extreme(data, ids, num, 'minimum', 0)

