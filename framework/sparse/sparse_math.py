"""Sparse arithmetic: add, sparse_dense_matmul, reductions, maximum/minimum, softmax,
and SparseTensor * (or /) a scalar or dense tensor.

Written with gather and segment sums over the values, so gradients reach the
values and the dense operands.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import kernel_error, noted
from ..ops.graph_input_errors import eager_input_error
from ..tensor import Tensor, convert_to_tensor
from .layout import _linear, _sparse, reorder, to_dense
from .sparse_tensor import SparseTensor
from ..sparse_graph_outputs import note_kept, note_open, note_read_from
from ..tf_python_names import tf_named


def _union(a, b, op):
    """The sorted union of a's and b's coordinates, and where each side's entries go in it."""
    sa, sb = a._shape_host(), b._shape_host()
    if not np.array_equal(sa, sb):
        note = '%s: SparseTensors must have the same dense_shape, got %s and %s' % (op, sa.tolist(), sb.tolist())
        if op == 'sparse.add' and len(sa) == len(sb):       # SparseAdd's words
            d = int(np.argmax(sa != sb))
            raise kernel_error('SparseAdd', "Operands' shapes do not match: got %d and %d for dimension %d"
                               % (sa[d], sb[d], d), named=True, note=note)
        raise ValueError(note)
    la, lb = _linear(a._indices_host(), tuple(sa)), _linear(b._indices_host(), tuple(sb))
    union = np.union1d(la, lb)
    idx = np.stack(np.unravel_index(union, tuple(sa)), axis=1).astype(np.int64) if union.size else np.zeros((0, len(sa)), np.int64)
    return union, idx, np.searchsorted(union, la), np.searchsorted(union, lb), sa


def _merge_walk(la, lb):
    """SparseAdd's walk over a's and b's entries (linear indices, as given): the smaller of the two heads goes
    out next, equal heads are summed into one entry; then the rest of each side. Returns (output keys,
    a's slots, b's slots)."""
    i = j = 0
    keys, slots_a, slots_b = [], [], []
    while i < len(la) or j < len(lb):
        if j == len(lb) or (i < len(la) and la[i] < lb[j]):
            slots_a.append(len(keys))
            keys.append(la[i])
            i += 1
        elif i == len(la) or lb[j] < la[i]:
            slots_b.append(len(keys))
            keys.append(lb[j])
            j += 1
        else:
            slots_a.append(len(keys))
            slots_b.append(len(keys))
            keys.append(la[i])
            i, j = i + 1, j + 1
    return np.asarray(keys, np.int64), np.asarray(slots_a, np.int64), np.asarray(slots_b, np.int64)


def _merge_sources(keys, ia, ib, count_a):
    """For each output slot, the row of a's indices (or count_a + the row of b's) that names it."""
    rows = np.empty(len(keys), np.int64)
    rows[ib] = count_a + np.arange(len(ib))
    rows[ia] = np.arange(len(ia))
    return rows


@tf_named('sparse_add_v2')
def add(a, b, threshold=0, name=None):
    """a + b: two SparseTensors give a SparseTensor (sums with ``|sum| < threshold`` dropped);
    a SparseTensor and a dense tensor give a dense tensor."""
    from ..ops import add as dense_add, gather, scatter_nd
    if not isinstance(a, SparseTensor) or not isinstance(b, SparseTensor):
        sp, dense = (a, b) if isinstance(a, SparseTensor) else (b, a)
        if not isinstance(sp, SparseTensor):        # TF 2.21's sparse.add words
            raise noted(TypeError('At least one input should be SparseTensor; do you mean to use tf.add()?'),
                        'sparse.add: expected a SparseTensor, got %s and %s' % (type(a).__name__, type(b).__name__))
        return dense_add(convert_to_tensor(dense, dtype=sp.dtype), to_dense(reorder(sp)))
    if a.values._data.dtype != b.values._data.dtype:       # SparseAdd's input #4 is b's values
        raise eager_input_error('SparseAdd', 4, a.values._data.dtype, b.values._data.dtype)
    union, idx, ia, ib, shape = _union(a, b, 'sparse.add')
    la, lb = _linear(a._indices_host(), tuple(shape)), _linear(b._indices_host(), tuple(shape))
    if np.any(np.diff(la) <= 0) or np.any(np.diff(lb) <= 0):     # unordered or repeated: SparseAdd's merge walk
        union, ia, ib = _merge_walk(la, lb)
        idx = np.concatenate([a._indices_host(), b._indices_host()])[_merge_sources(union, ia, ib, len(la))]
    total = scatter_nd(ia[:, None], a.values, [len(union)]) + scatter_nd(ib[:, None], b.values, [len(union)])
    # SparseAdd drops only sums below the threshold; an entry of one side stays whatever its size
    summed = np.bincount(ia, minlength=len(union)) + np.bincount(ib, minlength=len(union)) > 1
    keep = ~summed | (np.abs(np.asarray(backend.to_host(total._data))) >= threshold)
    if not keep.all():
        rows = np.nonzero(keep)[0]
        return note_kept(SparseTensor(idx[rows], gather(total, rows), shape), a, b)
    return note_kept(SparseTensor(idx, total, shape), a, b)


def _extreme(pick, op):
    def run(sp_a, sp_b, name=None):
        from ..ops import scatter_nd
        a, b = _sparse(sp_a, op), _sparse(sp_b, op)
        union, idx, ia, ib, shape = _union(a, b, op)
        la, lb = _linear(a._indices_host(), tuple(shape)), _linear(b._indices_host(), tuple(shape))
        if np.any(np.diff(la) <= 0) or np.any(np.diff(lb) <= 0):     # unordered or repeated: the kernel's merge walk
            union, ia, ib = _merge_walk(la, lb)
            idx = np.concatenate([a._indices_host(), b._indices_host()])[_merge_sources(union, ia, ib, len(la))]
        # A side without an entry there holds 0, as its dense form does.
        values = pick(scatter_nd(ia[:, None], a.values, [len(union)]), scatter_nd(ib[:, None], b.values, [len(union)]))
        return note_read_from(SparseTensor(idx, values, shape), a)
    return run


def _maximum(x, y):
    from ..ops import maximum as dense_maximum
    return dense_maximum(x, y)


def _minimum(x, y):
    from ..ops import minimum as dense_minimum
    return dense_minimum(x, y)


maximum = tf_named('sparse_maximum')(_extreme(_maximum, 'sparse.maximum'))
minimum = tf_named('sparse_minimum')(_extreme(_minimum, 'sparse.minimum'))


def _matmul_operands(sp_a, b, adjoint_a, adjoint_b):
    """(SparseTensor, dense b) as TF 2.21's SparseTensorDenseMatMul takes them: b converted as it is (a numpy
    float64 or integer b meets float32 values: the kernel's dtype error), both matrices, inner sizes equal."""
    if not isinstance(sp_a, SparseTensor):
        error = TypeError('Input must be a SparseTensor.')
        error.add_note('sparse.sparse_dense_matmul: expected a SparseTensor, got %s; build one with '
                       'tf.sparse.from_dense' % type(sp_a).__name__)
        raise error
    b = convert_to_tensor(b)
    note = 'sparse_dense_matmul: a SparseTensor of shape %s (%s) and a dense b of shape %s (%s)' % (
        sp_a._shape_host().tolist(), sp_a.dtype.name, tuple(b.shape), b.dtype.name)
    if b.dtype != sp_a.dtype:
        error = eager_input_error('SparseTensorDenseMatMul', 3, sp_a.dtype, b.dtype)
        error.add_note(note + ': cast b to the values\' dtype')
        raise error
    shape = sp_a._shape_host()
    if b.ndim != 2:
        raise kernel_error('SparseTensorDenseMatMul', "Tensor 'b' is not a matrix", named=True, note=note)
    if len(shape) != 2:
        raise kernel_error('SparseTensorDenseMatMul', "Tensor 'a_shape' must have 2 elements", named=True, note=note)
    inner_a, inner_b = shape[0 if adjoint_a else 1], b.shape[1 if adjoint_b else 0]
    if inner_a != inner_b:
        raise kernel_error('SparseTensorDenseMatMul', 'Cannot multiply A and B because inner dimension does not '
                           'match: %d vs. %d.  Did you forget a transpose?  Dimensions of A: [%d, %d).  Dimensions '
                           'of B: [%d,%d]' % (inner_a, inner_b, shape[0], shape[1], b.shape[0], b.shape[1]),
                           named=True, note=note + ': the inner dimensions differ')
    return sp_a, b


@tf_named('sparse_tensor_dense_matmul')
def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """sp_a @ b for a 2-D SparseTensor and a dense matrix; gradients reach b and sp_a's values."""
    from ..ops import matrix_transpose, unsorted_segment_sum
    from ..ops.indexing import gather_dense
    if isinstance(b, SparseTensor):     # dense @ sparse: TF computes (B' A')', the adjoints moved as it moves them
        from ..ops import transpose
        if adjoint_a != adjoint_b:
            return transpose(sparse_dense_matmul(b, sp_a, adjoint_a, adjoint_b))
        return transpose(sparse_dense_matmul(b, sp_a, not adjoint_a, not adjoint_b))
    sp, b = _matmul_operands(sp_a, b, adjoint_a, adjoint_b)
    if adjoint_b:
        b = matrix_transpose(b, conjugate=True)     # an adjoint conjugates complex entries
    idx, shape = sp._indices_host(), sp._shape_host()
    rows, cols, n = (idx[:, 1], idx[:, 0], shape[1]) if adjoint_a else (idx[:, 0], idx[:, 1], shape[0])
    values = sp.values
    if adjoint_a and values.dtype.is_complex:
        from ..ops import conj
        values = conj(values)
    products = gather_dense(b, cols) * values[:, None]     # b's gradient is dense, as TF's
    return unsorted_segment_sum(products, rows, int(n))


def _reduce(segment_op, op):
    def run(sp_input, axis=None, keepdims=False, output_is_sparse=False, name=None):
        from ..ops import reshape
        sp = _sparse(sp_input, op)
        idx, shape = sp._indices_host(), sp._shape_host()
        given = [] if axis is None else [int(a) for a in np.atleast_1d(axis)]
        for a in given:
            if not -len(shape) <= a < len(shape):      # the modulus below would reduce another axis
                raise kernel_error('Sparse' + op.split('.')[-1].title().replace('_', ''),
                                   'Invalid reduction dimension %d, for input with %d dimensions.' % (a, len(shape)),
                                   named=True, note='%s: axis %d is out of range for a SparseTensor of rank %d'
                                   % (op, a, len(shape)))
        axes = list(range(len(shape))) if axis is None else [a % len(shape) for a in given]
        kept = [d for d in range(len(shape)) if d not in axes]
        out_shape = shape[kept]
        segments = _linear(idx[:, kept], tuple(out_shape)) if kept else np.zeros(len(idx), np.int64)
        size = int(np.prod(out_shape))
        present = np.bincount(segments, minlength=size) > 0
        flat = segment_op(sp.values, segments, size)
        if output_is_sparse:
            where = np.nonzero(present)[0]
            coordinates = np.stack(np.unravel_index(where, tuple(out_shape)), axis=1) if kept else \
                np.zeros((len(where), 0), np.int64)
            if keepdims:        # the reduced axes stay, 1 long, at coordinate 0
                coordinates, out_shape = _with_reduced_axes(coordinates, kept, shape)
            # (TF's SparseReduceSumSparse output: of unknown rank in a graph)
            return note_open(SparseTensor(coordinates, flat if present.all() else _gather(flat, where), out_shape),
                             rank=False)
        # Positions no entry reaches hold 0 (TensorFlow reduces only the stored entries).
        flat = _zero_where(flat, ~present)
        final = [1 if d in axes else int(s) for d, s in enumerate(shape)] if keepdims else [int(s) for s in out_shape]
        return reshape(flat, final)
    return run


def _with_reduced_axes(coordinates, kept, shape):
    """(indices, dense_shape) of a sparse reduction's output with keepdims: ``coordinates`` (over the ``kept``
    axes of ``shape``) with a 0 column at each reduced axis, whose length is 1."""
    full = np.zeros((len(coordinates), len(shape)), np.int64)
    full[:, kept] = coordinates
    return full, np.array([int(s) if d in kept else 1 for d, s in enumerate(shape)], np.int64)


def _gather(x, rows):
    from ..ops import gather
    return gather(x, rows)


def _zero_where(x, mask):
    from ..ops import where, zeros_like
    return where(mask, zeros_like(x), x) if mask.any() else x


def _segment_sum(values, segments, n):
    from ..ops import unsorted_segment_sum
    return unsorted_segment_sum(values, segments, n)


def _segment_max(values, segments, n):
    from ..ops import unsorted_segment_max
    return unsorted_segment_max(values, segments, n)


reduce_sum = tf_named('sparse_reduce_sum_v2')(_reduce(_segment_sum, 'sparse.reduce_sum'))
reduce_max = tf_named('sparse_reduce_max_v2')(_reduce(_segment_max, 'sparse.reduce_max'))


@tf_named('sparse_softmax')
def softmax(sp_input, name=None):
    """Softmax over the stored entries of each innermost row (missing entries take no part)."""
    from ..ops import exp, gather, unsorted_segment_max, unsorted_segment_sum
    sp = _sparse(sp_input, 'sparse.softmax')
    idx, shape = sp._indices_host(), sp._shape_host()
    rows = _linear(idx[:, :-1], tuple(shape[:-1])) if len(shape) > 1 else np.zeros(len(idx), np.int64)
    n = int(np.prod(shape[:-1]))
    top = gather(unsorted_segment_max(sp.values, rows, n), rows)
    e = exp(sp.values - top)
    return sp.with_values(e / gather(unsorted_segment_sum(e, rows, n), rows))


def _scaled(op_name):
    """SparseTensor * or / a scalar or a dense tensor that broadcasts to its shape; the result stays sparse."""
    def run(x, y, name=None):
        from .. import ops
        from ..ops import broadcast_to, gather_nd
        op = getattr(ops, op_name)
        if not isinstance(x, SparseTensor) or isinstance(y, SparseTensor):
            raise TypeError('%s: a SparseTensor can only be the left operand, with a scalar or dense right operand; '
                            'got %s and %s' % (op_name, type(x).__name__, type(y).__name__))
        other = convert_to_tensor(y, dtype_hint=x.dtype)
        if other.ndim:
            other = gather_nd(broadcast_to(other, [int(d) for d in x._shape_host()]), x._indices_host())
        return x.with_values(op(x.values, other))
    return run


@tf_named('sparse_mask')
def mask(a, mask_indices, name=None):
    """The rows of an IndexedSlices whose indices are not in ``mask_indices``."""
    from ..indexed_slices import IndexedSlices
    from ..ops import gather
    if not isinstance(a, IndexedSlices):
        raise TypeError('sparse.mask: expected an IndexedSlices, got %s' % type(a).__name__)
    ids = np.asarray(backend.to_host(a.indices._data))
    keep = np.nonzero(~np.isin(ids, np.asarray(backend.to_host(convert_to_tensor(mask_indices)._data))))[0]
    return IndexedSlices(gather(a.values, keep), Tensor(backend.place(ids[keep])), a.dense_shape)


SparseTensor._DISPATCH['multiply'] = _scaled('multiply')
SparseTensor._DISPATCH['divide'] = _scaled('divide')


def _bincount(arr, weights=None, minlength=None, maxlength=None, dtype='int32', name=None, axis=None,
              binary_output=False):
    """tf.math.bincount of a SparseTensor: its stored values counted (axis None / 0), or each row's
    (axis=-1, a 2-D input) as a dense (rows, bins) matrix."""
    from ..ops.row_bincount import counts_by_row
    sp = arr
    rows = None
    if axis == -1:
        if sp.ndim != 2:
            raise ValueError('bincount: axis=-1 needs a 2-D SparseTensor, got dense_shape %s' % sp._shape_host().tolist())
        rows = (sp._indices_host()[:, 0], int(sp._shape_host()[0]))
    w = weights.values if isinstance(weights, SparseTensor) else weights
    return counts_by_row(sp.values, rows, w, minlength, maxlength, dtype, axis, binary_output)


SparseTensor._DISPATCH['bincount'] = _bincount


# tf.shape / tf.size / tf.rank of a SparseTensor read its dense_shape, as TF 2.21 does: the shape is
# dense_shape cast to out_type (a float out_type too: TF casts, where a dense tensor's Shape refuses it)
def _shape(input, out_type='int32', name=None):  # noqa: A002
    return Tensor(backend.place(input._shape_host().astype(dtypes.as_dtype(out_type).as_numpy_dtype)))


def _size(input, out_type='int32', name=None):  # noqa: A002
    return Tensor(np.asarray(np.prod(input._shape_host()), dtype=dtypes.as_dtype(out_type).as_numpy_dtype))


SparseTensor._DISPATCH['shape'] = _shape
SparseTensor._DISPATCH['size'] = _size
SparseTensor._DISPATCH['rank'] = lambda input, name=None: Tensor(np.asarray(input._shape_host().size, np.int32))
