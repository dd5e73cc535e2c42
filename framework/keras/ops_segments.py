"""``keras.ops`` segment minima and products (segment_sum and segment_max live in ops_scatter).

Ids need not be sorted; ``num_segments`` defaults to the largest id + 1. An
empty segment holds the reduction's identity: the dtype's largest value for
the minimum, 1 for the product, as Keras 3 on TensorFlow.
"""
import numpy as np

from framework import ops as _ops
from .ops_dtypes import numeric, tensor
from .ops_scatter import _num_segments

__all__ = ['segment_min', 'segment_prod']


def _ids(segment_ids, data, op):
    ids = tensor(segment_ids, op)
    if data.ndim == 0:
        raise ValueError('keras.ops.%s: data must have rank >= 1 (one row per segment id), got a scalar' % op)
    if ids._data.dtype.kind not in 'iu' or ids.ndim != 1 or ids.shape[0] != data.shape[0]:
        raise ValueError('keras.ops.%s: segment_ids must be 1-D integers, one per row of data (%d), got dtype %s, '
                         'shape %s' % (op, data.shape[0] if data.ndim else 0, ids._data.dtype.name, tuple(ids.shape)))
    return ids


def segment_min(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002  (Keras 3's name)
    """Row minima per segment id (the dtype's largest value for an empty segment)."""
    t = numeric(data, 'segment_min')
    ids = _ids(segment_ids, t, 'segment_min')
    return _ops.unsorted_segment_min(t, ids, _num_segments(ids, num_segments, 'segment_min'))


def segment_prod(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row products per segment id (1 for an empty segment); each segment's rows are gathered
    and multiplied, so the gradient is the product's, zeros included."""
    t = numeric(data, 'segment_prod')
    ids = _ids(segment_ids, t, 'segment_prod')
    count = _num_segments(ids, num_segments, 'segment_prod')
    host = np.asarray(ids.numpy())
    rows = [_ops.reduce_prod(_ops.gather(t, np.flatnonzero(host == s).astype('int32')), 0) for s in range(count)]
    return _ops.stack(rows) if rows else _ops.zeros([0] + list(t.shape[1:]), t.dtype)
