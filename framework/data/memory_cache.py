"""``Dataset.cache()`` in memory, as tf.data's MemoryWriterIterator and MemoryReaderIterator keep it.

The first iterator to read the input to its end completes the cache, and later iterators read only
memory. tf.data also completes it as soon as it holds the input's known cardinality, not only at the
end of input: a fit that stops after len(ds) steps (Keras) or a partial iterator that read every
element keeps it, and the next pass reads no input (no reshuffle upstream). An iterator closed before
either, having read some elements (``for x in ds.cache().take(1)``, a ``break``), discards them, and
TF 2.21 logs a warning on stderr as it does (cache_dataset_ops.cc; notes progs/kerasexamples15/
p22_cache_partial.py, p22b_cache_edges.py: the same lines in the same places, 8 cases).
"""
from .. import native_log

# TF 2.21's words (cache_dataset_ops.cc:912, kIncompleteCacheErrorMessage; its double space too)
PARTIAL_READ = ('The calling iterator did not fully read the dataset being cached. In order to avoid unexpected '
                 'truncation of the dataset, the partially cached contents of the dataset  will be discarded. This '
                 'can happen if you have an input pipeline similar to `dataset.cache().take(k).repeat()`. You should '
                 'use `dataset.take(k).cache().repeat()` instead.')


def memory_cached(source, length):
    """(generator function over the cached elements of ``source``, an iterator factory of ``length``
    elements (a cardinality: may be unknown), and the list that holds the completed cache, empty
    until then)."""
    stored = []

    def cached():
        if stored:
            yield from stored[0]
            return
        elements = []
        try:
            for element in source():
                elements.append(element)
                if len(elements) == length and not stored:
                    stored.append(elements)
                yield element
        except GeneratorExit:       # closed part-way: what it read is dropped (TF resets the cache)
            if elements and not stored:
                native_log.warning('cache_dataset_ops.cc:912', PARTIAL_READ)
            raise
        if not stored:
            stored.append(elements)
    return cached, stored
