"""A SparseTensor given to fit / evaluate / predict as ``x``: its samples are the rows of its first
axis, batched as Keras's TF data adapter batches a tf.SparseTensor (each batch a SparseTensor of
those rows, renumbered from 0, the other sizes kept; shuffling uses the same permutation as the
dense arrays beside it). Float values become float32, as dense inputs do.
"""
import numpy as np

from framework.sparse.sparse_tensor import SparseTensor
from framework.tensor import Tensor


class SparseRows:
    """The entries of a SparseTensor sorted by row, with each row's first entry, for slicing by rows."""

    def __init__(self, indices, values, shape):
        order = np.lexsort(indices[:, ::-1].T) if len(indices) else np.arange(0)
        self.indices, self.values, self.shape = indices[order], values[order], tuple(int(d) for d in shape)
        self._row_starts = np.searchsorted(self.indices[:, 0], np.arange(self.shape[0] + 1))

    @classmethod
    def of(cls, sp):
        values = np.asarray(sp.values.numpy())
        if values.dtype.kind == 'f' and values.dtype != np.float32:
            values = values.astype(np.float32)
        return cls(np.asarray(sp._indices_host(), np.int64), values, sp._shape_host())

    @property
    def ndim(self):
        return len(self.shape)

    def rows(self, start, end):
        """Rows start..end-1 as a SparseTensor (first axis end - start long)."""
        first, last = self._row_starts[start], self._row_starts[end]
        indices = self.indices[first:last].copy()
        indices[:, 0] -= start
        return SparseTensor(Tensor(indices), Tensor(self.values[first:last]), (end - start,) + self.shape[1:])

    def take(self, order):
        """These rows in ``order`` (a permutation of some rows), as SparseRows."""
        order = np.asarray(order)
        starts, ends = self._row_starts[order], self._row_starts[order + 1]
        counts = ends - starts
        picked = np.repeat(starts - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts) + np.arange(counts.sum())
        indices = self.indices[picked].copy()
        indices[:, 0] = np.repeat(np.arange(len(order)), counts)
        return SparseRows(indices, self.values[picked], (len(order),) + self.shape[1:])
