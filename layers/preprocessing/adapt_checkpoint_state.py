"""A lookup layer's adapt state as TF 2.21 checkpoints it.

Keras 3's IndexLookup, made without a vocabulary, counts adapt's tokens in a
MutableHashTable ``token_counts`` (and, for tf_idf, ``token_document_counts``
and an int64 tf.Variable ``num_documents``); a tf.train.Checkpoint of the layer
holds them as '<layer>/token_counts/.ATTRIBUTES/table-keys' and 'table-values',
and '<layer>/num_documents/.ATTRIBUTES/VARIABLE_VALUE' (all empty or 0 once
adapt has finished: Keras resets them). tapeflow counts in the layer's
``VocabularyCounts``; these views write and restore those counts under Keras's
names, so each framework restores the other's checkpoints of such layers.
"""
import collections

import numpy as np


class CountsTable:
    """``token_counts`` (field 'tokens') or ``token_document_counts`` (field 'documents')."""

    _checkpoint_attribute = 'table'         # TF's graph attribute for the table's two tensors

    def __init__(self, layer, field):
        self._layer, self._field = layer, field
        self._restoring = {}

    def _counter(self):
        return getattr(self._layer._counts, self._field)

    def _checkpoint_state(self):
        counter = self._counter()
        keys = np.empty(len(counter), object if self._layer.vocabulary_dtype == 'string' else np.int64)
        keys[:] = list(counter)
        return {'table-keys': keys, 'table-values': np.array(list(counter.values()), np.int64)}

    def _restore_checkpoint_state(self, key, value):
        """The keys and values arrive one by one; the pair replaces the counts, as TF's table restore."""
        self._restoring[key.rsplit('/', 1)[-1]] = value
        if 'table-keys' in self._restoring and 'table-values' in self._restoring:
            keys = self._layer._keys(np.asarray(self._restoring.pop('table-keys'))).reshape(-1).tolist()
            values = np.asarray(self._restoring.pop('table-values'), np.int64).reshape(-1).tolist()
            setattr(self._layer._counts, self._field, collections.Counter(dict(zip(keys, values))))


class DocumentCount:
    """``num_documents``: how many documents tf_idf's adapt has seen (an int64 variable in Keras)."""

    def __init__(self, layer):
        self._layer = layer

    def _checkpoint_state(self):
        return {'VARIABLE_VALUE': np.array(self._layer._counts.num_documents, np.int64)}

    def _restore_checkpoint_state(self, key, value):
        self._layer._counts.num_documents = int(np.asarray(value))
