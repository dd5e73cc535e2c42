"""Trace keys of SparseTensors passed to a ``tf.function``: by their SparseTensorSpec.

TensorFlow 2.21 traces a SparseTensor argument by ``SparseTensorSpec(dense shape, dtype)``, not by the
object: the sparse tensor guide's ``f(a, b)`` then ``f(a2, b)`` with another sparse tensor of the same dense
shape and dtype share one trace, and the trace sees its components as graph tensors ('x:0' the indices,
'x_1:0' the values, 'x_2:0' the dense shape). Keyed by identity, each new SparseTensor retraced, and the
concrete function listed 'Weakref[...]' where TF lists the spec.
"""
from .ops.tensor_spec import TensorSpec

SPARSE = object()       # (SPARSE, tensor key of the dense shape and dtype): a SparseTensor, as its SparseTensorSpec


def sparse_key(value, trace_key):
    """``value``'s key when it is a SparseTensor or a SparseTensorSpec (get_concrete_function's
    placeholder), else None. ``trace_key`` keys the (dense shape, dtype) pair as a TensorSpec's."""
    from .sparse.sparse_tensor import SparseTensor     # (late: the sparse package imports the ops)
    from .type_spec import SparseTensorSpec
    if isinstance(value, SparseTensor):
        value = SparseTensorSpec.from_value(value)
    elif not isinstance(value, SparseTensorSpec):
        return None
    return SPARSE, trace_key(TensorSpec(value.shape, value.dtype))


def is_sparse(value):
    from .sparse.sparse_tensor import SparseTensor
    return isinstance(value, SparseTensor)


def is_sparse_key(key):
    return type(key) is tuple and len(key) == 2 and key[0] is SPARSE


def sparse_spec(key):
    """The SparseTensorSpec a sparse key stands for, as a concrete function lists its parameter."""
    from .type_spec import SparseTensorSpec
    _, (_, shape, dtype) = key
    return SparseTensorSpec(shape, dtype)


def name_argument_parts(found, name, sparse, key):
    """Name a tf.function's SparseTensor argument ``name``'s components in ``found`` (id -> (name, shape,
    dtype name)) as TF 2.21's graph takes them: indices '<name>:0' (None, rank), values '<name>_1:0' (None,),
    dense_shape '<name>_2:0' (rank,), the rank the trace key's (None where it is open)."""
    from . import dtypes
    shape = key[1][1] if is_sparse_key(key) else tuple(sparse._shape_host())
    rank = None if shape is None else len(shape)
    parts = ((sparse.indices, (None, rank)), (sparse.values, (None,)), (sparse.dense_shape, (rank,)))
    for k, (part, traced) in enumerate(parts):
        found[id(part)] = (name if k == 0 else '%s_%d' % (name, k), traced, dtypes.display_name(part._data.dtype))
