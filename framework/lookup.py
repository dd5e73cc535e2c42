"""``tf.lookup``: key-to-value tables (StaticHashTable, StaticVocabularyTable, MutableHashTable).

Tables live on the host as Python dicts keyed by the keys' numpy items (bytes
for string keys); lookups map every element of a tensor of keys. Out-of-vocabulary
strings go to ``vocab_size + Fingerprint64(key) % num_oov_buckets``, as TensorFlow
buckets them, so the ids match TensorFlow's.
"""
import numpy as np

from . import backend, dtypes
from .keras_repr import default_repr
from .tensor import Tensor, convert_to_tensor


class TextFileIndex:
    """Which part of a vocabulary file's line a TextFileInitializer reads."""
    WHOLE_LINE = -2
    LINE_NUMBER = -1


def _host(values, dtype, what):
    try:
        t = convert_to_tensor(values, dtype=dtype)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: cannot convert %r to a tensor of dtype %s (%s)' % (what, values, dtype, err)) from None
    return np.asarray(backend.to_host(t._data))


class KeyValueTensorInitializer:
    """A table's contents from two 1-D tensors of equal length."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        self._keys = _host(keys, key_dtype, 'KeyValueTensorInitializer keys')
        self._values = _host(values, value_dtype, 'KeyValueTensorInitializer values')
        if self._keys.ndim != 1 or self._keys.shape != self._values.shape:
            raise ValueError('KeyValueTensorInitializer: keys and values must be 1-D of one length, got shapes %s '
                             'and %s' % (self._keys.shape, self._values.shape))
        self.key_dtype, self.value_dtype = dtypes.as_dtype(self._keys.dtype), dtypes.as_dtype(self._values.dtype)

    def items(self):
        return list(zip(self._keys.tolist(), self._values.tolist()))


class TextFileInitializer:
    """A table's contents from a text file, one entry per line: the key and the value are the
    whole line, the line number or the ``delimiter``-separated column of those indices."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index, vocab_size=None,
                 delimiter='\t', name=None, value_index_offset=0):
        self._filename = filename.decode() if isinstance(filename, bytes) else str(filename)
        self.key_dtype, self.value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        self._key_index, self._value_index = key_index, value_index
        self._vocab_size, self._delimiter, self._offset = vocab_size, delimiter, value_index_offset

    def _field(self, line, number, index, dtype):
        if index == TextFileIndex.LINE_NUMBER:
            value = number + self._offset
        elif index == TextFileIndex.WHOLE_LINE:
            value = line
        else:
            columns = line.split(self._delimiter.encode())
            if index >= len(columns):
                raise ValueError('TextFileInitializer: line %d of %s has %d columns, column %d was asked for'
                                 % (number, self._filename, len(columns), index))
            value = columns[index]
        if dtype == dtypes.string:
            return value if isinstance(value, bytes) else str(value).encode()
        return np.asarray(value.decode() if isinstance(value, bytes) else value).astype(dtype.as_numpy_dtype).item()

    def items(self):
        with open(self._filename, 'rb') as f:
            lines = f.read().split(b'\n')
        if lines and lines[-1] == b'':
            lines.pop()
        if self._vocab_size is not None:
            lines = lines[:self._vocab_size]
        return [(self._field(line.rstrip(b'\r'), i, self._key_index, self.key_dtype),
                 self._field(line.rstrip(b'\r'), i, self._value_index, self.value_dtype)) for i, line in enumerate(lines)]


class _Table:
    __repr__ = default_repr     # TF's object repr, its module named as TF names it
    def __init__(self, key_dtype, value_dtype, default_value):
        self.key_dtype, self.value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        self._default = _host(default_value, self.value_dtype, 'lookup table default_value')
        self._table = {}

    @property
    def default_value(self):
        return Tensor(self._default)

    def size(self, name=None):
        return convert_to_tensor(np.int64(len(self._table)))

    def _keys(self, keys, what):
        if isinstance(keys, Tensor) and keys._data.dtype != self.key_dtype.as_numpy_dtype:
            raise TypeError('%s: keys of dtype %s for a table keyed by %s' % (what, keys.dtype.name, self.key_dtype.name))
        return _host(keys, self.key_dtype, what)

    def lookup(self, keys, name=None):
        """The value of every key (``default_value``, or an OOV bucket, where absent), in the keys' shape."""
        array = self._keys(keys, '%s.lookup' % type(self).__name__)
        out = np.empty(array.shape, self.value_dtype.as_numpy_dtype)
        flat = out.reshape(-1)
        for i, key in enumerate(array.reshape(-1).tolist()):
            flat[i] = self._missing(key) if key not in self._table else self._table[key]
        return Tensor(backend.place(out))

    def _missing(self, key):
        return self._default.item()

    def __getitem__(self, keys):
        return self.lookup(keys)

    @property
    def name(self):
        """None: TF 2.21's hash tables report no name, given or not."""
        return None

    def export(self, name=None):
        """(keys, values) tensors of the table's contents."""
        keys = np.empty(len(self._table), self.key_dtype.as_numpy_dtype)
        keys[:] = list(self._table) if self._table else []
        values = np.asarray(list(self._table.values()), self.value_dtype.as_numpy_dtype)
        return Tensor(keys), Tensor(values.reshape(len(self._table)))


class StaticHashTable(_Table):
    """An immutable table filled by ``initializer``; absent keys give ``default_value``."""

    def __init__(self, initializer, default_value, name=None, experimental_is_anonymous=False):
        super().__init__(initializer.key_dtype, initializer.value_dtype, default_value)
        self._table = dict(initializer.items())


class StaticVocabularyTable(_Table):
    """Vocabulary ids from ``initializer`` (int64); an absent key goes to one of ``num_oov_buckets``
    buckets after the vocabulary, by its Fingerprint64 (strings) or value (integers), as TensorFlow."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if isinstance(num_oov_buckets, (int, np.integer, float, np.floating)) and num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")      # TF 2.21's text
        if not isinstance(num_oov_buckets, (int, np.integer)):
            raise ValueError('StaticVocabularyTable: num_oov_buckets must be a positive integer, got %r'
                             % (num_oov_buckets,))
        super().__init__(lookup_key_dtype or initializer.key_dtype, 'int64', -1)
        self._name = name
        self._table = {key: int(value) for key, value in initializer.items()}
        self._buckets = int(num_oov_buckets)

    @property
    def name(self):
        """The name given (TF 2.21's StaticVocabularyTable keeps it; its graph ops' scopes begin with it)."""
        return self._name

    def size(self, name=None):
        return convert_to_tensor(np.int64(len(self._table) + self._buckets))

    def _missing(self, key):
        if isinstance(key, bytes):
            from .string_hashes import fingerprint64
            return len(self._table) + fingerprint64(key) % self._buckets
        return len(self._table) + int(key) % self._buckets


class MutableHashTable(_Table):
    """A table to ``insert`` into and ``remove`` from; absent keys give ``default_value``."""

    def __init__(self, key_dtype, value_dtype, default_value, name='MutableHashTable', checkpoint=True,
                 experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype, default_value)

    def lookup(self, keys, name=None):
        # (its own code: a trace names its result apart from the static tables', graph_op_names' 'table_find')
        return super().lookup(keys, name)

    def insert(self, keys, values, name=None):
        keys = self._keys(keys, 'MutableHashTable.insert')
        values = _host(values, self.value_dtype, 'MutableHashTable.insert values')
        if keys.shape != values.shape:
            raise ValueError('MutableHashTable.insert: keys of shape %s and values of shape %s'
                             % (keys.shape, values.shape))
        self._table.update(zip(keys.reshape(-1).tolist(), values.reshape(-1).tolist()))

    def remove(self, keys, name=None):
        for key in self._keys(keys, 'MutableHashTable.remove').reshape(-1).tolist():
            self._table.pop(key, None)

    # A checkpoint holds TF 2.21's two tensors per table: '<path>/.ATTRIBUTES/table-keys' and 'table-values'
    # (the entries in the table's own order; TensorFlow's follows its hash map), one graph attribute 'table'.
    _checkpoint_attribute = 'table'

    def _checkpoint_state(self):
        keys, values = self.export()
        return {'table-keys': keys.numpy(), 'table-values': values.numpy()}

    def _restore_checkpoint_state(self, key, value):
        """A restore replaces the contents, as TensorFlow's; the keys and values arrive one by one."""
        pending = self.__dict__.setdefault('_restoring', {})
        pending[key.rsplit('/', 1)[-1]] = value
        if 'table-keys' in pending and 'table-values' in pending:
            keys = self._keys(pending.pop('table-keys'), 'Checkpoint.restore').reshape(-1).tolist()
            values = _host(pending.pop('table-values'), self.value_dtype, 'Checkpoint.restore').reshape(-1).tolist()
            self._table = dict(zip(keys, values))


from .lookup_dense import DenseHashTable  # noqa: E402  (a MutableHashTable, defined above)


class experimental:  # noqa: N801  (tf.lookup.experimental)
    MutableHashTable = MutableHashTable
    DenseHashTable = DenseHashTable
