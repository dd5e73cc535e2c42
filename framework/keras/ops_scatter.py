"""``keras.ops`` index-driven accumulation: segment sums and maxima, scatter, scatter_update.

Keras 3 lets ``num_segments`` default to the largest id + 1 and names scatter
by its arguments (indices, values, shape); tapeflow's segment and scatter ops
do the work and carry the gradients.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from .ops_dtypes import tensor

__all__ = ['scatter', 'scatter_update', 'segment_max', 'segment_sum']


def _num_segments(segment_ids, num_segments, op):
    if num_segments is not None:
        return int(num_segments)
    ids = tensor(segment_ids, op)
    raw = np.asarray(backend.to_host(ids._data))
    return int(raw.max()) + 1 if raw.size else 0


def segment_sum(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002  (Keras 3's name)
    """Row sums per segment id; ``num_segments`` defaults to the largest id + 1."""
    return _ops.unsorted_segment_sum(tensor(data, 'segment_sum'), segment_ids,
                                     _num_segments(segment_ids, num_segments, 'segment_sum'))


def segment_max(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row maxima per segment id (the dtype's lowest value for an empty segment)."""
    return _ops.unsorted_segment_max(tensor(data, 'segment_max'), segment_ids,
                                     _num_segments(segment_ids, num_segments, 'segment_max'))


def scatter(indices, values, shape):
    """Zeros of ``shape`` with ``values`` added at ``indices`` (repeated indices add up)."""
    return _ops.scatter_nd(indices, tensor(values, 'scatter'), shape)


def scatter_update(inputs, indices, updates, reduction=None):
    """``inputs`` with the entries at ``indices`` replaced by ``updates`` (or added, reduction='add')."""
    if reduction not in (None, 'add'):
        raise ValueError("keras.ops.scatter_update: reduction must be None or 'add', got %r" % (reduction,))
    update = _ops.tensor_scatter_nd_update if reduction is None else _ops.tensor_scatter_nd_add
    return update(tensor(inputs, 'scatter_update'), indices, updates)
