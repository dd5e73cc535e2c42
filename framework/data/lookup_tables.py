"""Lookup tables filled from a dataset (``tf.data.experimental.DatasetInitializer``,
``table_from_dataset`` and ``index_table_from_dataset``, TF 2.21's data/experimental/ops/lookup_ops.py).

The dataset yields scalar (key, value) pairs; ``table_from_dataset`` builds a StaticHashTable of
them and, with ``num_oov_buckets``, sends absent keys to ``size + Fingerprint64(key as a string) %
num_oov_buckets`` as TF's IdTableWithHashBuckets with its FastHashSpec does.
"""
import numpy as np

from .. import backend, dtypes
from ..keras_repr import default_repr
from ..lookup import StaticHashTable
from ..tensor import Tensor, convert_to_tensor
from .spec import TensorSpec

_BASE = ('Datasets used to initialize lookup tables must produce elements in the form (key, value), where the '
         'keys and values are scalar tensors. ')


def _check_pairs(spec):
    """TF's _check_table_initializer_element_spec, in its words."""
    if len(spec) != 2:
        raise ValueError(_BASE + 'However, the given dataset produces %d components instead of two (key, value) '
                         'components. Full dataset element spec: %s.' % (len(spec), spec))
    for spec_part, what in ((spec[0], 'key'), (spec[1], 'value')):
        if not isinstance(spec_part, TensorSpec):
            raise ValueError(_BASE + 'However, the given dataset produces non-Tensor %ss of type %s.'
                             % (what, type(spec_part)))
        if spec_part.shape.rank not in (None, 0):
            raise ValueError(_BASE + 'However, the given dataset produces non-scalar %s Tensors of rank %d.'
                             % (what, len(spec_part.shape)))


class DatasetInitializer:
    """A table's contents from a dataset of scalar (key, value) pairs."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, dataset):
        self.dataset = dataset
        spec = dataset.element_spec
        _check_pairs(spec)
        self.key_dtype, self.value_dtype = dtypes.as_dtype(spec[0].dtype), dtypes.as_dtype(spec[1].dtype)

    def items(self):
        return [(_item(key), _item(value)) for key, value in self.dataset.as_numpy_iterator()]


def _item(value):
    return value.item() if hasattr(value, 'item') else value


class _HashBucketTable:
    """A table whose absent keys go to ``num_oov_buckets`` hash buckets after its entries
    (TF's IdTableWithHashBuckets: integer keys are hashed as their decimal strings)."""

    def __init__(self, table, num_oov_buckets, key_dtype):
        self._table, self._buckets = table, int(num_oov_buckets)
        self.key_dtype, self.value_dtype = dtypes.as_dtype(key_dtype), table.value_dtype

    def size(self, name=None):
        return convert_to_tensor(np.int64(int(self._table.size()) + self._buckets))

    def lookup(self, keys, name=None):
        from ..string_hashes import fingerprint64
        ids = np.asarray(backend.to_host(self._table.lookup(keys)._data))
        keys = np.asarray(backend.to_host(convert_to_tensor(keys)._data))
        size, default = int(self._table.size()), self._table.default_value.numpy()
        out = ids.copy()
        for index in zip(*np.nonzero(ids == default)):
            key = keys[index]
            text = key if isinstance(key, bytes) else str(int(key)).encode()
            out[index] = size + fingerprint64(text) % self._buckets
        return Tensor(backend.place(out))

    def __getattr__(self, name):
        return getattr(self._table, name)


def table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=None, hasher_spec=None,
                       key_dtype='string', name=None):
    """A StaticHashTable of the dataset's (key, value) pairs; absent keys give ``default_value``
    (-1 for numeric values), or one of ``num_oov_buckets`` ids after the table."""
    spec = dataset.element_spec
    _check_pairs(spec)
    if default_value is None:
        default_value = -1
        if not (dtypes.as_dtype(spec[1].dtype).is_integer or dtypes.as_dtype(spec[1].dtype).is_floating):
            raise ValueError('`default_value` must be specified when creating a table from a dataset that produces '
                             'values of type %s.' % dtypes.as_dtype(spec[1].dtype))
    if num_oov_buckets < 0:
        raise ValueError('`num_oov_buckets` must be greater than or equal to 0, got %d.' % num_oov_buckets)
    if vocab_size is not None and not isinstance(vocab_size, Tensor) and vocab_size < 1:
        raise ValueError('`vocab_size` must be greater than 0, got %d.' % vocab_size)
    key_dtype = dtypes.as_dtype(key_dtype)
    if not key_dtype.is_integer and key_dtype != dtypes.string:
        raise TypeError('`key_dtype` must be either an integer or string type, but got %s' % key_dtype)
    if vocab_size is not None:
        dataset = dataset.take(int(vocab_size))
    table = StaticHashTable(DatasetInitializer(dataset), default_value)
    return _HashBucketTable(table, num_oov_buckets, key_dtype) if num_oov_buckets else table


def index_table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=-1, hasher_spec=None,
                             key_dtype='string', name=None):
    """A table from each key of the dataset to its position (int64), as table_from_dataset."""
    pairs = dataset.enumerate().map(lambda index, key: (key, index))
    return table_from_dataset(pairs, num_oov_buckets, vocab_size, default_value, hasher_spec, key_dtype, name)
