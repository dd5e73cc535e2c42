"""``tf.RaggedTensorSpec``: the shape, dtype and ragged rank a RaggedTensor element has (printed as TF's)."""
from .. import dtypes
from ..tensor import TensorShape
from ..type_spec import TypeSpec, _fits


class RaggedTensorSpec(TypeSpec):
    """Describes a RaggedTensor: ``RaggedTensorSpec(shape, dtype, ragged_rank, row_splits_dtype)``.

    ``ragged_rank`` defaults to the rank minus one; sizes may be None.
    """

    def __init__(self, shape=None, dtype='float32', ragged_rank=None, row_splits_dtype='int64', flat_values_spec=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError('Must specify ragged_rank or a shape with a known rank.')
            ragged_rank = rank - 1
        if rank is not None and ragged_rank >= max(rank, 1):     # (TF 2.21 takes a negative one: unbatch's -1)
            raise ValueError('Argument `ragged_rank` (%d) must be less than rank (%d).' % (ragged_rank, rank))
        self._ragged_rank = int(ragged_rank)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        self._flat_values_spec = flat_values_spec

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ragged_rank = property(lambda self: self._ragged_rank)
    row_splits_dtype = property(lambda self: self._row_splits_dtype)
    flat_values_spec = property(lambda self: self._flat_values_spec)

    @property
    def value_type(self):
        from .ragged_tensor import RaggedTensor
        return RaggedTensor

    def _compatible(self, other):
        return (other._dtype == self._dtype and other._ragged_rank == self._ragged_rank
                and other._row_splits_dtype == self._row_splits_dtype and _fits(self._shape, other._shape))

    def _key(self):
        return (self._shape.as_list() if self._shape.rank is not None else None, self._dtype, self._ragged_rank,
                self._row_splits_dtype)

    def __repr__(self):
        return 'RaggedTensorSpec(%r, %r, %d, %r)' % (self._shape, self._dtype, self._ragged_rank,
                                                     self._row_splits_dtype)
