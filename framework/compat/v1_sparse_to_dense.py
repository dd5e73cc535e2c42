"""tf.compat.v1.sparse_to_dense: TF 1's SparseToDense op with its arguments loose (TF 1-era one-hot labels:
``tf.sparse_to_dense(tf.concat([indices, labels], 1), [batch, 10], 1.0, 0.0)``).

Unlike tf.sparse.to_dense it takes the indices as a scalar (one index of a vector), a vector (indices of a
vector) or a matrix, and the values as one value for every index or one each. TF 2.21 logs its deprecation
notice once and runs the kernel, which checks each index in order: inside the shape, then after the one
before it ('indices[1] = [0] is out of order. ...'), unless ``validate_indices=False``.
"""
import numpy as np

from .. import backend
from ..deprecation import deprecated
from ..errors import fast_path, kernel_error
from ..tensor import convert_to_tensor


@deprecated('sparse_to_dense', 'tensorflow.python.ops.sparse_ops',
            'Create a `tf.sparse.SparseTensor` and use `tf.sparse.to_dense` instead.')
def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True,
                    name=None):
    """A dense tensor of ``output_shape``: ``sparse_values`` at ``sparse_indices``, ``default_value`` elsewhere.

    Raises:
        InvalidArgumentError: an index outside the shape, out of order or repeated (when validated), or
            arguments of the wrong rank or size, in the SparseToDense kernel's words.
    """
    from ..ops import broadcast_to
    from ..sparse import SparseTensor, to_dense
    named = fast_path(sparse_indices, output_shape, sparse_values)
    indices = convert_to_tensor(sparse_indices)
    shape = convert_to_tensor(output_shape)
    values = convert_to_tensor(sparse_values)
    idx = np.asarray(backend.to_host(indices._data)).astype(np.int64)
    dims = np.asarray(backend.to_host(shape._data)).astype(np.int64)
    if idx.ndim > 2:
        raise _error('sparse_indices should be a scalar, vector, or matrix, got shape %s' % _shape(idx.shape), named)
    if dims.ndim != 1:
        raise _error('output_shape must be rank 1, got shape %s' % _shape(dims.shape), named)
    idx = idx.reshape(-1, 1) if idx.ndim < 2 else idx
    count = idx.shape[0]
    if values.ndim > 1 or (values.ndim == 1 and values.shape[0] != count):
        raise _error('sparse_values has incorrect shape %s, should be [] or [%d]' % (_shape(values.shape), count),
                     named)
    if idx.shape[1] != dims.shape[0]:
        raise _error('output_shape has incorrect number of elements: %d should be: %d' % (dims.shape[0], idx.shape[1]),
                     named)
    if validate_indices:
        _check_order(idx, dims, named)
    if values.ndim == 0:
        values = broadcast_to(values, [count])
    return to_dense(SparseTensor(idx, values, dims), default_value=default_value, validate_indices=False)


def _check_order(idx, dims, named):
    """SparseTensor::ValidateHelper's checks, index by index: bounds, then order after the previous index."""
    for i, index in enumerate(idx.tolist()):
        entry = 'indices[%d] = [%s]' % (i, ','.join(map(str, index)))
        if any(not 0 <= v < d for v, d in zip(index, dims.tolist())):
            raise _error('%s is out of bounds: need 0 <= index < [%s]' % (entry, ','.join(map(str, dims.tolist()))),
                         named)
        if i and index == idx[i - 1].tolist():
            raise _error('%s is repeated' % entry, named)
        if i and index < idx[i - 1].tolist():
            raise _error('%s is out of order. Many sparse ops require sorted indices.\n    Use `tf.sparse.reorder` '
                         'to create a correctly ordered copy.\n\n' % entry, named)


def _shape(shape):
    return '[%s]' % ','.join(map(str, shape))


def _error(text, named):
    return kernel_error('SparseToDense', text, named=named,
                        note='compat.v1.sparse_to_dense: ' + text.split('\n')[0].split('. ')[0])
