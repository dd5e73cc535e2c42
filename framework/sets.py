"""``tf.sets``: set operations along the last axis, row by row. Inputs are dense tensors or
SparseTensors of integers or strings (rank >= 2); results are SparseTensors whose rows hold the
sorted members, as TensorFlow returns them, with the last dense dimension the largest row."""
import numpy as np

from .errors import InvalidArgumentError
from .sparse import SparseTensor
from .tensor import Tensor, convert_to_tensor

_KINDS = 'int8, int16, int32, int64, uint8, uint16, string'


def _rows(x, name):
    """(rows: {prefix index tuple: set}, prefix shape, dtype) of a dense tensor or a SparseTensor."""
    if isinstance(x, SparseTensor):
        values, indices = np.asarray(x.values._data), np.asarray(x.indices._data)
        shape = tuple(int(d) for d in np.asarray(x.dense_shape._data))
        rows = {}
        for index, value in zip(indices, values):
            rows.setdefault(tuple(int(i) for i in index[:-1]), set()).add(value)
        kind = x.values._data.dtype
    else:
        t = convert_to_tensor(x)
        array = t._data
        shape, kind = array.shape, array.dtype
        if array.ndim < 2:
            raise InvalidArgumentError('sets: Shape %s has rank %d < 2; the sets lie along the last axis of a '
                                       'batch of rows' % (list(array.shape), array.ndim))
        rows = {index: set(array[index].tolist()) for index in np.ndindex(*array.shape[:-1])}
    if kind.name not in ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'object'):
        raise TypeError("'%s' has invalid dtype `%s` not in supported dtypes: %s" % (name, kind.name, _KINDS))
    return rows, tuple(shape[:-1]), kind


def _result(rows, prefix, kind):
    keys = list(np.ndindex(*prefix))
    members = [sorted(rows.get(k, ())) for k in keys]
    width = max((len(m) for m in members), default=0)
    indices = [list(k) + [j] for k, m in zip(keys, members) for j in range(len(m))]
    values = [v for m in members for v in m]
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, len(prefix) + 1),
                        np.asarray(values, dtype=kind), list(prefix) + [width])


def _operation(a, b, combine, op):
    rows_a, prefix_a, kind_a = _rows(a, 'a')
    rows_b, prefix_b, kind_b = _rows(b, 'b')
    if kind_a != kind_b:
        raise TypeError('sets.%s: a and b must have one dtype, got %s and %s' % (op, kind_a.name, kind_b.name))
    if prefix_a != prefix_b:
        raise InvalidArgumentError('sets.%s: a and b must have the same batch shape, got %s and %s'
                                   % (op, list(prefix_a), list(prefix_b)))
    keys = set(rows_a) | set(rows_b)
    return _result({k: combine(rows_a.get(k, set()), rows_b.get(k, set())) for k in keys}, prefix_a, kind_a)


def set_intersection(a, b, validate_indices=True):
    """The members in both rows."""
    return _operation(a, b, lambda x, y: x & y, 'intersection')


def set_union(a, b, validate_indices=True):
    """The members in either row."""
    return _operation(a, b, lambda x, y: x | y, 'union')


def set_difference(a, b, aminusb=True, validate_indices=True):
    """The members of a's row not in b's (``aminusb``), else of b's not in a's."""
    return _operation(a, b, (lambda x, y: x - y) if aminusb else (lambda x, y: y - x), 'difference')


def set_size(a, validate_indices=True):
    """The count of distinct members of each row of a SparseTensor, as int32.

    Raises:
        TypeError: a dense tensor (TensorFlow takes only a SparseTensor here).
    """
    if not isinstance(a, SparseTensor):
        raise TypeError('Expected `SparseTensor`, got %s.' % (a,))
    rows, prefix, _ = _rows(a, 'a')
    return Tensor(np.asarray([len(rows.get(k, ())) for k in np.ndindex(*prefix)], np.int32).reshape(prefix))


intersection, union, difference, size = set_intersection, set_union, set_difference, set_size   # TF's two names
