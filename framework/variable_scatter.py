"""Writing rows of a Variable from a ``tf.IndexedSlices``: ``v.scatter_update(slices)`` and its
arithmetic siblings (add, sub, mul, div, max, min), and ``v.scatter_nd_max/min``.

Each row ``slices.values[i]`` meets row ``slices.indices[i]`` of the variable; repeated indices
all apply (numpy's unbuffered ``ufunc.at``), as TensorFlow's ResourceScatter* kernels apply them.
Errors carry TensorFlow's texts and classes, which learners' programs print.
"""
import numpy as np

from . import backend
from .errors import InvalidArgumentError, kernel_error
from .indexed_slices import IndexedSlices
from .tensor import Tensor, _to_array
from .unread_variable import unread

# the numpy ufunc that combines a variable's row with an update row, per method
_COMBINE = {'add': np.add, 'sub': np.subtract, 'mul': np.multiply, 'div': np.divide,
            'max': np.maximum, 'min': np.minimum}
_KERNEL = {'update': 'ResourceScatterUpdate', 'add': 'ResourceScatterAdd', 'sub': 'ResourceScatterSub',
           'mul': 'ResourceScatterMul', 'div': 'ResourceScatterDiv', 'max': 'ResourceScatterMax',
           'min': 'ResourceScatterMin'}


def scatter_slices(variable, sparse_delta, mode):
    """``variable.scatter_<mode>(sparse_delta)``: combine the rows of ``sparse_delta`` into the
    variable in place; returns the variable.

    Raises:
        TypeError: ``sparse_delta`` is not an IndexedSlices, or its values cannot take the
            variable's dtype.
        InvalidArgumentError: an index outside the variable's rows, or values whose rows do not
            match the variable's.
    """
    if not isinstance(sparse_delta, IndexedSlices):
        raise TypeError('Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: %s' % (sparse_delta,))
    data = variable._data
    op = _KERNEL[mode]
    indices = backend.to_host(sparse_delta.indices._data).astype(np.int64)
    values = _values_of(sparse_delta.values, data.dtype)
    if tuple(values.shape[:1]) != tuple(indices.shape):
        raise kernel_error(op, 'The shape of indices (%s) must be a prefix of the shape of updates (%s)'
                               % (_dims(indices.shape), _dims(values.shape)), named=True)
    if tuple(values.shape[1:]) != tuple(data.shape[1:]):
        raise kernel_error(op, 'Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], '
                               'got updates.shape %s, indices.shape %s, params.shape %s'
                               % (_dims(values.shape), _dims(indices.shape), _dims(data.shape)), named=True)
    for i, row in enumerate(indices.tolist()):
        if not 0 <= row < data.shape[0]:
            raise kernel_error(op, 'indices[%d] = %d is not in [0, %d)' % (i, row, data.shape[0]), named=True)
    variable._detach()          # a tape holding the old value keeps it
    _write(variable, indices, values, None if mode == 'update' else _COMBINE[mode])
    return unread(variable)


def scatter_nd_extreme(variable, indices, updates, mode):
    """``variable.scatter_nd_max/min(indices, updates)``: the elementwise max (min) of the
    variable's slices at the index vectors and ``updates``; returns the variable."""
    from .ops.scatter import _index_columns, _updates     # private helpers, as variable_slices uses them
    op = 'ResourceScatterNd' + mode.capitalize()
    shape = tuple(variable._data.shape)
    try:
        columns, want = _index_columns(indices, shape, op)
    except ValueError as err:
        if str(err).startswith('{{function_node'):     # the kernel's own text, as TF raises it
            err.add_note('%s on variable %r' % (op, variable.name))
            raise
        raise InvalidArgumentError('%s on variable %r: %s' % (op, variable.name, err)) from None
    u = _values_of(_updates(updates, want, None, op, (indices, shape)), variable._data.dtype)
    variable._detach()
    _write(variable, tuple(backend.to_host(c) for c in columns), u, _COMBINE[mode])
    return unread(variable)


def _write(variable, index, values, combine):
    """Write (``combine`` None) or combine ``values`` in at ``index``; a device variable's buffer
    is combined on the host, as ``ufunc.at`` has no cupy form for max, min, mul and div."""
    data = variable._data
    host = backend.to_host(data) if backend.is_device_array(data) else data
    if combine is None:
        host[index] = values
    else:
        combine.at(host, index, values)
    if host is not data:
        data[...] = backend.array_module(data).asarray(host)


def _values_of(values, dtype):
    """The update rows as an array of the variable's dtype; TensorFlow refuses a float for an
    int variable with its conversion message."""
    raw = values._data if hasattr(values, '_data') else values
    array = np.asarray(backend.to_host(raw)) if backend.is_device_array(raw) else np.asarray(raw)
    if array.dtype != dtype:
        if array.dtype.kind == 'f' and np.dtype(dtype).kind in 'iu':
            raise TypeError('Cannot convert %s to EagerTensor of dtype %s' % (array.tolist(), np.dtype(dtype).name))
        if isinstance(values, Tensor):      # TensorFlow casts no other tensor (int32 rows into a float variable)
            raise ValueError('Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                             % (np.dtype(dtype).name, values._data.dtype.name, values))
        array = _to_array(array, dtype)
    return array


def _dims(shape):
    return '[' + ','.join(str(d) for d in shape) + ']'
