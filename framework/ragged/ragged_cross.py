"""``tf.ragged.cross`` and ``tf.ragged.cross_hashed``: tf.sparse.cross row by row, over RaggedTensor,
SparseTensor or dense 2-D inputs, as a RaggedTensor (TF 2.21's RaggedCross kernel gives the same
combinations in the same order)."""
import numpy as np

from .ragged_tensor import RaggedTensor


def _as_crossable(inputs, op):
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise TypeError('%s: inputs must be a non-empty list of RaggedTensors, SparseTensors or dense 2-D tensors'
                        % op)
    ragged = [v for v in inputs if isinstance(v, RaggedTensor)]
    for i, value in enumerate(ragged):
        if value.ndim != 2:
            raise ValueError('%s: input %d must be 2-D, got shape %s' % (op, i, value.shape))
    splits_dtype = ragged[0].row_splits_dtype if ragged else np.int64
    return [v.to_sparse() if isinstance(v, RaggedTensor) else v for v in inputs], splits_dtype


def cross(inputs, name=None):
    """Row i: ``a_X_b_X_...`` for every pick of one value from row i of each input (strings)."""
    from ..sparse.cross import cross as sparse_cross
    crossable, splits_dtype = _as_crossable(inputs, 'ragged.cross')
    return RaggedTensor.from_sparse(sparse_cross(crossable), row_splits_dtype=splits_dtype)


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """ragged.cross with each combination fingerprinted (int64), modulo ``num_buckets`` when > 0."""
    from ..sparse.cross_hashed import cross_hashed as sparse_cross_hashed
    crossable, splits_dtype = _as_crossable(inputs, 'ragged.cross_hashed')
    return RaggedTensor.from_sparse(sparse_cross_hashed(crossable, num_buckets, hash_key), row_splits_dtype=splits_dtype)
