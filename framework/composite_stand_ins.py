"""Stand-ins for SparseTensorSpec and RaggedTensorSpec arguments, so ``get_concrete_function`` traces at once.

TF 2.21 traces ``f.get_concrete_function(tf.SparseTensorSpec([None, 4], tf.float32))`` (or of a SparseTensor,
a RaggedTensor, a RaggedTensorSpec) where it is called: the trace's prints show there, and ``print(cf)`` lists
'Output Type:' (the sparse tensor guide's concrete functions; tutorials67/sparsefn.py). tapeflow's trace is a
run of the Python (concrete_function_trace.py), which needs a value of the spec: here one made from the stand-in
the run uses for a TensorSpec (``tensor_stand_in``: zeros of open sizes 1, ones of open sizes 2, zeros of open
sizes 12), so its open sizes stay the stand-in's. A sparse stand-in holds as many entries as an open size (the
count TF leaves open), at the first positions of its dense shape in row-major order; a ragged one has each row
as long as an open size. A spec of unknown rank has none (LookupError: the trace waits for the first call).
"""
import numpy as np

from . import dtypes
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor


def is_composite_spec(value):
    """Whether ``value`` is a SparseTensorSpec or a RaggedTensorSpec (a spec this module stands in for)."""
    from .ragged.ragged_spec import RaggedTensorSpec
    from .type_spec import SparseTensorSpec
    return isinstance(value, (SparseTensorSpec, RaggedTensorSpec))


def is_composite_value(value):
    """Whether ``value`` is a SparseTensor or a RaggedTensor (its components tensors, as a trace takes them)."""
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    return isinstance(value, (SparseTensor, RaggedTensor))


def stand_in(spec, tensor_stand_in):
    """A SparseTensor or RaggedTensor fitting ``spec``, its parts made by ``tensor_stand_in(TensorSpec)``."""
    from .type_spec import SparseTensorSpec
    if spec.shape.rank is None:
        raise LookupError(spec)
    length = int(tensor_stand_in(TensorSpec([None], 'int64'))._data.shape[0])     # (the stand-in's open size)
    shape = [length if d is None else int(d) for d in spec.shape]
    if isinstance(spec, SparseTensorSpec):
        return _sparse(shape, spec.dtype, length, tensor_stand_in)
    return _ragged(shape, spec, length, tensor_stand_in)


def _sparse(shape, dtype, length, tensor_stand_in):
    from .sparse.sparse_tensor import SparseTensor
    count = min(length, int(np.prod(shape, dtype=np.int64)))
    indices = np.stack(np.unravel_index(np.arange(count), shape), axis=1) if shape else np.zeros((count, 0), np.int64)
    values = tensor_stand_in(TensorSpec([count], dtype))
    return SparseTensor(Tensor(indices.astype(np.int64)), values, Tensor(np.array(shape, np.int64)))


def _ragged(shape, spec, length, tensor_stand_in):
    """Rows of ``length`` at each ragged axis (shape[1 .. ragged_rank], whatever the spec says there)."""
    from .ragged.ragged_tensor import RaggedTensor
    rows = shape[0]
    splits_dtype = dtypes.numpy_dtype(spec.row_splits_dtype)
    nested = []
    for _ in range(spec.ragged_rank):
        nested.append(Tensor((np.arange(rows + 1) * length).astype(splits_dtype)))
        rows *= length
    values = tensor_stand_in(TensorSpec([rows] + shape[spec.ragged_rank + 1:], spec.dtype))
    return RaggedTensor.from_nested_row_splits(values, nested, validate=False)
