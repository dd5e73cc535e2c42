"""``tf.sparse.segment_sum / segment_mean / segment_sqrt_n``: segment reductions over
the rows ``indices`` of a dense tensor (a gather followed by a sorted-segment reduction),
so gradients reach ``data``."""
import numpy as np

from .. import backend
from ..tensor import Tensor, convert_to_tensor


def _segments(data, indices, segment_ids, num_segments, op):
    from ..ops import unsorted_segment_sum
    from ..ops.indexing import gather_dense
    rows = np.asarray(backend.to_host(convert_to_tensor(indices)._data)).reshape(-1)
    ids = np.asarray(backend.to_host(convert_to_tensor(segment_ids)._data)).reshape(-1)
    if len(rows) != len(ids) or rows.dtype.kind not in 'iu' or ids.dtype.kind not in 'iu':
        raise ValueError('%s: indices and segment_ids must be integer vectors of one length, got %s and %s'
                         % (op, rows.tolist(), ids.tolist()))
    if ids.size and (ids[0] < 0 or np.any(np.diff(ids) < 0)):
        raise ValueError('%s: segment_ids must be sorted and >= 0, got %s' % (op, ids.tolist()))
    n = int(ids[-1]) + 1 if ids.size else 0
    n = n if num_segments is None else int(num_segments)
    picked = gather_dense(convert_to_tensor(data), rows)     # TF's SparseSegment* gradients are dense
    counts = np.bincount(ids, minlength=n)[:n]
    return unsorted_segment_sum(picked, ids.astype(np.int64), n), counts


def _scale(total, counts, power):
    from ..ops import cast
    # TensorFlow multiplies by 1 / n ** power in float32 (one rounding less than dividing by sqrt(n)).
    factor = (np.float32(1) / np.maximum(counts, 1).astype(np.float32) ** np.float32(power)).astype(np.float32)
    return total * cast(Tensor(backend.place(factor.reshape((-1,) + (1,) * (total.ndim - 1)))), total.dtype)


def segment_sum(data, indices, segment_ids, num_segments=None, name=None):
    """``out[s] = sum(data[indices[i]] for i with segment_ids[i] == s)``."""
    return _segments(data, indices, segment_ids, num_segments, 'sparse.segment_sum')[0]


def segment_mean(data, indices, segment_ids, num_segments=None, name=None):
    """As segment_sum, divided by each segment's size (empty segments give 0)."""
    total, counts = _segments(data, indices, segment_ids, num_segments, 'sparse.segment_mean')
    return _scale(total, counts, 1.0)


def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None):
    """As segment_sum, divided by the square root of each segment's size."""
    total, counts = _segments(data, indices, segment_ids, num_segments, 'sparse.segment_sqrt_n')
    return _scale(total, counts, 0.5)
