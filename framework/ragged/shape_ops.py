"""A RaggedTensor's bounding shape, and merging adjacent dimensions (``merge_dims``)."""
import numpy as np

from .. import backend
from ..tensor import Tensor
from . import row_partition as rp
from .ragged_tensor import RaggedTensor


def bounding_shape(rt, axis=None, out_type=None):
    """The smallest dense shape holding ``rt`` (its to_tensor() shape), as an int64 vector."""
    from .. import dtypes
    from .dense_conversion import _coordinates
    sizes = _coordinates(rt)[1] + list(rt.flat_values.shape[1:])
    shape = np.asarray(sizes, dtype=dtypes.numpy_dtype(out_type) or rt._row_splits._data.dtype)
    return Tensor(backend.place(shape if axis is None else shape[axis]))


def _offsets(values, k):
    """Where each top row of ``values`` starts once its axes 0..k are merged into one."""
    if isinstance(values, RaggedTensor):
        splits = values._splits_host()
        return splits if k == 1 else _offsets(values.values, k - 1)[splits]
    n = values.shape[0]
    return np.arange(n + 1, dtype=np.int64) * int(np.prod(values.shape[1:k + 1]))


def _merge(value, outer, inner):
    from ..ops import reshape
    if outer == inner:
        return value
    if not isinstance(value, RaggedTensor):
        shape = list(value.shape)
        return reshape(value, shape[:outer] + [int(np.prod(shape[outer:inner + 1]))] + shape[inner + 1:])
    if outer == 0:
        return _merge(value.values, 0, inner - 1)
    merged = _merge(value.values, outer - 1, inner - 1)
    splits = value._splits_host() if outer > 1 else _offsets(value.values, inner - 1)[value._splits_host()]
    return RaggedTensor(merged, rp.splits_tensor(splits, value._row_splits._data.dtype))


def merge_dims(rt, outer_axis, inner_axis):
    """Axes ``outer_axis``..``inner_axis`` merged into one (all of them: a flat tensor)."""
    ndim = rt.ndim
    outer = int(outer_axis) + ndim if int(outer_axis) < 0 else int(outer_axis)
    inner = int(inner_axis) + ndim if int(inner_axis) < 0 else int(inner_axis)
    if not 0 <= outer <= inner < ndim:
        raise ValueError('merge_dims: need 0 <= outer_axis <= inner_axis < %d, got %r and %r'
                         % (ndim, outer_axis, inner_axis))
    return _merge(rt, outer, inner)
