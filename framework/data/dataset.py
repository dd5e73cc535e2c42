"""Dataset: from_tensor_slices / batch / shuffle / map / repeat / take, as tf.data has them."""
import numpy as np

from .. import nest
from .. import random as tf_random
from ..tensor import Tensor, convert_to_tensor

AUTOTUNE = -1


def _to_host(value):
    if isinstance(value, (Tensor, np.ndarray, np.generic)):
        return np.asarray(value)
    return np.asarray(convert_to_tensor(value))      # Python values: float32 / int32, as TensorFlow


def _host_structure(value):
    """tf.data's rule: tuples and dicts are structure, a list is one tensor."""
    if isinstance(value, tuple):
        return type(value)(*map(_host_structure, value)) if hasattr(value, '_fields') \
            else tuple(_host_structure(v) for v in value)
    if isinstance(value, dict):
        return {k: _host_structure(v) for k, v in value.items()}
    return _to_host(value)


def _as_tensors(element):
    return nest.map_structure(lambda v: v if isinstance(v, Tensor) else convert_to_tensor(v), element)


class Dataset:
    """A re-iterable sequence of elements; each stage returns a new Dataset.

    Build one with ``from_tensor_slices`` (slices along the first axis),
    ``from_tensors`` (one element) or ``range``; iterate it with ``for``.
    """

    def __init__(self, make_iterator, length=None):
        self._make_iterator = make_iterator    # () -> iterator of host-side elements
        self._length = length

    # ---- sources ---------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Elements are the slices of ``tensors`` (any structure) along the first axis."""
        arrays = _host_structure(tensors)
        leaves = nest.flatten(arrays)
        if not leaves or any(a.ndim == 0 for a in leaves):
            raise ValueError('Dataset.from_tensor_slices: every component needs a first axis to slice; '
                             'got shapes %s' % [a.shape for a in leaves])
        n = leaves[0].shape[0]
        if any(a.shape[0] != n for a in leaves):
            raise ValueError('Dataset.from_tensor_slices: components have different first dimensions %s'
                             % [a.shape[0] for a in leaves])

        def slices():
            for i in range(n):
                yield nest.pack_sequence_as(arrays, [a[i] for a in leaves])
        return Dataset(slices, n)

    @staticmethod
    def from_tensors(tensors, name=None):
        arrays = _host_structure(tensors)
        return Dataset(lambda: iter([arrays]), 1)

    @staticmethod
    def range(*args, **kwargs):
        values = np.arange(*args, dtype=np.int64)
        return Dataset(lambda: iter(values), len(values))

    @staticmethod
    def zip(datasets, name=None):
        lengths = [d._length for d in nest.flatten(datasets)]
        length = None if None in lengths else min(lengths)

        def zipped():
            iterators = [d._make_iterator() for d in nest.flatten(datasets)]
            for items in zip(*iterators):
                yield nest.pack_sequence_as(datasets, list(items))
        return Dataset(zipped, length)

    # ---- transformations ---------------------------------------------------------------
    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Stack consecutive elements into batches of ``batch_size`` (the last may be smaller)."""
        batch_size = int(batch_size)
        if batch_size <= 0:
            raise ValueError('Dataset.batch: batch_size must be positive, got %d' % batch_size)
        source = self._make_iterator

        def batches():
            buffer = []
            for element in source():
                buffer.append(element)
                if len(buffer) == batch_size:
                    yield _stack(buffer)
                    buffer = []
            if buffer and not drop_remainder:
                yield _stack(buffer)
        length = None
        if self._length is not None:
            length = self._length // batch_size if drop_remainder else -(-self._length // batch_size)
        return Dataset(batches, length)

    def unbatch(self, name=None):
        source = self._make_iterator

        def rows():
            for element in source():
                leaves = nest.flatten(element)
                for i in range(leaves[0].shape[0]):
                    yield nest.pack_sequence_as(element, [a[i] for a in leaves])
        return Dataset(rows)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        """Shuffle with a buffer of ``buffer_size`` elements, as tf.data does."""
        buffer_size = int(buffer_size)
        if buffer_size <= 0:
            raise ValueError('Dataset.shuffle: buffer_size must be positive, got %d' % buffer_size)
        source = self._make_iterator
        fixed = [None]

        def shuffled():
            if reshuffle_each_iteration or fixed[0] is None:
                fixed[0] = tf_random.draw_seed(seed)
            rng = np.random.default_rng(fixed[0])
            buffer = []
            for element in source():
                if len(buffer) < buffer_size:
                    buffer.append(element)
                    continue
                i = int(rng.integers(len(buffer)))
                yield buffer[i]
                buffer[i] = element
            while buffer:
                yield buffer.pop(int(rng.integers(len(buffer))))
        return Dataset(shuffled, self._length)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """Apply ``map_func`` to each element (tuples are passed as separate arguments)."""
        source = self._make_iterator

        def mapped():
            for element in source():
                args = _as_tensors(element)
                out = map_func(*args) if isinstance(args, tuple) else map_func(args)
                yield _host_structure(out)
        return Dataset(mapped, self._length)

    def filter(self, predicate, name=None):
        source = self._make_iterator

        def kept():
            for element in source():
                args = _as_tensors(element)
                if bool(predicate(*args) if isinstance(args, tuple) else predicate(args)):
                    yield element
        return Dataset(kept)

    def repeat(self, count=None, name=None):
        source = self._make_iterator

        def repeated():
            n = 0
            while count is None or count < 0 or n < count:
                yield from source()
                n += 1
        length = None if count is None or count < 0 or self._length is None else self._length * count
        return Dataset(repeated, length)

    def take(self, count, name=None):
        source = self._make_iterator
        count = int(count)

        def taken():
            if count < 0:
                yield from source()
                return
            for i, element in enumerate(source()):
                if i >= count:
                    break
                yield element
        length = self._length if count < 0 else (count if self._length is None else min(count, self._length))
        return Dataset(taken, length)

    def skip(self, count, name=None):
        source = self._make_iterator

        def skipped():
            for i, element in enumerate(source()):
                if i >= count:
                    yield element
        return Dataset(skipped, None if self._length is None else max(self._length - int(count), 0))

    def enumerate(self, start=0, name=None):
        source = self._make_iterator
        return Dataset(lambda: ((np.int64(i), e) for i, e in enumerate(source(), start)), self._length)

    def prefetch(self, buffer_size, name=None):
        """Accepted for ported programs: elements are produced on demand."""
        return self

    def cache(self, filename='', name=None):
        """Keep the elements in memory after the first pass."""
        source = self._make_iterator
        stored = []

        def cached():
            if stored:
                yield from stored
                return
            for element in source():
                stored.append(element)
                yield element
        return Dataset(cached, self._length)

    # ---- reading ---------------------------------------------------------------------
    def __iter__(self):
        for element in self._make_iterator():
            yield _as_tensors(element)

    def as_numpy_iterator(self):
        return iter(self._make_iterator())

    def cardinality(self):
        from ..tensor import constant
        return constant(-2 if self._length is None else self._length, dtype='int64')

    def __len__(self):
        if self._length is None:
            raise TypeError('The length of this dataset is unknown (after filter, or repeated forever)')
        return self._length

    def __repr__(self):
        return '<Dataset: %s elements>' % ('unknown' if self._length is None else self._length)


def _stack(elements):
    first = elements[0]
    leaves = [nest.flatten(e) for e in elements]
    stacked = [np.stack([row[k] for row in leaves]) for k in range(len(leaves[0]))]
    return nest.pack_sequence_as(first, stacked)
