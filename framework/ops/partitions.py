"""``tf.dynamic_partition`` and ``tf.dynamic_stitch``: rows routed to lists and back by index
arrays. Partition is a gather with host-computed indices, so its gradient flows as gather's;
stitch has TF's own rule (each data tensor gathers the gradient at its indices)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..tensor import Tensor
from .indexing import gather
from .operands import ACTIVE, as_tensor, named_errors, record
from .shapes import concat, reshape


def _host(t):
    return np.asarray(backend.to_host(t._data))


@named_errors('dynamic_partition')
def dynamic_partition(data, partitions, num_partitions, name=None):
    """``num_partitions`` tensors: output p holds, in order, the slices of ``data`` whose entry in
    ``partitions`` (an int32 tensor shaped like a prefix of ``data``) is p.

    Raises:
        InvalidArgumentError: a partition index outside [0, num_partitions), or shapes that do not
            line up.
    """
    named = fast_path(data, partitions)     # (a Python list takes TF's slow path: no ' name: ' tail)
    x, parts = as_tensor(data, 'dynamic_partition'), as_tensor(partitions, 'dynamic_partition')
    labels = _host(parts)
    kernel = 'DynamicPartition_num_partitions_%d' % num_partitions     # the kernel TF's message names
    if tuple(x.shape[:labels.ndim]) != labels.shape:
        raise kernel_error('DynamicPartition', 'data.shape must start with partitions.shape, got data.shape = [%s], '
                           'partitions.shape = [%s]' % (','.join(map(str, x.shape)), ','.join(map(str, labels.shape))),
                           named=named, node=kernel)
    flat = labels.reshape(-1)
    bad = np.nonzero((flat < 0) | (flat >= num_partitions))[0]
    if bad.size:
        where = ','.join(str(int(i)) for i in np.unravel_index(bad[0], labels.shape))
        raise kernel_error('DynamicPartition', 'partitions[%s] = %d is not in [0, %d)'
                           % (where, flat[bad[0]], num_partitions), named=named, node=kernel)
    rows = reshape(x, [-1] + list(x.shape[labels.ndim:]))
    return [gather(rows, np.nonzero(flat == p)[0]) for p in range(num_partitions)]


@named_errors('dynamic_stitch')
def dynamic_stitch(indices, data, name=None):
    """One tensor with ``merged[indices[m][i]] = data[m][i]``; where an index repeats, the later
    list entry wins; rows no index names are zeros.

    Raises:
        InvalidArgumentError: a data tensor whose shape does not start with its indices' shape.
    """
    for arg, value in (('indices', indices), ('data', data)):      # the op wrapper's list arguments (TF 2.21)
        if not isinstance(value, (list, tuple, Tensor, np.ndarray)):
            raise TypeError("Expected list for '%s' argument to 'dynamic_stitch' Op, not %r." % (arg, value))
    index_arrays = [_host(as_tensor(i, 'dynamic_stitch')).astype(np.int64) for i in indices]
    tensors = [as_tensor(d, 'dynamic_stitch') for d in data]
    if len(index_arrays) != len(tensors) or not tensors:
        raise InvalidArgumentError('dynamic_stitch: needs as many data tensors as index tensors (at least one), '
                                   'got %d and %d'
                         % (len(tensors), len(index_arrays)))
    row_shape = None
    for m, (idx, t) in enumerate(zip(index_arrays, tensors)):
        if tuple(t.shape[:idx.ndim]) != idx.shape:
            raise kernel_error('DynamicStitch', 'data[%d].shape = [%s] does not start with indices[%d].shape = [%s]'
                               % (m, ','.join(map(str, t.shape)), m, ','.join(map(str, idx.shape))),
                               named=fast_path(*indices, *data), node='DynamicStitch_N_%d' % len(tensors))
        row_shape = row_shape or list(t.shape[idx.ndim:])
    size = 1 + max((int(idx.max()) for idx in index_arrays if idx.size), default=-1)
    flats = [reshape(t, [-1] + row_shape) for t in tensors]
    zero_row = Tensor(np.zeros([1] + row_shape, dtype=tensors[0]._data.dtype))
    source = np.full(size, sum(idx.size for idx in index_arrays), dtype=np.int64)   # the zero row
    offset = 0
    for idx in index_arrays:
        for k, position in enumerate(idx.reshape(-1)):      # in order, so a later entry overwrites
            source[position] = offset + k
        offset += idx.size
    if len({f._data.dtype for f in flats}) > 1 or len({f.shape[1:] for f in flats}) > 1:
        return gather(concat(flats + [zero_row], 0), source)        # concat's errors
    xp = backend.array_module(flats[0]._data)
    out = Tensor(xp.concatenate([f._data for f in flats] + [xp.asarray(zero_row._data)], 0)[source])
    if ACTIVE and (out._data.dtype.kind in 'fc' or out._data.dtype.name == 'bfloat16'):    # (bfloat16: kind 'V')
        # TF's DynamicStitch gradient: data[m] gets gather(grad, indices[m]), so a row a later entry
        # overwrote still receives the gradient of the row it was written to
        record('dynamic_stitch', tuple(flats), out,
               tuple(_gathered(idx.reshape(-1)) for idx in index_arrays))
    return out


def _gathered(rows):
    return lambda g, y, *data: gather(g, rows)
