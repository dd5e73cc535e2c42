"""Sparse layout ops: to and from dense, reorder, reshape, transpose, expand_dims,
retain, slice, concat, split, fill_empty_rows, to_indicator.

Entries are picked with gather and placed with scatter_nd, so gradients reach
the values; coordinates are computed on the host.
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import Tensor, convert_to_tensor
from .sparse_tensor import SparseTensor
from ..sparse_graph_outputs import note_concatenated, note_expanded, note_kept, note_open, note_read_from
from ..tf_python_names import tf_named


def _sparse(sp, op):
    if not isinstance(sp, SparseTensor):
        words = '%s: expected a SparseTensor, got %s; build one with tf.sparse.from_dense' % (op, type(sp).__name__)
        if op in _CONVERTED:        # TF's _convert_to_sparse_tensor refusal; tapeflow's words in a note
            raise noted(TypeError('Input must be a SparseTensor.'), words)
        raise TypeError(words)
    return sp


# ops whose TF 2.21 wrapper checks its input with sparse_ops._convert_to_sparse_tensor ('Input must be a
# SparseTensor.'); the others (transpose, expand_dims, softmax, reductions, maximum / minimum) fail by accident
# there (AttributeError on .indices) and keep tapeflow's words
_CONVERTED = frozenset(('sparse.to_dense', 'sparse.reorder', 'sparse.retain', 'sparse.fill_empty_rows',
                        'sparse.to_indicator', 'sparse.reset_shape', 'sparse.reshape', 'sparse.concat'))


def _pick(sp, rows, indices, shape):
    """The entries ``rows`` of sp (host ints) with new coordinates."""
    from ..ops import gather
    rows = np.asarray(rows, np.int64)
    same = len(rows) == sp.indices.shape[0] and np.array_equal(rows, np.arange(len(rows)))
    return SparseTensor(indices, sp.values if same else gather(sp.values, rows), shape)


def _linear(idx, shape):
    return np.ravel_multi_index(idx.T, shape) if idx.size else np.zeros(len(idx), np.int64)


@tf_named('sparse_tensor_to_dense')
def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor; missing entries are ``default_value`` (0). Indices must be in order, as in TensorFlow."""
    from ..ops import scatter_nd, where
    from .dense_default import checked_default
    sp = _sparse(sp_input, 'sparse.to_dense')
    idx, shape = sp._indices_host(), tuple(sp._shape_host())
    linear = _linear(idx, shape)
    if validate_indices and np.any(np.diff(linear) <= 0):
        bad = int(np.argmax(np.diff(linear) <= 0)) + 1
        note = ('sparse.to_dense: indices[%d] = %s is out of order or repeated; use tf.sparse.reorder to get ordered '
                'indices' % (bad, idx[bad].tolist()))
        entry = 'indices[%d] = [%s]' % (bad, ','.join(map(str, idx[bad])))      # SparseToDense's checks
        text = ('%s is repeated' % entry if linear[bad] == linear[bad - 1] else
                '%s is out of order. Many sparse ops require sorted indices.\n    Use `tf.sparse.reorder` to create '
                'a correctly ordered copy.\n\n' % entry)
        raise kernel_error('SparseToDense', text, named=True, note=note)
    dtype = sp.values._data.dtype
    default_value = checked_default(default_value, dtype)
    if not shape and len(idx):      # rank 0 (a full reduce_sum(output_is_sparse=True)): its value
        from ..ops import reshape
        return reshape(sp.values[-1:], [])
    if dtype.kind not in 'fc':
        dense = np.zeros(shape, dtype)
        if dtype == object:     # string entries: '' (or a str default) as the bytes string tensors hold
            default_value = b'' if default_value is None else default_value
        if default_value is not None:
            dense[...] = default_value
        dense[tuple(idx.T)] = np.asarray(backend.to_host(sp.values._data))
        return Tensor(backend.place(dense))
    values = sp.values
    if not validate_indices and len(np.unique(linear)) < len(linear):
        # SparseToDense assigns in order, so a repeated index keeps its last value (scatter_nd would sum them)
        last = len(linear) - 1 - np.unique(linear[::-1], return_index=True)[1]
        keep = np.sort(last)
        idx, values = idx[keep], _pick(sp, keep, idx[keep], shape).values
    dense = scatter_nd(idx, values, shape)
    if default_value is not None and np.any(np.asarray(default_value) != 0):
        present = np.zeros(shape, bool)
        present[tuple(idx.T)] = True
        dense = where(present, dense, Tensor(backend.place(np.full(shape, default_value, dtype))))
    return dense


def from_dense(tensor, name=None):
    """The non-zero entries of a dense tensor, in row-major order."""
    from ..ops import gather_nd
    t = convert_to_tensor(tensor)
    if not t.ndim:      # TF's from_dense runs tf.where on the tensor, whose kernel takes rank >= 1
        raise kernel_error('Where', 'WhereOp : Unhandled input dimensions: 0', named=True,
                           note='sparse.from_dense: the tensor must have at least one axis, got a scalar')
    data = np.asarray(backend.to_host(t._data))
    idx = np.argwhere(data != (b'' if data.dtype == object else 0)).astype(np.int64)
    return SparseTensor(idx, gather_nd(t, idx), np.asarray(data.shape, np.int64))


@tf_named('sparse_reorder')
def reorder(sp_input, name=None):
    """The entries in row-major order of their indices."""
    sp = _sparse(sp_input, 'sparse.reorder')
    idx = sp._indices_host()
    order = np.argsort(_linear(idx, tuple(sp._shape_host())), kind='stable')
    return note_kept(_pick(sp, order, idx[order], sp._shape_host()), sp, reordered=True)


@tf_named('sparse_reshape')
def reshape(sp_input, shape, name=None):
    """The same entries in a dense tensor of another shape (one dimension may be -1)."""
    sp = _sparse(sp_input, 'sparse.reshape')
    old = tuple(sp._shape_host())
    size = int(np.prod(old))
    new = [int(d) for d in np.asarray(backend.to_host(convert_to_tensor(shape)._data)).reshape(-1)]
    _check_reshape([int(d) for d in old], new)
    idx = np.stack(np.unravel_index(_linear(sp._indices_host(), old), new), axis=1) if new else np.zeros((len(sp._indices_host()), 0), np.int64)
    return note_kept(SparseTensor(idx.astype(np.int64), sp.values, new), sp)


def _check_reshape(old, new):
    """Fill ``new``'s -1 in place, refusing a shape that does not fit ``old`` as TF 2.21's SparseReshape
    kernel does, in its order and words (the -1 counted as 1 in its texts); tapeflow's sentence as a note."""
    size, known, unknown = int(np.prod(old)), 1, None
    note = 'sparse.reshape: cannot reshape a SparseTensor of shape %s (%d entries) to %s' % (old, size, list(new))

    def refuse(text):
        return kernel_error('SparseReshape', text, named=True, note=note)
    for i, d in enumerate(new):
        if d == -1:
            if unknown is not None:
                raise refuse('only one output dimension may be -1, not both %d and %d' % (unknown, i))
            unknown = i
        elif d < 0:
            raise refuse('size %d must be non-negative, not %d' % (i, d))
        else:
            known *= d

    def text():
        return 'input_shape=[%s] output_shape=[%s]' % (','.join(map(str, old)),
                                                      ','.join(str(1 if d == -1 else d) for d in new))
    if unknown is not None:
        if known == 0:
            raise refuse('reshape cannot infer the missing input size for an empty tensor unless all specified '
                         'input sizes are non-zero')
        if size % known:
            raise refuse('Input to reshape is a SparseTensor with %d dense values, but the requested shape requires a '
                         'multiple of %d. %s' % (size, known, text()))
        new[unknown] = size // known
    elif known != size:
        raise refuse('Input to reshape is a tensor with %d dense values, but the requested shape has %d. %s'
                     % (size, known, text()))


@tf_named('sparse_transpose')
def transpose(sp_input, perm=None, name=None):
    """The dimensions permuted by ``perm`` (reversed when None); entries are reordered."""
    sp = _sparse(sp_input, 'sparse.transpose')
    shape = sp._shape_host()
    perm = list(range(len(shape)))[::-1] if perm is None else [int(p) for p in perm]
    if sorted(perm) != list(range(len(shape))):
        raise ValueError('sparse.transpose: perm must be a permutation of 0..%d, got %s' % (len(shape) - 1, perm))
    return note_kept(reorder(SparseTensor(sp._indices_host()[:, perm], sp.values, shape[perm])), sp)


@tf_named('sparse_expand_dims')
def expand_dims(sp_input, axis=None, name=None):
    """A new dimension of size 1 at ``axis``."""
    sp = _sparse(sp_input, 'sparse.expand_dims')
    idx, shape = sp._indices_host(), sp._shape_host()
    axis = -1 if axis is None else int(axis)
    if not -len(shape) - 1 <= axis <= len(shape):
        raise ValueError('sparse.expand_dims: axis %d is out of range for rank %d' % (axis, len(shape)))
    axis = axis + len(shape) + 1 if axis < 0 else axis
    return note_expanded(SparseTensor(np.insert(idx, axis, 0, axis=1), sp.values, np.insert(shape, axis, 1)), axis)


@tf_named('sparse_retain')
def retain(sp_input, to_retain):
    """The entries where ``to_retain`` (one bool per entry) is True."""
    sp = _sparse(sp_input, 'sparse.retain')
    keep = np.asarray(backend.to_host(convert_to_tensor(to_retain)._data))
    if keep.ndim != 1 or keep.shape[0] != sp.indices.shape[0]:
        # TF 2.21's shape checks, in its words (then tf.where: any nonzero entry keeps its row)
        error = ValueError('Shape %s must have rank 1' % (keep.shape,) if keep.ndim != 1 else
                           'Dimensions %d and %d are not compatible' % (sp.indices.shape[0], keep.shape[0]))
        error.add_note('sparse.retain: to_retain must hold one bool per entry (%d), got shape %s'
                       % (sp.indices.shape[0], keep.shape))
        raise error
    rows = np.nonzero(keep)[0]
    return note_read_from(_pick(sp, rows, sp._indices_host()[rows], sp._shape_host()), sp)


def _int64_operand(value, what):
    """``value`` as TF converts it to an int64 tensor (a Python float or str is its TypeError), on the host."""
    note = 'sparse.slice: %s must hold integers, got %r' % (what, value)
    try:
        t = convert_to_tensor(value)
    except (TypeError, ValueError) as err:
        err.add_note(note)
        raise
    data = np.asarray(backend.to_host(t._data))
    if data.dtype.kind not in 'iu' and not isinstance(value, Tensor):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int64' % (value,))
        error.add_note(note)
        raise error
    return data.astype(np.int64)


@tf_named('sparse_slice')
def slice(sp_input, start, size, name=None):  # noqa: A001  (TensorFlow's name)
    """The entries inside the box ``start`` .. ``start + size`` (cut at the dense shape), shifted to start at 0."""
    if not isinstance(sp_input, SparseTensor):
        error = TypeError('Input must be a SparseTensor.')
        error.add_note('sparse.slice: expected a SparseTensor, got %s; build one with tf.sparse.from_dense'
                       % type(sp_input).__name__)
        raise error
    sp = sp_input
    idx, shape = sp._indices_host(), sp._shape_host()
    start, size = _int64_operand(start, 'start'), _int64_operand(size, 'size')
    for values, what in ((start, 'start'), (size, 'size')):
        if values.ndim != 1:
            raise kernel_error('SparseSlice', 'Input %s should be a vector but received shape [%s]'
                               % (what, ','.join(map(str, values.shape))), named=True,
                               note='sparse.slice: %s must be one integer per dimension' % what)
    for values, what in ((start, 'start'), (size, 'size')):
        if values.size != shape.size:       # (numpy would broadcast a length-1 vector silently)
            raise kernel_error('SparseSlice', 'Expected %s to be a vector of length %d but got length %d'
                               % (what, shape.size, values.size), named=True,
                               note='sparse.slice: %s needs one integer per dimension of dense_shape %s, got %s'
                                    % (what, shape.tolist(), values.tolist()))
    if size.size and size.min() < 0:
        raise kernel_error('SparseSlice', 'Expected a non-negative size, got %d' % size.min(), named=True,
                           note='sparse.slice: size must be >= 0, got %s' % size.tolist())
    stop = np.minimum(start + size, shape)
    rows = np.nonzero(np.all((idx >= start) & (idx < stop), axis=1))[0]
    return note_open(_pick(sp, rows, idx[rows] - start, np.maximum(stop - start, 0)))


def _check_concat_shapes(shapes, axis):
    """TF 2.21's SparseConcat kernel refusing parts whose ranks or dimensions other than ``axis`` differ
    from the first part's, in its words (the first misfit by position); tapeflow's sentence as a note."""
    def refuse(text):
        return kernel_error('SparseConcat', text, named=True, node='SparseConcat_N_%d' % len(shapes),
                            note='sparse.concat: shapes %s differ outside axis %d (set expand_nonconcat_dims=True '
                                 'to widen them)' % ([[int(d) for d in s] for s in shapes], axis))
    first = shapes[0]
    for position, shape in enumerate(shapes[1:], 1):
        if len(shape) != len(first):
            raise refuse('Ranks of all input tensors must match: expected %d but got %d at position %d'
                         % (len(first), len(shape), position))
        for dim, (want, got) in enumerate(zip(first, shape)):
            if dim != axis and want != got:
                raise refuse('Input shapes must match: expected %d for dimension %d but got %d at position %d'
                             % (want, dim, got, position))


@tf_named('sparse_concat_v2')
def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None):
    """SparseTensors joined along ``axis``; the result's entries are in row-major order."""
    from ..ops import concat as dense_concat
    if not isinstance(sp_inputs, (list, tuple)):        # TF 2.21's check
        raise noted(TypeError('Inputs must be a list or tuple.'),
                    'sparse.concat: sp_inputs must be a list of SparseTensors, got %s' % type(sp_inputs).__name__)
    parts = [_sparse(s, 'sparse.concat') for s in sp_inputs]
    shapes = [p._shape_host() for p in parts]
    if isinstance(axis, Tensor) and axis.ndim == 0:
        axis = axis.numpy()
    if not isinstance(axis, (int, float, np.integer, np.floating)):     # TF's int attribute (2.5 is cut to 2)
        error = TypeError("Expected int for argument 'concat_dim' not %r." % (axis,))
        error.add_note('sparse.concat: axis must be an integer, got %r' % (axis,))
        raise error
    rank = len(shapes[0])
    if not -rank <= int(axis) < rank:
        raise kernel_error('SparseConcat', 'Concat dimension must be in range [-%d, %d), got %d' % (rank, rank, axis),
                           named=True, node='SparseConcat_N_%d' % len(parts),
                           note='sparse.concat: axis %d is out of range for SparseTensors of rank %d' % (axis, rank))
    axis = int(axis) + len(shapes[0]) if int(axis) < 0 else int(axis)
    if expand_nonconcat_dims:
        target = np.max(shapes, axis=0)
        shapes = [np.where(np.arange(len(s)) == axis, s, target) for s in shapes]
    _check_concat_shapes(shapes, axis)
    offsets = np.cumsum([0] + [s[axis] for s in shapes])
    indices = []
    for p, off in zip(parts, offsets):
        i = p._indices_host().copy()
        i[:, axis] += off
        indices.append(i)
    shape = shapes[0].copy()
    shape[axis] = offsets[-1]
    return note_concatenated(reorder(SparseTensor(np.concatenate(indices), dense_concat([p.values for p in parts], 0),
                                                  shape)), parts, axis, expand_nonconcat_dims)


@tf_named('sparse_split_v2')
def split(sp_input=None, num_split=None, axis=None, name=None):
    """``num_split`` SparseTensors along ``axis`` (the first ones one longer when it does not divide evenly)."""
    from .split_eye_arguments import split_arguments
    sp, n, axis = split_arguments(sp_input, num_split, axis)
    shape = sp._shape_host()
    size = int(shape[axis])
    sizes = [size // n + (1 if i < size % n else 0) for i in range(n)]
    starts = np.cumsum([0] + sizes)
    out = []
    for lo, length in zip(starts[:-1], sizes):
        begin, extent = np.zeros_like(shape), shape.copy()
        begin[axis], extent[axis] = lo, length
        out.append(slice(sp, begin, extent))
    return out


@tf_named('sparse_fill_empty_rows')
def fill_empty_rows(sp_input, default_value, name=None):
    """Every empty row (first coordinate) gets one entry ``default_value`` at column 0.

    Returns:
        (the filled SparseTensor, a bool vector saying which rows were empty).
    """
    from ..ops import concat as dense_concat, fill
    sp = _sparse(sp_input, 'sparse.fill_empty_rows')
    idx, shape = sp._indices_host(), sp._shape_host()
    empty = np.ones(shape[0], bool)
    empty[idx[:, 0]] = False
    rows = np.nonzero(empty)[0]
    new = np.zeros((len(rows), len(shape)), np.int64)
    new[:, 0] = rows
    extra = fill([len(rows)], convert_to_tensor(default_value, dtype=sp.dtype))
    all_idx = np.concatenate([idx, new])
    order = np.argsort(all_idx[:, 0], kind='stable')
    filled = _pick(SparseTensor(all_idx, dense_concat([sp.values, extra], 0), shape), order, all_idx[order], shape)
    return note_read_from(filled, sp), Tensor(backend.place(empty))


@tf_named('sparse_to_indicator')
def to_indicator(sp_input, vocab_size, name=None):
    """A bool tensor of shape ``dense_shape[:-1] + [vocab_size]``: True at each id the last dimension lists."""
    sp = _sparse(sp_input, 'sparse.to_indicator')
    ids = np.asarray(backend.to_host(sp.values._data))
    if ids.dtype.kind not in 'iu':
        raise TypeError('sparse.to_indicator: the values must be integer ids, got dtype %s' % ids.dtype.name)
    if ids.size and (ids.min() < 0 or ids.max() >= int(vocab_size)):
        raise InvalidArgumentError('sparse.to_indicator: ids must lie in [0, %d), got %s' % (vocab_size, ids.tolist()))
    shape = tuple(sp._shape_host()[:-1]) + (int(vocab_size),)
    out = np.zeros(shape, bool)
    out[tuple(sp._indices_host()[:, :-1].T) + (ids,)] = True
    return Tensor(backend.place(out))
