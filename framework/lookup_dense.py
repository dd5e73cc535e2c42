"""``tf.lookup.experimental.DenseHashTable``: a MutableHashTable whose TensorFlow kernel keeps its
keys in open-addressed buckets, so two reserved keys mark the empty and the deleted buckets and
may never be inserted, removed or looked up (TF 2.21's InvalidArgumentError). The contents here
are MutableHashTable's dict; ``export`` gives the entries, not TF's whole bucket array."""
import numpy as np

from .errors import InvalidArgumentError
from .lookup import MutableHashTable, _host


class DenseHashTable(MutableHashTable):
    """A mutable key-value table with reserved ``empty_key`` and ``deleted_key`` (distinct)."""

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key, initial_num_buckets=None,
                 name='MutableDenseHashTable', checkpoint=True, experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype, default_value, name, checkpoint, experimental_is_anonymous)
        self._empty = _host(empty_key, self.key_dtype, 'DenseHashTable empty_key').item()
        self._deleted = _host(deleted_key, self.key_dtype, 'DenseHashTable deleted_key').item()
        if self._empty == self._deleted:
            raise InvalidArgumentError('Empty and deleted keys cannot be equal')

    def _keys(self, keys, what):
        array = super()._keys(keys, what)
        flat = array.reshape(-1).tolist()
        for reserved, which in ((self._empty, 'empty_key'), (self._deleted, 'deleted_key')):
            if reserved in flat:
                error = InvalidArgumentError('Using the %s as a table key is not allowed' % which)
                error.add_note('%s: %r is the table\'s %s' % (what, reserved, which))
                raise error
        return array

    def erase(self, keys, name=None):
        """TensorFlow's other name of ``remove``."""
        return self.remove(keys, name)

    def remove(self, keys, name=None):
        for key in self._keys(keys, 'DenseHashTable.remove').reshape(-1).tolist():
            self._table.pop(key, None)

    def insert(self, keys, values, name=None):
        keys = self._keys(keys, 'DenseHashTable.insert')
        values = _host(values, self.value_dtype, 'DenseHashTable.insert values')
        if keys.shape != np.shape(values):
            raise ValueError('DenseHashTable.insert: keys of shape %s and values of shape %s'
                             % (keys.shape, np.shape(values)))
        self._table.update(zip(keys.reshape(-1).tolist(), values.reshape(-1).tolist()))
