"""``tf.shape`` of a RaggedTensor: a ``DynamicRaggedShape`` (``tf.experimental.DynamicRaggedShape``).

Its lengths list each axis: an int for a uniform axis, the tuple of row lengths for a ragged one,
as TF 2.21 prints them (``<DynamicRaggedShape lengths=[5, (2, 3, 1, 0, 1)] num_row_partitions=1>``).
Only the uniform axes index to a scalar size.
"""
import numpy as np

from .. import backend, dtypes
from ..tensor import Tensor, convert_to_tensor


class DynamicRaggedShape:
    """The shape of a RaggedTensor (or a dense tensor): row partitions over a dense inner shape."""

    def __init__(self, row_lengths, inner_shape, dtype='int32'):
        self._row_lengths = [tuple(int(n) for n in r) for r in row_lengths]   # one tuple per ragged axis
        self._inner_shape = tuple(int(d) for d in inner_shape)   # the flat values' shape
        self._dtype = dtypes.as_dtype(dtype)

    @classmethod
    def from_tensor(cls, t, dtype=None):
        """The shape of ``t``, a RaggedTensor (dtype: its row splits') or anything convertible to a
        tensor (int32)."""
        from .ragged_tensor import RaggedTensor
        if isinstance(t, RaggedTensor):
            lengths = [backend.to_host(r._data) for r in t.nested_row_lengths()]
            return cls(lengths, tuple(t.flat_values.shape), dtype or t.row_splits.dtype)
        return cls([], tuple(convert_to_tensor(t).shape), dtype or 'int32')

    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype='int64'):
        """The shape whose axes are ``lengths``: an int for a uniform axis, a tuple of row lengths for a ragged one
        (``from_lengths([4, (2, 1, 0, 8), 12])``). Raises ValueError ('Shape not consistent.') where a ragged
        axis's tuple does not hold one length per row of the axes before it."""
        lengths = list(lengths)
        if num_row_partitions is None:      # up to the last ragged axis, as TF
            ragged = [k for k, n in enumerate(lengths) if isinstance(n, (tuple, list))]
            num_row_partitions = ragged[-1] if ragged else 0
        rows = int(lengths[0]) if lengths else 1
        partitions = []
        for axis in range(1, num_row_partitions + 1):
            n = lengths[axis]
            row = tuple(int(v) for v in n) if isinstance(n, (tuple, list)) else (int(n),) * rows
            if len(row) != rows:
                raise ValueError('Shape not consistent.')
            partitions.append(row)
            rows = sum(row)
        inner = [rows] + [int(n) for n in lengths[num_row_partitions + 1:]] if lengths else []
        return cls(partitions, inner, dtype)

    @property
    def rank(self):
        return len(self._row_lengths) + len(self._inner_shape)

    @property
    def num_row_partitions(self):
        return len(self._row_lengths)

    @property
    def dtype(self):
        return self._dtype

    @property
    def inner_shape(self):
        return Tensor(np.asarray(self._inner_shape, self._dtype.as_numpy_dtype))

    def static_lengths(self, ragged_lengths=True):
        """Each axis's size (an int) or, for a ragged axis, its row lengths (a tuple; None with
        ``ragged_lengths=False``)."""
        if not self._row_lengths:
            return list(self._inner_shape)
        out = [len(self._row_lengths[0])]
        out += [lengths if ragged_lengths else None for lengths in self._row_lengths]
        return out + list(self._inner_shape[1:])

    def is_uniform(self, axis):
        """Whether every row has the same length on ``axis`` (the outer and the inner axes always do)."""
        return not isinstance(self.static_lengths()[axis], tuple)

    def __getitem__(self, index):
        lengths = self.static_lengths()
        if not isinstance(index, (int, np.integer)):
            raise TypeError('DynamicRaggedShape: index with an int (slices are not supported here), got %r'
                            % (index,))
        if index >= len(lengths):
            raise IndexError('Index is too big: %d>=%d' % (index, len(lengths)))
        if index < -len(lengths):
            raise IndexError('Index is too small: %d<%d' % (index, -len(lengths)))
        size = lengths[index]
        if isinstance(size, tuple):
            raise ValueError('Index %d is not uniform' % index)
        return Tensor(np.asarray(size, self._dtype.as_numpy_dtype))

    def __repr__(self):
        parts = ', '.join(str(n) for n in self.static_lengths())      # ragged axes as Python tuples: (2,), ()
        return '<DynamicRaggedShape lengths=[%s] num_row_partitions=%d>' % (parts, self.num_row_partitions)

    __str__ = __repr__
