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
    """A RaggedTensor from a 2-D SparseTensor, as TF 2.21's: each row's column indices must run 0, 1, ...
    (TF's 'right-ragged' Assert, with its text); the rows are counted, not checked for order (TF builds
    from_value_rowids(validate=False), so indices [[1, 0], [0, 0]] give [[v0], [v1]])."""
    from ..sparse import SparseTensor
    if not isinstance(st_input, SparseTensor):
        raise TypeError('Argument `st_input` must be of type SparseTensor, but is of type %s.'
                        % type(st_input).__name__)
    if st_input.ndim != 2:
        raise ValueError('rank(st_input) must be 2.')
    idx = st_input._indices_host()
    _assert_right_ragged(idx)
    nrows = int(st_input._shape_host()[0])
    lengths = np.bincount(idx[:, 0], minlength=nrows)[:nrows]
    return RaggedTensor(st_input.values, rp.splits_tensor(np.concatenate([[0], np.cumsum(lengths)]),
                                                           row_splits_dtype))


def _assert_right_ragged(idx):
    """TF's _assert_sparse_indices_are_ragged_right: the first index is in column 0; each next one
    starts a row at column 0 or continues the row at the next column."""
    rows, cols = idx[:, 0], idx[:, 1]
    new_row = rows[1:] != rows[:-1]
    ok = np.where(new_row, cols[1:] == 0, cols[1:] == cols[:-1] + 1)
    if not (np.all(cols[:1] == 0) and np.all(ok)):
        from ..assertions import Assert
        from ..tensor import Tensor
        Assert(Tensor(np.bool_(False)), ['SparseTensor is not right-ragged', 'SparseTensor.indices =', idx])
