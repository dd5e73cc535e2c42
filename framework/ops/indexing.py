"""Index-driven selection beyond ``gather``: gather_nd and boolean_mask.

Both turn their indices into a numpy-style advanced index and call
``getitem``, so their gradients are getitem's (repeated indices add up).
"""
from .. import backend
from .operands import as_tensor, normalize_axis
from .shapes import getitem


def gather_nd(params, indices, batch_dims=0, name=None):
    """Slices of ``params`` at the index vectors in the last axis of ``indices``.

    ``indices[..., :]`` of depth d picks ``params[i0, ..., id-1]``; the result
    has shape ``indices.shape[:-1] + params.shape[d:]``.
    Raises:
        IndexError: an index outside ``params``; ValueError: a depth above its rank.
    """
    x = as_tensor(params, 'gather_nd')
    if batch_dims:
        raise ValueError('gather_nd: batch_dims=%r is not supported; use batch_dims=0' % (batch_dims,))
    idx = as_tensor(indices, 'gather_nd')
    if idx._data.dtype.kind not in 'iu':
        raise TypeError('gather_nd: indices must be integers, got %s' % idx.dtype.name)
    i = idx._data
    if i.ndim == 0 or i.shape[-1] > x.ndim:
        raise ValueError('gather_nd: indices of shape %s need a last axis of at most %d (the rank of params %s)'
                         % (tuple(i.shape), x.ndim, tuple(x.shape)))
    xp = backend.array_module(i)
    for d in range(i.shape[-1]):
        column = i[..., d]
        if column.size and (int(column.min()) < 0 or int(column.max()) >= x._data.shape[d]):
            raise IndexError('gather_nd: index %d of the index vectors must lie in [0, %d) for params of shape '
                             '%s; got min %d, max %d' % (d, x._data.shape[d], tuple(x.shape),
                                                         int(column.min()), int(column.max())))
    return getitem(x, tuple(xp.asarray(i[..., d]) for d in range(i.shape[-1])))


def boolean_mask(tensor, mask, axis=None, name=None):
    """The entries of ``tensor`` where ``mask`` is True, flattened over the mask's axes.

    ``mask`` (bool, rank k) must match ``tensor.shape[axis:axis + k]``; the result
    has shape ``tensor.shape[:axis] + (count,) + tensor.shape[axis + k:]``.
    """
    x = as_tensor(tensor, 'boolean_mask')
    m = as_tensor(mask, 'boolean_mask')
    if m._data.dtype.kind != 'b':
        raise TypeError('boolean_mask: mask must be a bool tensor, got %s' % m.dtype.name)
    if m.ndim == 0:
        raise ValueError('boolean_mask: mask must have rank >= 1, got a scalar')
    (ax,) = normalize_axis(0 if axis is None else axis, x.ndim, 'boolean_mask')
    covered = tuple(x._data.shape[ax:ax + m.ndim])
    if covered != tuple(m._data.shape):
        raise ValueError('boolean_mask: mask of shape %s does not match axes %d..%d of tensor %s (shape %s there)'
                         % (tuple(m.shape), ax, ax + m.ndim - 1, tuple(x.shape), covered))
    xp = backend.array_module(m._data)
    return getitem(x, (slice(None),) * ax + tuple(xp.nonzero(m._data)))
