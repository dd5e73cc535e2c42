"""RaggedTensor to and from dense values: Python lists, numpy arrays, padded tensors, text.

Conversions that keep float values (``from_tensor``, ``to_tensor``) are written
with gather and scatter_nd, so gradients flow through them; the layout is
computed on the host.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import kernel_error
from ..tensor import Tensor, constant as dense_constant, convert_to_tensor
from ..tensor_shape import TensorShape
from . import row_partition as rp
from .ragged_tensor import RaggedTensor


# ---- Python lists ---------------------------------------------------------------------
def _scalar_depths(value, depth, found):
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        for item in value:
            _scalar_depths(item, depth + 1, found)
        found[1] = max(found[1], depth + 1)
    else:
        found[0].add(depth)


def _inner_shape(item):
    try:
        return np.shape(item)
    except ValueError:      # numpy 2: the item itself is not rectangular
        return None


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=np.int64):
    """A RaggedTensor from nested Python lists whose scalars all sit at one depth.

    Args:
        pylist: nested lists (rows may differ in length at every level).
        dtype: of the values (Python's defaults otherwise: int32, float32).
        ragged_rank: how many outer dimensions are ragged (default: all but the scalars' level).
        inner_shape: the uniform shape of each flat value, when the innermost lists are uniform.
    Raises:
        ValueError: scalars at different depths, or inner lists that are not uniform.
    """
    found = [set(), 0]      # the depths scalars sit at, and the deepest list
    _scalar_depths(pylist, 0, found)
    scalars, list_depth = found
    if len(scalars) > 1:
        error = ValueError('all scalar values must have the same nesting depth')     # TensorFlow's words
        error.add_note('ragged.constant: scalars sit at depths %s' % sorted(scalars))
        raise error
    if not isinstance(pylist, (list, tuple, np.ndarray)):
        return dense_constant(pylist, dtype)
    inner = () if inner_shape is None else tuple(int(d) for d in inner_shape)
    has_scalars = bool(scalars)
    depth = scalars.pop() if scalars else list_depth + len(inner)
    if ragged_rank is None:
        ragged_rank = depth - 1 - len(inner)
    if ragged_rank < 0:         # TF 2.21's words for these three, then tapeflow's
        raise ValueError('Invalid ragged_rank=%s: must be nonnegative' % ragged_rank)
    if has_scalars and list_depth < ragged_rank:
        raise ValueError('Invalid pylist=%r, max depth smaller than ragged_rank=%d' % (pylist, ragged_rank))
    if has_scalars and ragged_rank >= depth and inner_shape is None:
        raise ValueError('pylist has scalar values depth %d, but ragged_rank=%d requires scalar value depth greater '
                         'than %d' % (depth, ragged_rank, ragged_rank))
    if not 0 <= ragged_rank < depth:
        raise ValueError('ragged.constant: ragged_rank must be in [0, %d) for values nested %d deep, got %r'
                         % (depth, depth, ragged_rank))
    if ragged_rank == 0:
        return dense_constant(pylist, dtype)
    items, nested_lengths = list(pylist), []
    for _ in range(ragged_rank):
        rows = [row.tolist() if isinstance(row, np.ndarray) else row for row in items]
        nested_lengths.append([len(row) for row in rows])
        items = [item for row in rows for item in row]
    if items:
        shapes = {_inner_shape(item) for item in items if not isinstance(item, (str, bytes))}
        if len(shapes) > 1 or None in shapes:     # TF's check_inner_shape, before any conversion
            raise ValueError('inner values have inconsistent shape')
        try:
            flat = dense_constant(items, dtype)
        except (TypeError, ValueError) as err:     # TensorFlow's conversion error as it is, with a note
            err.add_note('ragged.constant: the values below ragged_rank=%d must be uniform' % ragged_rank)
            raise
        if inner and tuple(flat.shape[1:]) != inner:
            raise ValueError('ragged.constant: inner_shape %s does not match the values %s' % (inner, tuple(flat.shape[1:])))
    else:
        inner = inner or (() if depth - ragged_rank == 1 else (0,) * (depth - ragged_rank - 1))
        flat = Tensor(backend.place(np.zeros((0,) + inner, dtype=dtypes.numpy_dtype(dtype) or np.float32)))
    if nested_lengths and dtypes.as_dtype(row_splits_dtype) not in (dtypes.int32, dtypes.int64):
        error = ValueError('row_splits must have dtype int32 or int64')        # TF's RowPartition check
        error.add_note('ragged.constant: row_splits_dtype must be tf.int32 or tf.int64, got %s' % (row_splits_dtype,))
        raise error
    splits = [rp.splits_tensor(rp.splits_from_lengths(np.asarray(n, np.int64), 'ragged.constant'), row_splits_dtype)
              for n in nested_lengths]
    result = flat
    for s in reversed(splits):
        result = RaggedTensor(result, s)
    return result


def to_list(rt):
    values = rt.values.to_list() if isinstance(rt.values, RaggedTensor) else \
        np.asarray(backend.to_host(rt.values._data)).tolist()
    splits = rt._splits_host()
    return [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]


def to_numpy(rt):
    values = rt.values.numpy()
    splits = rt._splits_host()
    rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
    if not rows:
        return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
    if all(len(row) == len(rows[0]) for row in rows):
        return np.array(rows)
    out = np.empty(len(rows), dtype=object)
    out[:] = rows
    return out


def _element_text(x):
    if isinstance(x, np.ndarray):
        # array2string writes an empty array as [] whatever its shape; the list keeps [[], []].
        return np.array2string(x, separator=', ') if x.size else repr(x.tolist())
    return str(x)


def value_text(rt):
    """The values as TensorFlow prints a RaggedTensor: comma-separated nested rows."""
    with np.printoptions(formatter={'all': _element_text}):
        return _element_text(rt.numpy())


# ---- dense tensors --------------------------------------------------------------------
def _coordinates(rt):
    """For each flat value, its index in the padded tensor's ragged dimensions; and their sizes."""
    nested = [np.asarray(backend.to_host(s._data)) for s in rt.nested_row_splits]
    index = np.arange(nested[-1][-1], dtype=np.int64)
    coords = []
    for splits in reversed(nested):
        rowids = rp.rowids_of(splits)
        row = rowids[index]
        coords.insert(0, index - splits[row])
        index = row
    coords.insert(0, index)
    sizes = [len(nested[0]) - 1] + [int(np.diff(s).max(initial=0)) for s in nested]
    return coords, sizes


def _to_tensor_kernel(rt):
    return 'RaggedTensorToTensor_num_row_partition_tensors_%d' % rt.ragged_rank


def _dims(shape):
    return '[%s]' % ','.join('?' if d is None else str(int(d)) for d in shape)


def to_tensor(rt, default_value=None, shape=None):
    from ..ops import gather, scatter_nd, where
    flat = rt.flat_values
    coords, sizes = _coordinates(rt)
    inner = list(flat.shape[1:])
    if shape is not None and not (isinstance(shape, TensorShape) and shape.rank is None):  # TensorShape(None): any
        wanted = list(shape)
        for d in wanted:        # TF reads shape as a TensorShape
            if d is not None and not hasattr(d, '__index__'):
                raise TypeError("Dimension value must be integer or None or have an __index__ method, got value "
                                "'%r' with type '%s'" % (d, type(d)))
        if len(wanted) != len(sizes) + len(inner):      # the RaggedTensorToTensor kernel's check
            raise kernel_error('RaggedTensorToTensor', 'rt_input.shape and shape=%s are incompatible: rt_input.rank = '
                               '%d but shape.rank = %d' % (_dims(wanted), len(sizes) + len(inner), len(wanted)),
                               named=True, node=_to_tensor_kernel(rt),
                               note='to_tensor: shape %s must have rank %d for this RaggedTensor (shape %s)'
                               % (wanted, len(sizes) + len(inner), rt.shape))
        for i, d in enumerate(wanted[len(sizes):]):
            if d is not None and int(d) != inner[i]:
                raise ValueError('to_tensor: shape %s cannot change the uniform inner dimensions %s' % (wanted, inner))
        sizes = [s if d is None else int(d) for s, d in zip(sizes, wanted)]
    full = tuple(sizes + inner)
    kept = np.ones(len(coords[0]), bool)
    for c, s in zip(coords, sizes):
        kept &= c < s
    coords = np.stack([c[kept] for c in coords], axis=1) if coords else np.zeros((0, 0), np.int64)
    np_dtype = flat._data.dtype
    if isinstance(default_value, (float, complex, str)) and (
            np_dtype.kind in 'iu' or np_dtype.kind == 'f' and not isinstance(default_value, float)):
        # TF converts the default to the values' dtype: a Python float never is an integer
        shown = {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(flat.dtype.name, flat.dtype.name)
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (default_value, shown))
        error.add_note('to_tensor: default_value must convert to the values\' dtype %s' % flat.dtype.name)
        raise error
    if np_dtype == object:      # str defaults become the bytes string tensors hold ('' is b'')
        fill = np.asarray(backend.to_host(convert_to_tensor(b'' if default_value is None else default_value)._data),
                          dtype=object)
    else:
        fill = np.asarray(0 if default_value is None else default_value)
    if fill.ndim > len(inner):
        flat_shape = _dims(flat.shape)
        raise kernel_error('RaggedTensorToTensor', 'default_value.shape=%s and rt_input.flat_values.shape=%s are '
                           'incompatible: default_value.rank = %d  must be less than rt_input.flat_values.rank = %d'
                           % (_dims(fill.shape), flat_shape, fill.ndim, flat.ndim), named=True,
                           node=_to_tensor_kernel(rt),
                           note='to_tensor: default_value must be a scalar or match the inner shape %s, got shape %s'
                           % (inner, fill.shape))
    if np_dtype.kind not in 'fc':
        dense = np.empty(full, dtype=np_dtype)
        dense[...] = fill.astype(np_dtype)
        dense[tuple(coords.T)] = np.asarray(backend.to_host(flat._data))[kept]
        return Tensor(backend.place(dense))
    values = flat if kept.all() else gather(flat, np.nonzero(kept)[0])
    dense = scatter_nd(coords, values, full)
    if fill.any():
        present = np.zeros(full, bool)
        present[tuple(coords.T)] = True
        dense = where(present, dense, Tensor(backend.place(np.broadcast_to(fill.astype(np_dtype), full).copy())))
    return dense


def _padding_lengths(t, padding, op):
    data = np.asarray(backend.to_host(t._data))
    pad = np.asarray(backend.to_host(convert_to_tensor(padding, dtype=t.dtype)._data))
    is_pad = data == pad
    is_pad = is_pad.reshape(is_pad.shape[:2] + (-1,)).all(axis=2)
    # A row ends after its last non-padding element.
    keep = ~is_pad
    last = np.where(keep.any(axis=1), data.shape[1] - np.argmax(keep[:, ::-1], axis=1), 0)
    return last.astype(np.int64)


def _from_nested_lengths(t, lengths, op):
    """``lengths`` a list of row-length vectors, outermost first (TensorFlow's nested lengths): the
    values a boolean ragged mask of those lengths picks from ``t``, cut by the same lengths."""
    from ..ops import boolean_mask
    nested = [rp.host_ints(v, 'lengths', op) for v in lengths]
    if len(nested) >= t.ndim:
        raise ValueError('%s: %d nested row lengths need a tensor of rank > %d, got shape %s'
                         % (op, len(nested), len(nested), tuple(t.shape)))
    mask = RaggedTensor.from_nested_row_lengths(Tensor(np.ones(int(nested[-1].sum()), bool)), nested)
    dense_mask = mask.to_tensor(default_value=False, shape=list(t.shape[:len(nested) + 1]))
    return RaggedTensor.from_nested_row_lengths(boolean_mask(t, dense_mask), nested)


def from_tensor(tensor, lengths=None, padding=None, ragged_rank=1, row_splits_dtype=np.int64):
    from ..ops import gather, reshape
    op = 'RaggedTensor.from_tensor'
    t = convert_to_tensor(tensor)
    if not 1 <= ragged_rank < t.ndim:
        raise ValueError('%s: ragged_rank must be in [1, %d) for a tensor of rank %d, got %r' % (op, t.ndim, t.ndim, ragged_rank))
    if lengths is not None and padding is not None:
        raise ValueError('%s: give lengths or padding, not both' % op)
    if isinstance(lengths, (list, tuple)) and lengths and not isinstance(lengths[0], (int, float, np.number)):
        return _from_nested_lengths(t, lengths, op)
    if ragged_rank > 1:
        if lengths is not None:
            raise ValueError('%s: lengths needs ragged_rank=1 here, got ragged_rank=%d' % (op, ragged_rank))
        n0, n1 = t.shape[0], t.shape[1]
        inner = from_tensor(reshape(t, [n0 * n1] + list(t.shape[2:])), None, padding, ragged_rank - 1, row_splits_dtype)
        splits = np.arange(n0 + 1, dtype=np.int64) * n1
        return RaggedTensor(inner, rp.splits_tensor(splits, row_splits_dtype))
    nrows, ncols = t.shape[0], t.shape[1]
    if lengths is not None:
        lens = rp.host_ints(lengths, 'lengths', op)
        if len(lens) != nrows or np.any(lens < 0) or np.any(lens > ncols):
            raise ValueError('%s: lengths must give one length in [0, %d] per row (%d rows), got %s'
                             % (op, ncols, nrows, lens.tolist()))
    elif padding is not None:
        lens = _padding_lengths(t, padding, op)
    else:
        lens = np.full(nrows, ncols, np.int64)
    splits = rp.splits_from_lengths(lens, op)
    flat_index = (np.arange(nrows)[:, None] * ncols + np.arange(ncols)[None, :])[np.arange(ncols)[None, :] < lens[:, None]]
    rows = reshape(t, [nrows * ncols] + list(t.shape[2:]))
    values = rows if lens.sum() == nrows * ncols else gather(rows, flat_index.astype(np.int64))
    return RaggedTensor(values, rp.splits_tensor(splits, row_splits_dtype))
