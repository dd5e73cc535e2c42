"""tf.reshape, tf.zeros, tf.ones, tf.fill and tf.broadcast_to given a ``DynamicRaggedShape``: a RaggedTensor of
that shape, as TF 2.21's ragged dispatch makes (the ragged tensor guide's 'Dynamic shape' section:
``tf.zeros(tf.shape(rt))`` is ``<tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>``).

The dense ops reach here only where their shape argument failed as a list of ints (ragged_shape_given
raises RaggedShapeGiven there), so their own calls pay nothing for it.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from .ragged_tensor import RaggedTensor


def _inner(shape):
    """The shape's inner shape as the tensor TF's ragged ops pass on (so a reshape's error ends in ' name: ')."""
    return Tensor(np.asarray(shape._inner_shape, np.int64))


def _ragged(shape, flat):
    """``flat`` (the flat values, shaped as the shape's inner shape) cut into the shape's row partitions."""
    if not shape._row_lengths:
        return flat
    lengths = [Tensor(np.asarray(r, shape.dtype.as_numpy_dtype)) for r in shape._row_lengths]
    return RaggedTensor.from_nested_row_lengths(flat, lengths)


def filled(shape, value):
    """A RaggedTensor of ``shape`` holding the scalar tensor ``value`` everywhere (tf.zeros / ones / fill)."""
    from ..ops import broadcast_to as dense_broadcast_to
    return _ragged(shape, dense_broadcast_to(value, list(shape._inner_shape)))


def reshape(x, shape):
    """``x``'s elements, in order, in the ragged ``shape`` (tf.reshape): its flat values reshaped to the inner shape."""
    from ..ops import reshape as dense_reshape
    return _ragged(shape, dense_reshape(x, _inner(shape)))


def broadcast_to(x, shape):
    """``x`` broadcast to the ragged ``shape`` (tf.broadcast_to): its axes aligned to the shape's last ones,
    each of size 1 repeated, each other as long as the shape's uniform axis there."""
    from ..ops import gather_nd
    from ..ops import reshape as dense_reshape
    data = backend.to_host(x._data)
    lengths = shape.static_lengths()
    note = 'broadcast_to: cannot broadcast a tensor of shape %s to %r' % (tuple(data.shape), shape)
    if data.ndim > len(lengths):
        error = ValueError('Cannot broadcast to a shape with smaller rank')       # TF 2.21's words
        error.add_note(note)
        raise error
    positions = _positions(shape)       # each flat value's index on every axis of the shape
    picks = []
    for axis, size in zip(range(len(lengths) - data.ndim, len(lengths)), data.shape):
        target = lengths[axis]
        if size != 1 and isinstance(target, tuple) and any(n != size for n in target):
            # TF's check_ops assert: the size repeated per row (x) against the row lengths (y)
            from .ragged_ops import _splits_differ
            rows = np.asarray(target, shape.dtype.as_numpy_dtype)
            raise _splits_differ(np.full_like(rows, size), rows, note, prefix='Cannot broadcast\n')
        if size != 1 and not isinstance(target, tuple) and size != target:
            raise ValueError(note)
        picks.append(positions[axis] if size != 1 else np.zeros_like(positions[axis]))
    count = len(positions[0]) if positions else 1
    indices = np.stack(picks, axis=-1) if picks else np.zeros((count, 0), np.int64)
    flat = gather_nd(x, Tensor(indices.astype(np.int64)))
    return _ragged(shape, dense_reshape(flat, list(shape._inner_shape)))


def _positions(shape):
    """Per axis of ``shape``, the index on that axis of each element, elements in row-major order."""
    rows = len(shape._row_lengths[0]) if shape._row_lengths else (shape._inner_shape[0] if shape._inner_shape else 1)
    index = [np.arange(rows)]        # the elements' indexes so far, one array per axis seen
    for lengths in shape._row_lengths:
        lengths = np.asarray(lengths, np.int64)
        parent = np.repeat(np.arange(len(lengths)), lengths)
        starts = np.cumsum(lengths) - lengths
        index = [a[parent] for a in index] + [np.arange(int(lengths.sum())) - starts[parent]]
    inner = shape._inner_shape[1:] if shape._row_lengths else shape._inner_shape[1:]
    for size in inner:
        index = [np.repeat(a, size) for a in index] + [np.tile(np.arange(size), len(index[0]))]
    return index if shape.rank else []


def reshape_ragged(rt, shape, name=None):
    """tf.reshape of a RaggedTensor (TF's ragged dispatch): its flat values, in row-major order, in ``shape``,
    a dense one (tf.reshape(rt, [-1]) is a Tensor) or a DynamicRaggedShape (a RaggedTensor)."""
    from ..ops import reshape as dense_reshape
    from .dynamic_shape import DynamicRaggedShape
    flat = rt.flat_values
    if isinstance(shape, DynamicRaggedShape):
        return reshape(flat, shape)
    if isinstance(shape, (list, tuple)) and all(isinstance(d, (int, np.integer)) for d in shape):
        shape = Tensor(np.asarray(shape, np.int32))     # as TF's dispatch passes it (its errors end in ' name: ')
    return dense_reshape(flat, shape)


RaggedTensor._DISPATCH['reshape'] = reshape_ragged
