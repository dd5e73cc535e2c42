"""RaggedTensor to and from a 2-D-or-more SparseTensor (``to_sparse`` / ``from_sparse``)."""
import numpy as np

from . import row_partition as rp
from .ragged_tensor import RaggedTensor


def to_sparse(rt):
    """The values as a SparseTensor whose dense shape is the padded tensor's."""
    from ..sparse import SparseTensor
    from .dense_conversion import _coordinates
    coords, sizes = _coordinates(rt)
    flat = rt.flat_values
    inner = list(flat.shape[1:])
    if inner:
        raise ValueError('RaggedTensor.to_sparse: flat values with inner dimensions %s are not supported here; '
                         'use to_tensor' % inner)
    indices = np.stack(coords, axis=1) if len(coords[0]) else np.zeros((0, len(coords)), np.int64)
    return SparseTensor(indices, flat, sizes)


def from_sparse(st_input, name=None, row_splits_dtype=np.int64):
    """A RaggedTensor from a 2-D SparseTensor whose indices are in order and leave no gaps in a row."""
    from ..sparse import SparseTensor
    if not isinstance(st_input, SparseTensor) or st_input.ndim != 2:
        raise ValueError('RaggedTensor.from_sparse: expected a 2-D SparseTensor, got %r' % (st_input,))
    idx = st_input._indices_host()
    rows = idx[:, 0]
    nrows = int(st_input._shape_host()[0])
    splits = rp.splits_from_rowids(rows, nrows, 'RaggedTensor.from_sparse')
    if np.any(idx[:, 1] != rp.positions_of(splits)):
        raise ValueError('RaggedTensor.from_sparse: indices must be ordered and each row must fill columns 0, 1, ... '
                         'without gaps; use tf.sparse.reorder first')
    return RaggedTensor(st_input.values, rp.splits_tensor(splits, row_splits_dtype))

