"""``tf.io.serialize_sparse`` / ``serialize_many_sparse`` / ``deserialize_many_sparse``: SparseTensors as
three serialized TensorProtos (indices, values, dense_shape), TensorFlow's bytes.

``serialize_many_sparse`` writes one triple per row of the first axis (that axis dropped from the
indices and shape); ``deserialize_many_sparse`` stacks triples back into one SparseTensor whose shape
is the largest of theirs, behind a batch axis. tapeflow has no variant tensors: ``out_type`` is a string.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import kernel_error
from ..ops.operands import named_errors
from ..sparse import SparseTensor
from ..tensor import Tensor
from .strings_in import string_tensor
from .tensor_proto import parse_tensor, serialize_tensor


def _check(sp_input, out_type, op):
    if not isinstance(sp_input, SparseTensor):
        raise TypeError('Input must be a SparseTensor.')
    if getattr(out_type, 'name', out_type) != 'string':
        raise TypeError('%s: out_type must be tf.string, got %r (tapeflow has no variant tensors)' % (op, out_type))


def _triple(indices, values, shape):
    return [serialize_tensor(Tensor(backend.place(a))).numpy() for a in (indices, values, shape)]


def _host(t):
    return backend.to_host(t._data)


@named_errors('io.serialize_sparse')
def serialize_sparse(sp_input, out_type='string', name=None):
    """A string vector of 3: the serialized indices, values and dense_shape of ``sp_input``."""
    _check(sp_input, out_type, 'io.serialize_sparse')
    return string_tensor(np.array(_triple(_host(sp_input.indices), _host(sp_input.values),
                                          _host(sp_input.dense_shape)), dtype=object))


@named_errors('io.serialize_many_sparse')
def serialize_many_sparse(sp_input, out_type='string', name=None):
    """A string matrix [N, 3]: ``serialize_sparse`` of each row ``sp_input[i]`` along the first axis.

    Raises:
        InvalidArgumentError: a SparseTensor of rank 1.
    """
    _check(sp_input, out_type, 'io.serialize_many_sparse')
    indices, values, shape = _host(sp_input.indices), _host(sp_input.values), _host(sp_input.dense_shape)
    if len(shape) < 2:
        raise kernel_error('SerializeManySparse', 'Rank of input SparseTensor should be > 1, but saw rank: %d'
                           % len(shape), named=True)
    rows = []
    for i in range(int(shape[0])):
        keep = indices[:, 0] == i
        rows.append(_triple(indices[keep][:, 1:], values[keep], shape[1:]))
    return string_tensor(np.array(rows, dtype=object).reshape(len(rows), 3))


@named_errors('io.deserialize_many_sparse')
def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """The SparseTensor of a [N, 3] string matrix of serialized triples, rows stacked on a new first axis.

    Raises:
        InvalidArgumentError: values of another dtype than ``dtype``, or bytes that are no TensorProto.
    """
    if dtype is None:
        raise TypeError('io.deserialize_many_sparse: dtype must be the values\' dtype, got None')
    want = dtypes.as_dtype(dtype)
    rows = np.asarray(_host(serialized_sparse if isinstance(serialized_sparse, Tensor)
                            else string_tensor(np.asarray(serialized_sparse, dtype=object))), dtype=object)
    parts, shapes = [], []
    for i, (indices, values, shape) in enumerate(rows.reshape(-1, 3)):
        try:
            indices = _host(parse_tensor(indices, 'int64'))
            shape = _host(parse_tensor(shape, 'int64'))
        except Exception:
            raise kernel_error('DeserializeManySparse', 'Could not parse serialized proto', named=True) from None
        try:
            values = _host(parse_tensor(values, want))
        except TypeError:
            raise kernel_error('DeserializeManySparse', 'Requested SparseTensor of type %s but SparseTensor[%d].'
                               'values.dtype() == %s' % (_c_name(want.name), i, _stored_dtype(values)),
                               named=True) from None
        parts.append((np.concatenate([np.full((len(indices), 1), i, np.int64), indices.reshape(len(indices), len(shape))], 1),
                      values))
        shapes.append(shape)
    widest = np.max(np.stack(shapes), axis=0) if shapes else np.zeros(0, np.int64)
    indices = np.concatenate([p[0] for p in parts]) if parts else np.zeros((0, 1), np.int64)
    values = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtypes.numpy_dtype(want))
    return SparseTensor(indices, values, np.concatenate([[len(parts)], widest]).astype(np.int64))


def _c_name(name):
    return {'float32': 'float', 'float64': 'double'}.get(name, name)


def _stored_dtype(serialized):
    from ..dtypes import _NAME_OF_ENUM
    from .tensor_proto import _fields
    enum = next((v for n, _, v in _fields(bytes(serialized), 'DeserializeManySparse') if n == 1), None)
    return _c_name(_NAME_OF_ENUM.get(enum, '?'))
