"""SparseTensor components in tf.data: sliced by ``from_tensor_slices`` and ``unbatch``, stacked by
``batch``, described by SparseTensorSpec, as tf.data does.

A slice drops the first axis (row i's entries, renumbered); a batch of sparse components gets a
new first axis and, as TensorFlow's, the largest size of each axis among its elements (so its
spec's per-element sizes are kept only where they are known).
"""
import numpy as np

from ..sparse.sparse_tensor import SparseTensor
from ..tensor import Tensor
from ..tensor_shape import TensorShape
from ..type_spec import SparseTensorSpec


def is_sparse(value):
    return type(value) is SparseTensor


def _parts(sp):
    return np.asarray(sp._indices_host(), np.int64), np.asarray(sp.values.numpy()), \
        np.asarray(sp._shape_host(), np.int64)


def sparse_row(sp, i):
    """Entry ``i`` along the first axis, as a SparseTensor of one rank less."""
    indices, values, shape = _parts(sp)
    picked = indices[:, 0] == i
    return SparseTensor(Tensor(np.ascontiguousarray(indices[picked, 1:])), Tensor(values[picked]), shape[1:].copy())


def stack_sparse(parts, what):
    """Sparse elements of one rank as one SparseTensor with a new first (batch) axis."""
    ranks = {p.ndim for p in parts}
    if len(ranks) > 1:
        raise ValueError('%s: cannot batch SparseTensors of different ranks %s' % (what, sorted(ranks)))
    pieces = [_parts(p) for p in parts]
    indices = np.concatenate([np.concatenate([np.full((len(ix), 1), n, np.int64), ix], axis=1)
                              for n, (ix, _, _) in enumerate(pieces)]) if pieces else np.zeros((0, 1), np.int64)
    values = np.concatenate([v for _, v, _ in pieces])
    shape = np.concatenate([[len(parts)], np.max([s for _, _, s in pieces], axis=0)]).astype(np.int64)
    return SparseTensor(Tensor(indices), Tensor(values), shape)


def spec_of_sparse(sp, batched=None):
    shape = tuple(int(d) for d in sp._shape_host())
    return SparseTensorSpec((batched,) + shape if batched is not None else shape, sp.dtype)


def sparse_spec_with_batch(spec, size):
    return SparseTensorSpec(TensorShape((size,) + tuple(spec.shape)) if spec.shape.rank is not None else None,
                            spec.dtype)


def sparse_spec_without_batch(spec, what):
    if spec.shape.rank is None:
        return SparseTensorSpec(None, spec.dtype)
    if spec.shape.rank == 0:
        raise ValueError('%s: cannot unbatch an input with scalar components (spec %s)' % (what, spec))
    return SparseTensorSpec(spec.shape[1:], spec.dtype)


def sparse_rows_combiner(row_shape, what):
    """``Dataset.sparse_batch``'s combine: dense elements (each no larger than ``row_shape``) as one
    SparseTensor of dense shape (batch,) + row_shape, every position of each element an entry."""
    from ..errors import DataLossError, InvalidArgumentError
    from .iterator_errors import next_error
    row_shape = tuple(int(d) for d in row_shape)

    def text(shape):
        return '[%s]' % ','.join(str(d) for d in shape)

    def combine(elements):
        indices, values = [], []
        for b, element in enumerate(elements):
            array = np.asarray(element)
            # the DenseToSparseBatchDataset kernel's words, from the iterator's IteratorGetNext
            if array.ndim != len(row_shape):
                raise next_error(InvalidArgumentError, 'Input element had shape (%s) that is incompatible with the '
                                 'row shape (%s).' % (text(array.shape), text(row_shape)),
                                 note='%s: an element of rank %d for row_shape %s' % (what, array.ndim, row_shape))
            if any(d > r for d, r in zip(array.shape, row_shape)):
                raise next_error(DataLossError, 'Input element had shape (%s) that is larger than the row shape (%s).'
                                 % (text(array.shape), text(row_shape)),
                                 note='%s: pass a row_shape at least as large as every element' % what)
            where = np.indices(array.shape).reshape(array.ndim, array.size).T     # (size, rank); (1, 0) for a scalar
            indices.append(np.concatenate([np.full((len(where), 1), b), where], axis=1))
            values.append(array.reshape(-1))
        return SparseTensor(Tensor(np.concatenate(indices).astype(np.int64)), Tensor(np.concatenate(values)),
                            np.asarray((len(elements),) + row_shape, np.int64))
    return combine
