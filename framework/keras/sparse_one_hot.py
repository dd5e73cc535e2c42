"""``keras.ops.one_hot(..., sparse=True)`` and ``multi_hot(..., sparse=True)`` as Keras 3's TensorFlow backend
builds them: a SparseTensor with one entry per label, at (its position, the label) with the class axis inserted
at ``axis``; a negative label keeps its entry, at class 0 with value 0 (Keras keeps the shapes static). multi_hot
takes the sparse maximum over axis 1 (axis 0 for a 1-D input)."""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.sparse.sparse_tensor import SparseTensor


def sparse_one_hot(labels, num_classes, axis, dtype):
    """``labels`` an int32 / int64 tensor; the SparseTensor Keras returns (values of ``dtype``)."""
    ids = np.asarray(backend.to_host(labels._data)).astype(np.int64)
    if axis < 0:
        axis += ids.ndim + 1
    grid = list(np.meshgrid(*[np.arange(d) for d in ids.shape], indexing='ij'))
    grid.insert(axis, np.maximum(ids, 0))
    indices = np.stack([g.reshape(-1) for g in grid], axis=1) if ids.size else np.zeros((0, ids.ndim + 1), np.int64)
    values = _ops.cast(_ops.constant((ids >= 0).reshape(-1)), dtype)
    shape = list(ids.shape)
    shape.insert(axis, num_classes)
    return SparseTensor(_ops.constant(indices.astype(np.int64)), values, shape)


def sparse_multi_hot(labels, num_classes, axis, dtype):
    from framework import sparse
    hot = sparse_one_hot(labels, num_classes, axis, 'int8' if dtype == 'bool' else dtype)
    out = sparse.reduce_max(hot, axis=1 if labels.ndim > 1 else 0, output_is_sparse=True)
    return _ops.cast(out, dtype) if dtype == 'bool' else out
