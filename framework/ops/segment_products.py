"""Segment products and the sqrt(N)-normalized segment sum (``tf.math.unsorted_segment_prod``,
``segment_prod``, ``unsorted_segment_sqrt_n``), on segments.py's id checks and gathers.

The product's gradient is TensorFlow's rule, zeros included: a row's partial derivative
is its segment's product over the row, or, for the one zero of a segment, the product
of the segment's other rows; a segment with two zeros or more passes no gradient.
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path
from ..tensor import Tensor
from .arithmetic import divide, multiply
from .complex_parts import conj
from .float_kernels import refusal
from .indexing import getitem
from .logic import equal, greater
from .operands import ACTIVE, named_errors, record
from .segments import (_at, _count, _check_range, _data, _ids, _rows, _segment_sum, _sorted_ids, counts_fold,
                       reciprocal_counts)
from .selection import where
from .shapes import cast


def _segment_prod(data, ids, num, unsorted):
    # numpy's multiply.at has no cupy counterpart: the product is taken on the host.
    a = backend.to_host(data._data)
    flat_ids = backend.to_host(ids._data).reshape(-1)
    rest = a.shape[ids.ndim:]
    flat = a.reshape((flat_ids.size,) + rest)     # (-1 fails on an empty row shape)
    keep = flat_ids >= 0
    out = np.ones((num,) + rest, a.dtype)
    np.multiply.at(out, flat_ids[keep], flat[keep])
    out = Tensor(backend.array_module(data._data).asarray(out))
    if ACTIVE:
        record('segment_prod', (data,), out, (lambda g, y, x: _prod_grad(g, y, x, ids, num, unsorted),))
    return out


def _prod_grad(g, y, x, ids, num, unsorted):
    is_zero = equal(x, 0)
    zeros = _segment_sum(cast(is_zero, 'int32'), ids, num)
    g = where(greater(zeros, 1), 0, g)
    nonzero_data = where(is_zero, 1, x)
    nonzero_prod = _segment_prod(nonzero_data, ids, num, unsorted)
    # TF's two rules: the products gathered at the ids clipped to 0 (a dropped row reads segment 0's),
    # divided by the data with its zeros made ones (SegmentProd) or by the data itself
    # (UnsortedSegmentProd: the where keeps 0/0 out of the value, not out of a second derivative)
    partial = where(is_zero, _clipped_rows(nonzero_prod, ids),
                    divide(_clipped_rows(y, ids), x if unsorted else nonzero_data))
    if x._data.dtype.kind == 'c':
        # TF 2.21's _UnsortedSegmentProdGrad takes g * partial, unconjugated; the tape conjugates every
        # complex rule (complex_gradients), so this one hands it the conjugate
        partial = conj(partial)
    return multiply(_rows(g, ids), partial)


def _clipped_rows(t, ids):
    """``t`` gathered at the ids clipped to 0 (TF's gather(..., maximum(ids, 0)))."""
    a = ids._data
    return getitem(t, backend.array_module(a).maximum(a, 0))


@named_errors('unsorted_segment_prod')
def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    """Products of the rows sharing an id (1 for a segment with no rows); negative ids drop their rows."""
    op = 'unsorted_segment_prod'
    named = fast_path(data, segment_ids, num_segments)
    data = _data(data, op)
    ids = _ids(segment_ids, data, op, named)
    num = _count(num_segments, op, named)
    _check_range(ids, num, op, named)
    return _segment_prod(data, ids, num, unsorted=True)


@named_errors('segment_prod', passes_name=True)
def segment_prod(data, segment_ids, name=None):
    """Products over runs of sorted ids; ``max(segment_ids) + 1`` rows, empty segments 1."""
    data, ids, num = _sorted_ids(data, segment_ids, 'segment_prod')
    return _segment_prod(data, ids, num, unsorted=False)


@named_errors('unsorted_segment_sqrt_n')
def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    """Segment sums divided by sqrt(the segment's row count) (count 0 taken as 1).

    Raises:
        TypeError: integer data (the square root needs floats, as in TensorFlow).
    """
    op = 'unsorted_segment_sqrt_n'
    named = True        # TF's Python function converts every input before its first kernel: the fast path
    data = _data(data, op)
    ids = _ids(segment_ids, data, op, named)
    num = _count(num_segments, op, named)
    _check_range(ids, num, op, named)       # (TF counts the rows per segment first, then takes their Sqrt)
    if data._data.dtype.kind != 'f' and data._data.dtype.name != 'bfloat16':
        text = '%s: data must be floating-point, got dtype %s; cast it first' % (op, data.dtype.name)
        error = refusal('sqrt', data.dtype.name) if data._data.dtype.kind in 'iu' else None
        if error is None:
            raise InvalidArgumentError(text)
        error.add_note(text)
        raise error
    if counts_fold(segment_ids, num_segments, data):        # a trace's grappler: sums * (1 / sqrt(N))
        return multiply(_segment_sum(data, ids, num),
                        Tensor(reciprocal_counts(ids, num, data._data.dtype, data.ndim - ids.ndim + 1, root=True)))
    xp = backend.array_module(ids._data)
    flat = ids._data.reshape(-1)
    counts = xp.zeros(num, data._data.dtype)
    _at(xp, 'add', counts, flat[flat >= 0], 1)
    scale = Tensor(xp.sqrt(xp.maximum(counts, 1)).reshape((num,) + (1,) * (data.ndim - ids.ndim)))
    return divide(_segment_sum(data, ids, num), scale)


