"""tf.map_fn over a SparseTensor, or with RaggedTensorSpec / SparseTensorSpec outputs: fn runs on each row
(a SparseTensor's rows are SparseTensors of its dense shape less the first axis) and the results are
batched as TensorFlow batches their specs: rows of different lengths into a RaggedTensor, SparseTensors
into one with a new first axis and the largest dense shape."""
import numpy as np

from .. import dtypes, nest
from ..tensor import Tensor, convert_to_tensor


def takes_composites(elems, signature):
    from ..ragged.ragged_spec import RaggedTensorSpec
    from ..sparse.sparse_tensor import SparseTensor
    from ..type_spec import SparseTensorSpec
    return isinstance(elems, SparseTensor) or any(
        isinstance(s, (RaggedTensorSpec, SparseTensorSpec)) for s in nest.flatten(signature))


def map_composite(fn, elems, signature, rows_of_dense):
    """``fn`` on each row of ``elems`` (``rows_of_dense(elems)`` gives a dense structure's rows), the outputs
    batched by ``signature``."""
    from ..sparse.sparse_tensor import SparseTensor
    from ..type_spec import SparseTensorSpec
    if isinstance(elems, SparseTensor):
        rows = _sparse_rows(elems)
        if signature is None:
            signature = SparseTensorSpec(None, elems.dtype)
    else:
        rows = rows_of_dense(elems)
    if not callable(fn):
        raise TypeError('map_fn: fn must be callable, got %r (of type %s)' % (fn, type(fn).__name__))
    outputs = [nest.flatten(fn(row)) for row in rows]
    specs = nest.flatten(signature)
    if any(len(out) != len(specs) for out in outputs):
        raise ValueError('map_fn: fn returned %d values where fn_output_signature %r has %d'
                         % (len(outputs[0]) if outputs else 0, signature, len(specs)))
    return nest.pack_sequence_as(signature, [_batched(spec, [out[k] for out in outputs])
                                             for k, spec in enumerate(specs)])


def _sparse_rows(st):
    from ..sparse.sparse_tensor import SparseTensor
    from .indexing import gather
    indices, shape = st.indices.numpy(), [int(d) for d in st.dense_shape.numpy()]
    if len(shape) < 1 or shape[0] is None:
        raise ValueError('map_fn: a SparseTensor in elems needs rank >= 1, got dense shape %s' % (shape,))
    return [SparseTensor(indices[rows, 1:], gather(st.values, rows), shape[1:])
            for rows in (np.nonzero(indices[:, 0] == i)[0] for i in range(shape[0]))]


def _batched(spec, values):
    from ..ragged.ragged_spec import RaggedTensorSpec
    from ..type_spec import SparseTensorSpec
    from .mapping import _spec_dtype
    from .shapes import stack
    if isinstance(spec, (RaggedTensorSpec, SparseTensorSpec)):
        for v in values:
            _check_fits(spec, v)
        return _ragged_batch(spec, values) if isinstance(spec, RaggedTensorSpec) else _sparse_batch(spec, values)
    dtype = dtypes.as_dtype(_spec_dtype(spec, 'map_fn'))
    values = [v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dtype) for v in values]
    for v in values:
        if v.dtype != dtype:
            from ..errors import InvalidArgumentError
            raise InvalidArgumentError('map_fn: fn returned dtype %s where the output signature says %s'
                                       % (v.dtype.name, dtype.name))
    return stack(values)


def _check_fits(spec, value):
    """TensorFlow's ValueError unless ``value`` is what ``spec`` describes: a RaggedTensorSpec of ragged_rank 0
    a dense tensor (its rows make the ragged axis), of higher ragged_rank a RaggedTensor of that rank; a
    SparseTensorSpec a SparseTensor; each of the spec's dtype."""
    from ..ragged.ragged_spec import RaggedTensorSpec
    from ..ragged.ragged_tensor import RaggedTensor
    from ..sparse.sparse_tensor import SparseTensor
    from ..type_spec import type_spec_from_value
    if isinstance(spec, RaggedTensorSpec):
        kind = Tensor if spec.ragged_rank == 0 else RaggedTensor
        fits = isinstance(value, kind) and (kind is Tensor or value.ragged_rank == spec.ragged_rank)
    else:
        fits = isinstance(value, SparseTensor)
    if fits and value.dtype == spec.dtype:
        return
    shown = value if isinstance(value, (Tensor, RaggedTensor, SparseTensor)) else convert_to_tensor(value)
    raise ValueError('Error in map_fn:\n  Expected `fn` to return a:\n    %r\n  But it returned a:\n    %r\n    '
                     '(value=%s)\n  To fix, update the `fn_output_signature` (or `dtype`) argument to `map_fn`.'
                     % (spec, type_spec_from_value(shown), shown))


def _ragged_batch(spec, values):
    from ..ragged import ragged_ops
    from ..ragged.ragged_tensor import RaggedTensor
    from .shapes import concat
    if any(isinstance(v, RaggedTensor) for v in values):
        return ragged_ops.stack(values)
    tensors = [v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=spec.dtype) for v in values]
    lengths = convert_to_tensor(np.array([t.shape[0] for t in tensors], spec.row_splits_dtype.as_numpy_dtype))
    flat = concat(tensors, 0) if tensors else convert_to_tensor(np.zeros((0,), spec.dtype.as_numpy_dtype))
    return RaggedTensor.from_row_lengths(flat, lengths)


def _sparse_batch(spec, values):
    from ..sparse.sparse_tensor import SparseTensor
    from .shapes import concat
    shapes = [[int(d) for d in v.dense_shape.numpy()] for v in values]
    rank = len(shapes[0]) if shapes else 0
    dense = [len(values)] + [max(s[k] for s in shapes) for k in range(rank)]
    indices = np.concatenate([np.concatenate([np.full((len(v.indices.numpy()), 1), i, np.int64), v.indices.numpy()], 1)
                              for i, v in enumerate(values)]) if values else np.zeros((0, 1), np.int64)
    return SparseTensor(indices, concat([v.values for v in values], 0), dense)
