"""``keras.ops`` index-driven accumulation: scatter, scatter_update (segment reductions are in
ops_segments).

Keras 3 names scatter by its arguments (indices, values, shape); tapeflow's scatter ops do the
work and carry the gradients.
"""
from framework import ops as _ops
from .ops_dtypes import tensor

__all__ = ['scatter', 'scatter_update']


def scatter(indices, values, shape):
    """Zeros of ``shape`` with ``values`` added at ``indices`` (repeated indices add up)."""
    return _ops.scatter_nd(indices, tensor(values, 'scatter'), shape)


def scatter_update(inputs, indices, updates, reduction=None):
    """``inputs`` with the entries at ``indices`` replaced by ``updates`` (or added, reduction='add')."""
    if reduction not in (None, 'add'):
        raise ValueError("keras.ops.scatter_update: reduction must be None or 'add', got %r" % (reduction,))
    update = _ops.tensor_scatter_nd_update if reduction is None else _ops.tensor_scatter_nd_add
    return update(tensor(inputs, 'scatter_update'), indices, updates)
