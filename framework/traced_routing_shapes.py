"""The traced shapes of ops that route rows by index values, as TF 2.21's shape functions give them.

tf.sparse.segment_sum / mean / sqrt_n (SparseSegmentReduction): as many rows as the segment ids count, open
(None) whatever the inputs' lengths, or ``num_segments`` where TF folds it ('...WithNumSegments'); the data's
other lengths. tf.dynamic_partition: each output's rows open, then the data's lengths past the partitions'
rank. tf.dynamic_stitch: rows as the largest index + 1 where every index tensor folds to constants (a Python
list, tf.constant, tf.range of constants), else open; then the first data's lengths past its indices' rank
(notes/progs/traceshapes4/q3.py). ``shape_of`` gives an input's traced shape (a tuple, None where unknown).
"""
import numpy as np

from . import traced_shape_values
from .tensor import Tensor


def sparse_segments(parameters, shape_of, trace):
    data = shape_of(parameters.get('data'))
    if data is None or not data:
        return None
    count = parameters.get('num_segments')
    if count is not None:
        count = traced_shape_values.partial_vector([count], trace)[0]
    return (count,) + tuple(data[1:])


def partitions(parameters, outputs, shape_of):
    data, parts = shape_of(parameters.get('data')), parameters.get('partitions')
    rank = parts._data.ndim if isinstance(parts, Tensor) else np.ndim(parts)
    return [None if data is None else (None,) + tuple(data[rank:])] * len(outputs)


def stitched(parameters, shape_of, trace):
    indices, data = list(parameters.get('indices') or ()), list(parameters.get('data') or ())
    if not indices or len(indices) != len(data):
        return None
    first = shape_of(data[0])
    rank = indices[0]._data.ndim if isinstance(indices[0], Tensor) else np.ndim(indices[0])
    if first is None or len(first) < rank:
        return None
    values = [_constant(index, trace) for index in indices]
    rows = None if any(v is None for v in values) else max((int(v.max()) + 1 for v in values if v.size), default=0)
    return (rows,) + tuple(first[rank:])


def _constant(index, trace):
    """An index argument's values where TF's shape inference folds them (a Python list, a constant the trace
    made), else None (an argument's, a value computed from one, a tensor captured from outside)."""
    if isinstance(index, Tensor):
        return np.asarray(index._data) if traced_shape_values.is_constant(trace, index) else None
    return np.asarray(index)
