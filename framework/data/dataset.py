"""Dataset: tf.data's pipeline of elements, built from sources and chained stages.

Stages are lazy generators over host (numpy) elements; each element is handed
out as framework tensors. Every stage knows its cardinality (see
cardinality.py) and how to state its ``element_spec``.
"""
import numpy as np

from .. import nest
from .. import random as tf_random
from ..tensor import constant
from . import cardinality as card, combine
from .generator import generator_source, signature_from
from .regrouping import RegroupingStages
from .spec import TensorSpec
from .structure import as_tensors, call_with_element, host_structure, spec_of

AUTOTUNE = -1


class Dataset(RegroupingStages):
    """A re-iterable sequence of elements; each stage returns a new Dataset.

    Build one with ``from_tensor_slices``, ``from_tensors``, ``from_generator``
    or ``range``; iterate it with ``for`` (tensors) or ``as_numpy_iterator()``.
    """

    def __init__(self, make_iterator, length=card.UNKNOWN_CARDINALITY, spec=None):
        self._make_iterator = make_iterator    # () -> iterator of host-side elements
        self._length = length                  # >= 0, or INFINITE / UNKNOWN_CARDINALITY
        self._spec = spec                      # () -> element_spec; None: read from the first element

    def _then(self, make_iterator, length=None, spec='same'):
        upstream = self
        spec = (lambda: upstream.element_spec) if spec == 'same' else spec
        return Dataset(make_iterator, self._length if length is None else length, spec)

    # ---- sources ---------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Elements are the slices of ``tensors`` (any structure) along the first axis."""
        arrays = host_structure(tensors)
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
        return Dataset(slices, n, lambda: nest.map_structure(lambda a: TensorSpec(a.shape[1:], a.dtype), arrays))

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset of one element, ``tensors``."""
        arrays = host_structure(tensors)
        return Dataset(lambda: iter([arrays]), 1, lambda: spec_of(arrays))

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        """Elements yielded by ``generator(*args)``, called anew for each iteration.

        Args:
            output_signature: a TensorSpec (or any object with .shape and .dtype), or a
                tuple / dict of them, that every yielded element must match.
            output_types, output_shapes: the legacy form of the signature.
        Raises:
            TypeError / ValueError (when iterating): an element of another structure, a
                value not convertible to its dtype, or a shape the signature does not admit.
        """
        signature = signature_from(output_signature, output_types, output_shapes)
        return Dataset(generator_source(generator, args, signature), card.UNKNOWN_CARDINALITY, lambda: signature)

    @staticmethod
    def range(*args, output_type='int64', name=None):
        """``range(stop)``, ``range(start, stop[, step])`` as int64 scalars (or ``output_type``)."""
        if not 1 <= len(args) <= 3 or any(isinstance(a, float) for a in args):
            raise TypeError('Dataset.range: expected 1 to 3 integer arguments (start, stop, step), got %r'
                            % (args,))
        spec = TensorSpec((), output_type)
        values = np.arange(*args, dtype=spec.dtype)
        return Dataset(lambda: iter(values), len(values), lambda: spec)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Elements of several datasets side by side: ``zip(a, b)`` or ``zip((a, b))`` or a dict."""
        if datasets is None:
            datasets = args[0] if len(args) == 1 else tuple(args)
        members = nest.flatten(datasets)
        if not members or not all(isinstance(d, Dataset) for d in members):
            raise TypeError('Dataset.zip: expected datasets (or a tuple / dict of them), got %r' % (datasets,))
        spec = lambda: nest.pack_sequence_as(datasets, [d.element_spec for d in members])
        return Dataset(combine.zipped(datasets), card.of_zip([d._length for d in members]), spec)

    # ---- element-wise stages -------------------------------------------------------------
    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """Apply ``map_func`` to each element (a tuple is passed as separate arguments)."""
        source = self._make_iterator

        def mapped():
            for element in source():
                yield host_structure(call_with_element(map_func, element))
        return self._then(mapped, spec=None)

    def filter(self, predicate, name=None):
        """Keep the elements for which ``predicate`` is true."""
        source = self._make_iterator
        kept = lambda: (e for e in source() if _truth(call_with_element(predicate, e), 'Dataset.filter'))
        return self._then(kept, 0 if self._length == 0 else card.UNKNOWN_CARDINALITY)

    def take_while(self, predicate, name=None):
        """The elements up to (not including) the first for which ``predicate`` is false."""
        source = self._make_iterator

        def taken():
            for element in source():
                if not _truth(call_with_element(predicate, element), 'Dataset.take_while'):
                    return
                yield element
        return self._then(taken, 0 if self._length == 0 else card.UNKNOWN_CARDINALITY)

    def enumerate(self, start=0, name=None):
        """(index, element) pairs, the index an int64 counting from ``start``."""
        source = self._make_iterator
        spec = lambda: (TensorSpec((), 'int64'), self.element_spec)
        return self._then(lambda: ((np.int64(i), e) for i, e in enumerate(source(), start)), spec=spec)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        """Shuffle with a buffer of ``buffer_size`` elements, as tf.data does.

        The seed is fixed when the stage is made (from ``seed`` and the global seed);
        each iteration then draws its own order from it, or repeats the first order
        with ``reshuffle_each_iteration=False``.
        """
        buffer_size = int(buffer_size)
        if buffer_size <= 0 and buffer_size != AUTOTUNE:
            raise ValueError('Dataset.shuffle: buffer_size must be positive, got %d' % buffer_size)
        # An op seed fixes the orders, as a TF op attribute does; without one the global stream picks.
        base_seed = [int(seed), tf_random.get_global_seed() or 0] if seed is not None else [tf_random.draw_seed()]
        source, epochs = self._make_iterator, [0]

        def shuffled():
            rng = np.random.default_rng(base_seed + [epochs[0]])
            epochs[0] += 1 if reshuffle_each_iteration else 0
            buffer = []
            for element in source():
                if len(buffer) < buffer_size or buffer_size == AUTOTUNE:
                    buffer.append(element)
                    continue
                i = int(rng.integers(len(buffer)))
                yield buffer[i]
                buffer[i] = element
            while buffer:
                yield buffer.pop(int(rng.integers(len(buffer))))
        return self._then(shuffled)

    def repeat(self, count=None, name=None):
        """The elements ``count`` times over (forever for None or -1)."""
        source = self._make_iterator

        def repeated():
            n = 0
            while count is None or count < 0 or n < count:
                yield from source()
                n += 1
        return self._then(repeated, card.of_repeat(self._length, count))

    def take(self, count, name=None):
        """The first ``count`` elements (all of them for -1)."""
        source, count = self._make_iterator, int(count)
        taken = source if count < 0 else lambda: (e for _, e in zip(range(count), source()))
        return self._then(taken, card.of_take(self._length, count))

    def skip(self, count, name=None):
        """All but the first ``count`` elements (none for -1)."""
        source, count = self._make_iterator, int(count)

        def skipped():
            for i, element in enumerate(source()):
                if 0 <= count <= i:
                    yield element
        return self._then(skipped, card.of_skip(self._length, count))

    def prefetch(self, buffer_size, name=None):
        """Accepted for ported programs: elements are produced on demand."""
        return self

    def cache(self, filename='', name=None):
        """Keep the elements in memory after the first full pass."""
        source, stored = self._make_iterator, []

        def cached():
            if stored:
                yield from stored[0]
                return
            elements = []
            for element in source():
                elements.append(element)
                yield element
            stored.append(elements)
        return self._then(cached)

    # ---- reading ---------------------------------------------------------------------
    def __iter__(self):
        for element in self._make_iterator():
            yield as_tensors(element)

    def as_numpy_iterator(self):
        """The elements as numpy values (scalars as numpy scalars), as TensorFlow gives them."""
        return iter(self._make_iterator())

    def reduce(self, initial_state, reduce_func, name=None):
        """``reduce_func(state, element)`` folded over the elements; returns the final state (tensors).

        Raises:
            TypeError: when reduce_func changes the state's structure or dtypes.
        """
        state = host_structure(initial_state)
        for element in self._make_iterator():
            new_state = host_structure(reduce_func(as_tensors(state), as_tensors(element)))
            before, after = spec_of(state), spec_of(new_state)
            if nest.flatten(nest.map_structure(lambda s: s.dtype, before)) != \
                    nest.flatten(nest.map_structure(lambda s: s.dtype, after)) or \
                    len(nest.flatten(before)) != len(nest.flatten(after)):
                raise TypeError('Dataset.reduce: reduce_func must keep the state\'s structure and dtypes; the '
                                'initial state is %r but reduce_func returned %r' % (before, after))
            state = new_state
        return as_tensors(state)

    @property
    def element_spec(self):
        """The TensorSpec structure of one element."""
        if self._spec is not None:
            return self._spec()
        first = next(iter(self._make_iterator()), None)
        if first is None:
            raise ValueError('Dataset.element_spec: this dataset (made by map or flat_map) gives no elements, '
                             'so the spec of its elements cannot be read from them')
        return spec_of(first)

    def cardinality(self):
        """The number of elements as an int64 tensor; -1 infinite, -2 unknown."""
        return constant(self._length, dtype='int64')

    def __len__(self):
        if self._length == card.INFINITE_CARDINALITY:
            raise TypeError('The dataset is infinite (repeated forever): it has no len(); use take(n)')
        if self._length == card.UNKNOWN_CARDINALITY:
            raise TypeError('The length of this dataset is unknown (after filter, from_generator or flat_map); '
                            'iterate it or use cardinality()')
        return self._length

    def __bool__(self):
        return True

    def __repr__(self):
        return '<Dataset element_spec=%s>' % (self._spec() if self._spec is not None else '(read from data)',)


def _truth(value, what):
    flag = np.asarray(value)
    if flag.shape != () or flag.dtype != np.bool_:
        raise TypeError('%s: the predicate must return a scalar bool, got %r (shape %s, dtype %s)'
                        % (what, value, flag.shape, flag.dtype))
    return bool(flag)
