"""``tf.io.SparseFeature``: a SparseTensor parsed from an Example's index feature(s) (int64) and value
feature, with a fixed dense ``size`` (TF 2.21's parsing_config.py): index i of the values is at
(index_key[0][i], index_key[1][i], ...). Entries are sorted by index unless ``already_sorted``; a batch
prepends the example's position. TensorFlow logs a caution for an index of several keys at each parse."""
import collections

import numpy as np

from .. import backend
from ..tensor import Tensor


class SparseFeature(collections.namedtuple('SparseFeature', ['index_key', 'value_key', 'dtype', 'size',
                                                               'already_sorted'])):
    """index_key: a feature name (1-D) or a list of them (N-D); size: an int or one per index key."""
    __slots__ = ()

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        from .. import dtypes
        return super().__new__(cls, index_key, value_key, dtypes.as_dtype(dtype), size, already_sorted)


def index_keys(spec):
    return list(spec.index_key) if isinstance(spec.index_key, (list, tuple)) else [spec.index_key]


def check(name, spec):
    """TF's checks of the config, and its caution (logged) for an index of several keys."""
    if not spec.index_key:
        raise ValueError('Missing index_key for SparseFeature %r.' % (spec,))
    if not spec.value_key:
        raise ValueError('Missing value_key for SparseFeature %r.' % (spec,))
    if not isinstance(spec.index_key, str) and len(spec.index_key) > 1:
        from ..tf_logging import logger
        logger().warning('SparseFeature is a complicated feature config and should only be used after careful '
                         'consideration of VarLenFeature.')


def sparse(entries, spec, values_of, batched):
    """The SparseTensor of ``entries`` ((example position, values, [index lists]) per example);
    ``values_of`` turns a list of values into a host array of the spec's dtype."""
    from ..sparse import SparseTensor
    sizes = [int(s) for s in (spec.size if isinstance(spec.size, (list, tuple)) else [spec.size])]
    indices, values = [], []
    for position, found, lists in entries:
        if any(len(ids) != len(found) for ids in lists):
            raise ValueError('Dimensions %d and %d are not compatible' % (len(lists[0]), len(found)))
        rows = np.asarray(lists, np.int64).T.reshape(len(found), len(sizes))
        order = np.arange(len(found)) if spec.already_sorted else np.lexsort(rows.T[::-1]) if len(found) else []
        for i in order:
            indices.append(([position] if batched else []) + rows[i].tolist())
            values.append(found[i])
    shape = ([len(entries)] if batched else []) + sizes
    data = values_of(values)
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, len(shape)),
                        Tensor(backend.place(data)) if data.dtype != object else _strings(data),
                        np.asarray(shape, np.int64))


def _strings(data):
    from .strings_in import string_tensor
    return string_tensor(data)
