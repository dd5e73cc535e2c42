"""Dataset: tf.data's pipeline of elements, built from sources and chained stages.

Stages are lazy generators over host (numpy) elements; each element is handed
out as framework tensors. Every stage knows its cardinality (see
cardinality.py) and how to state its ``element_spec``.
"""
import sys

import numpy as np

from .eager_functions_warning import warn_if_functions_run_eagerly
from .. import nest, trace_names, traced_for_loops
from ..deprecation import deprecated_argument
from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import constant, convert_to_tensor
from . import cardinality as card, combine, iterator_kernels, mixing, rejection_resample
from .arguments import dataset_name, function_argument, integer
from .dataset_iterator import DatasetIterator
from .generator import check_generator, generator_source, signature_from
from .injected_prefetch import makes_one_ahead
from .iteration_seeds import peeking
from .numpy_iterator import NumpyIterator
from .prefetch_stage import one_ahead
from .elementwise import ElementStages, in_state_structure
from .regrouping import RegroupingStages
from ..type_spec import SparseTensorSpec
from .batching import _row
from .ragged_elements import is_ragged, is_ragged_row, ragged_spec_without_batch, spec_of_ragged
from .sparse_elements import is_sparse
from .spec import DatasetSpec, TensorSpec
from .stage_function import traced_stage_function
from .stage_names import TF_DATA, dataset_class, maker_name
from .traced_source_specs import traced_shapes, with_traced_shapes
from .empty_elements import no_components_error
from .structure import as_tensors, host_structure, spec_of
from ..extension_batching import refuse_unbatchable, restore_spec

AUTOTUNE = -1
EMPTY_ELEMENT = 'Invalid `element`. `element` should not be empty.'      # TensorFlow's words


def _holds_a_list(structure):
    if isinstance(structure, list):
        return True
    if isinstance(structure, dict):
        return any(_holds_a_list(v) for v in structure.values())
    return isinstance(structure, tuple) and any(_holds_a_list(v) for v in structure)


class Dataset(ElementStages, RegroupingStages):
    """A re-iterable sequence of elements; each stage returns a new Dataset.

    Build one with ``from_tensor_slices``, ``from_tensors``, ``from_generator``
    or ``range``; iterate it with ``for`` (tensors) or ``as_numpy_iterator()``.
    """

    def __init__(self, make_iterator, length=card.UNKNOWN_CARDINALITY, spec=None):
        # () -> iterator of host-side elements; each outermost one owns its stage functions' random kernels
        self._make_iterator = iterator_kernels.scoped(make_iterator)
        self._length = length                  # >= 0, or INFINITE / UNKNOWN_CARDINALITY
        self._spec = spec                      # () -> element_spec; None: read from the first element
        self._tf_class = maker_name(1)         # the class TensorFlow would print (stage_names.py)
        # whether element_spec would read an element now (see stage_function): a callable
        self._spec_reads_data = _ALWAYS if spec is None else _NEVER

    @property
    def _tf_class(self):
        """TensorFlow's class name for this dataset (stage_names.py): '_BatchDataset', '_MapDataset', ..."""
        return self.__dict__['_tf_class_name']

    @_tf_class.setter
    def _tf_class(self, name):
        self.__dict__['_tf_class_name'] = name
        # tf.data makes one class per transformation and programs print type(ds) ("<class
        # 'tensorflow.python.data.ops.batch_op._BatchDataset'>"): the dataset takes a subclass of that name
        # (a user's own subclass of Dataset keeps its class)
        if type(self) is Dataset or type(self).__module__.startswith(TF_DATA):
            self.__class__ = dataset_class(Dataset, name)

    def __getattr__(self, name):
        # (only reached for a missing attribute) TF 2.21 names its own class: "'_RangeDataset' object has no
        # attribute 'assert_cardinality'", where a port calls a method that is tf.data.experimental's
        if name.startswith('__'):
            raise AttributeError(name)
        held = getattr(type(self), name, None)
        if isinstance(held, property):      # its getter raised AttributeError: raise that one, not a masking one
            return held.fget(self)
        raise AttributeError("'%s' object has no attribute '%s'" % (self.__dict__.get('_tf_class_name', 'Dataset'), name))

    def _then(self, make_iterator, length=None, spec='same'):
        upstream = self
        spec = (lambda: upstream.element_spec) if spec == 'same' else spec
        result = Dataset(make_iterator, self._length if length is None else length, spec)
        result._upstream = self
        result._spec_reads_data = _ALWAYS if spec is None else self._spec_reads_data
        return result

    def _skip_iteration(self):
        """Spend what starting an iterator spends without reading it: each reshuffling shuffle stage
        up the chain draws its next seeds (tf.data draws them when an iterator is made; Keras's
        fit makes one it never reads after each epoch, see layers/training/iterable_data.py).
        A zip starts an iterator of every dataset it reads (MixUp's zip of two shuffled datasets)."""
        pending = [self]
        while pending:
            stage = pending.pop()
            discard = getattr(stage, '_discard_iteration', None)
            if discard is not None:
                discard()
            pending.extend(getattr(stage, '_zipped', ()))
            upstream = getattr(stage, '_upstream', None)
            reads_upstream = getattr(stage, '_reads_upstream', None)   # a complete cache starts no input
            if upstream is not None and (reads_upstream is None or reads_upstream()):
                pending.append(upstream)

    def _refuse_iterator(self):
        """Raise, as TF's MakeIterator does when an iterator is made (not at its first element), the
        error of a stage up the chain that cannot run here (``shard(SHARD_HINT, i)``)."""
        pending = [self]
        while pending:
            stage = pending.pop()
            refusal = getattr(stage, '_iterator_refusal', None)
            if refusal is not None:
                raise refusal()
            pending.extend(getattr(stage, '_zipped', ()))
            upstream = getattr(stage, '_upstream', None)
            if upstream is not None:
                pending.append(upstream)

    # ---- sources ---------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Elements are the slices of ``tensors`` (any structure) along the first axis."""
        refuse_unbatchable(tensors)
        if tensors is None:
            raise noted(ValueError(EMPTY_ELEMENT), 'Dataset.from_tensor_slices: got None')
        try:
            arrays = _owned(host_structure(_lists_of_arrays_kept(tensors)), tensors)
        except (TypeError, ValueError) as err:      # None, a ragged list, ...: TF's words; which stage, in a note
            err.add_note('Dataset.from_tensor_slices')
            raise err from None
        leaves = nest.flatten(arrays)
        if not leaves or any(a.ndim == 0 for a in leaves):
            note = 'Dataset.from_tensor_slices: every component needs a first axis to slice; got shapes %s' % [
                a.shape for a in leaves]
            if not leaves:
                raise noted(ValueError(EMPTY_ELEMENT), note)
            raise noted(ValueError('Unbatching a tensor is only supported for rank >= 1'), note)   # TF's words
        n = leaves[0].shape[0]
        if any(a.shape[0] != n for a in leaves):
            other = next(a.shape[0] for a in leaves if a.shape[0] != n)
            error = ValueError('Dimensions %d and %d are not compatible' % (n, other))    # TensorFlow's words
            error.add_note('Dataset.from_tensor_slices: components have different first dimensions %s'
                           % [a.shape[0] for a in leaves])
            raise error
        dataset_name(name)

        composite = any(is_sparse(a) or is_ragged(a) for a in leaves)     # else plain indexing, the fast path

        # One array, or a flat tuple of arrays (the (x, y) of most programs): numpy's own row
        # iteration yields a[i] and zip the tuples, without packing a structure per element.
        flat_tuple = type(arrays) is tuple and not any(nest.is_nested(a) for a in arrays)

        def slices():
            if not composite and (flat_tuple or arrays is leaves[0]):
                yield from zip(*arrays) if flat_tuple else iter(arrays)
                return
            for i in range(n):
                yield nest.pack_sequence_as(arrays, [_row(a, i) for a in leaves] if composite else [a[i] for a in leaves])
        traced = traced_shapes(tensors)      # (made inside a stage function's trace: its shapes)
        sliced = Dataset(slices, n, lambda: with_traced_shapes(restore_spec(nest.map_structure(_slice_spec, arrays)),
                                                               traced, sliced=True))
        if not composite and (flat_tuple or arrays is leaves[0]) and all(a.dtype.kind in 'biufc' for a in leaves):
            sliced._batch_rows = arrays         # a batch right after it copies row ranges (batching.row_batches)
        return sliced

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """The sorted files matching ``file_pattern``, shuffled unless ``shuffle=False`` (see files.py)."""
        from .files import list_files
        return list_files(file_pattern, shuffle, seed, name)

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset of one element, ``tensors``."""
        if tensors is None or (nest.is_nested(tensors) and not nest.flatten(tensors)):
            raise no_components_error('TensorDataset', 'Dataset.from_tensors', tensors)
        arrays = _owned(host_structure(_lists_of_arrays_kept(tensors)), tensors)
        dataset_name(name)
        traced = traced_shapes(tensors)      # (made inside a stage function's trace: its shapes)
        return Dataset(lambda: iter([arrays]), 1, lambda: with_traced_shapes(spec_of(arrays), traced))

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
        for argument, value in (('output_types', output_types), ('output_shapes', output_shapes)):
            if value is not None:
                deprecated_argument('DatasetV2.from_generator', 'tensorflow.python.data.ops.dataset_ops', argument,
                                    'Use output_signature instead')
        check_generator(generator)
        signature = signature_from(output_signature, output_types, output_shapes)
        dataset_name(name)
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        me = []         # the dataset, for an ignore_errors right below it (generator.py)
        me.append(Dataset(generator_source(generator, args, signature, me), card.UNKNOWN_CARDINALITY,
                          lambda: signature))
        return me[0]

    @staticmethod
    def range(*args, output_type='int64', name=None, **ignored):
        """``range(stop)``, ``range(start, stop[, step])`` as int64 scalars (or ``output_type``). Other
        keywords (``dtype=``) are ignored, as TF 2.21's _RangeDataset reads only these two."""
        if not 1 <= len(args) <= 3:
            raise noted(ValueError('Invalid `args`. The length of `args` should be between 1 and 3 but was %d.'
                                   % len(args)), 'Dataset.range takes (stop), (start, stop) or (start, stop, step)')
        for a in args:
            if isinstance(a, float):      # TensorFlow converts each argument to an int64 tensor
                raise noted(TypeError('Cannot convert %r to EagerTensor of dtype int64' % (a,)),
                            'Dataset.range: start, stop and step must be integers, got %r' % (args,))
        roles = ('stop',) if len(args) == 1 else ('start', 'stop', 'step')     # TF's names for its errors
        args = tuple(integer(a, role, 'Dataset.range') for a, role in zip(args, roles))
        dataset_name(name)
        if len(args) == 3 and args[2] == 0:
            raise kernel_error('RangeDataset', 'step must be a non-zero integer.', named=True,
                               note='Dataset.range%r' % (args,))
        spec = TensorSpec((), output_type)
        if spec.dtype.is_bool or spec.dtype.name == 'string':
            # TF's RangeDataset kernel only makes number types; it refuses the others at the first element
            from .iterator_errors import next_error

            def refused():
                raise next_error(InvalidArgumentError, 'Unsupported data type: %s' % spec.dtype.name,
                                 note='Dataset.range(output_type=%s): give a number type' % spec.dtype.name)
                yield
            return Dataset(refused, len(range(*args)), lambda: spec)
        # TF's RangeDataset counts in int64 and static_casts each value: range(-5, -1, output_type=tf.uint8) wraps
        values = np.arange(*args, dtype=np.int64).astype(spec.dtype)
        return Dataset(lambda: iter(values), len(values), lambda: spec)

    @staticmethod
    def counter(start=0, step=1, dtype='int64', name=None):
        """Endless ``start, start + step, ...`` scalars of ``dtype``."""
        spec = TensorSpec((), dtype)
        for value in (start, step):         # TF converts both to ``dtype`` tensors first
            convert_to_tensor(value, dtype=spec.dtype)
        dataset_name(name)

        def counting():
            value = np.asarray(start, dtype=spec.dtype)
            while True:
                yield value
                value = np.asarray(value + step, dtype=spec.dtype)
        return Dataset(counting, card.INFINITE_CARDINALITY, lambda: spec)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Elements of several datasets side by side: ``zip(a, b)`` or ``zip((a, b))`` or a dict."""
        if not args and datasets is None:
            raise TypeError('Must pass at least one dataset to `zip`.')
        if args and datasets is not None:
            raise TypeError('Both `*args` and `datasets` cannot be set.')
        if datasets is None:
            datasets = args[0] if len(args) == 1 else tuple(args)
        if _holds_a_list(datasets):       # TensorFlow checks this first, datasets in the list or not
            raise noted(TypeError('Invalid input to `zip`. Inputs are expected to be (nested) structures of '
                                  '`tf.data.Dataset` objects. Python `list` is not supported and you should use '
                                  '`tuple` instead.'), 'Dataset.zip: got %r' % (datasets,))
        members = nest.flatten(datasets)
        if not members and nest.is_nested(datasets):        # TF builds its ZipDataset of no dataset: the kernel refuses
            raise no_components_error('ZipDataset', 'Dataset.zip', datasets)
        if not members or not all(isinstance(d, Dataset) for d in members):
            bad = next((d for d in members if not isinstance(d, Dataset)), datasets)
            error = TypeError('Invalid input to `zip`. Inputs are expected to be (nested) structures of '
                              '`tf.data.Dataset` objects but encountered object of type %s.' % type(bad))
            error.add_note('Dataset.zip: expected datasets (or a tuple / dict of them), got %r' % (datasets,))
            raise error
        dataset_name(name)
        spec = lambda: nest.pack_sequence_as(datasets, [d.element_spec for d in members])
        result = Dataset(combine.zipped(datasets), card.of_zip([d._length for d in members]), spec)
        result._zipped = members
        return result

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """Endless int64 random values in [0, 2**32): TensorFlow's (the words of its Philox stream,
        seeded as ``shuffle`` is). With ``rerandomize_each_iteration`` each iteration draws new values.
        """
        words = mixing.seeded_words(seed, rerandomize_each_iteration)
        dataset_name(name)

        def values():
            return (np.int64(w) for w in words())
        return Dataset(values, card.INFINITE_CARDINALITY, lambda: TensorSpec((), 'int64'))

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Each element from one of ``datasets``, drawn with probabilities ``weights`` (default equal).

        An exhausted dataset leaves the draw (or ends it, with ``stop_on_empty_dataset``).
        """
        datasets = mixing.check_datasets(datasets, 'Dataset.sample_from_datasets')
        if not isinstance(weights, Dataset):
            kept, logits = mixing.check_weights(weights, len(datasets))
            alone = mixing.only_sampled_dataset(datasets, weights, kept)
            if alone is not None:
                return alone
        spec = mixing.common_spec(datasets)
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        words = mixing.seeded_words(seed, rerandomize_each_iteration)
        if isinstance(weights, Dataset):        # a weight vector per element, as rejection_resample gives
            stream = mixing.sampled_by_dataset(datasets, weights, words, stop_on_empty_dataset)
        else:
            stream = mixing.sampled([datasets[i] for i in kept], logits, words, stop_on_empty_dataset)
        infinite = all(d._length == card.INFINITE_CARDINALITY for d in datasets)
        return Dataset(stream, card.INFINITE_CARDINALITY if infinite else card.UNKNOWN_CARDINALITY, lambda: spec)

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None, name=None):
        """``(class, element)`` pairs resampled towards ``target_dist``, as tf.data's (rejection_resample.py)."""
        function_argument(class_func, 'class_func', 'Dataset.rejection_resample')
        dataset_name(name)
        return rejection_resample.rejection_resample(self, class_func, target_dist, initial_dist, seed)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Element i from ``datasets[choice_i]``, where ``choice_dataset`` gives int64 scalars choice_i."""
        datasets = mixing.check_datasets(datasets, 'Dataset.choose_from_datasets')
        mixing.check_choices(choice_dataset)
        spec = mixing.common_spec(datasets)
        stream = mixing.chosen(datasets, choice_dataset, stop_on_empty_dataset)
        return Dataset(stream, card.UNKNOWN_CARDINALITY, lambda: spec)

    # ---- files (saving.py) -----------------------------------------------------------
    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Run the dataset once and write its elements under the directory ``path`` (see ``load``)."""
        from .saving import save
        save(self, path, compression, shard_func, checkpoint_args)

    @staticmethod
    def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
        """The dataset ``save`` wrote at ``path``."""
        from .saving import load
        return load(path, element_spec, compression, reader_func, wait)

    def snapshot(self, path, compression='AUTO', reader_func=None, shard_func=None, name=None):
        """The same elements; the first full pass is written to ``path`` and later passes read it."""
        from .saving import snapshot
        dataset_name(name)          # TF's first stage, enumerate(name=name), checks it
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        return snapshot(self, path, compression, reader_func, shard_func)

    # ---- reading ---------------------------------------------------------------------
    def __iter__(self):
        iterator = DatasetIterator(self)
        frame = traced_for_loops.starts_graph_for_loop(sys._getframe(1)) if trace_names.ACTIVE else None
        if frame is not None:
            return traced_for_loops.body_turns(None, iterator, frame)      # autograph's loop: its body traced once
        return iterator

    def _tensor_elements(self):
        for element in self._make_iterator():
            yield as_tensors(element)

    def as_numpy_iterator(self):
        """The elements as numpy values (scalars as numpy scalars, strings as bytes), as TensorFlow gives them."""
        self._refuse_iterator()
        if not self._spec_reads_data():     # (else a nested dataset is refused at its element, _numpy_value)
            for spec in nest.flatten(self.element_spec):
                if isinstance(spec, DatasetSpec):
                    raise _nested_dataset_error()
        elements = (nest.map_structure(_numpy_value, element) for element in self._make_iterator())
        if makes_one_ahead(self):        # TF's injected prefetch (injected_prefetch.py)
            elements = one_ahead(elements)
        return NumpyIterator(elements, self)

    def reduce(self, initial_state, reduce_func, name=None):
        """``reduce_func(state, element)`` folded over the elements; returns the final state (tensors).

        Raises:
            TypeError: when reduce_func changes the state's structure or dtypes.
        """
        function_argument(reduce_func, 'reduce_func', 'Dataset.reduce')
        # traced once as TF's reduce traces it (a print shows once; a dtype clash is the trace's TypeError)
        reduce_func = traced_stage_function(reduce_func, self, takes_element=False)
        state = host_structure(initial_state)
        dataset_name(name)          # checked before the elements are read, as TF's
        count = len(nest.flatten(spec_of(state)))
        node = 'ReduceDataset_Targuments_0_Tstate_%d_output_types_%d' % (count, count)
        for element in _drained(self._make_iterator(), node, 'ReduceDataset'):
            returned = reduce_func(as_tensors(state), as_tensors(element))
            # a returned list is a tuple of components to tf.data (its _should_pack), never one stacked tensor
            new_state = host_structure(tuple(returned) if isinstance(returned, list) else returned)
            before, after = spec_of(state), spec_of(new_state)
            types_before = nest.map_structure(lambda s: s.dtype, before)
            types_after = nest.map_structure(lambda s: s.dtype, after)
            note = ('Dataset.reduce: reduce_func must keep the state\'s structure and dtypes; the initial state is '
                    '%r but reduce_func returned %r' % (before, after))
            count, returned_count = len(nest.flatten(before)), len(nest.flatten(after))
            if count != returned_count:         # the ReduceDataset kernel's words
                raise kernel_error('ReduceDataset', 'The number of components of the initial state and the reduce '
                                   'function output does not match. (initial_state=%d, output=%d).'
                                   % (count, returned_count), named=True, note=note,
                                   node='ReduceDataset_Targuments_0_Tstate_%d_output_types_%d' % (count, count))
            if nest.flatten(types_before) != nest.flatten(types_after):
                error = TypeError(f'The element types for the new state must match the initial state. Expected '
                                  f'{types_before} but got {types_after}.')       # TF's words
                error.add_note(note)
                raise error
            state = in_state_structure(state, new_state)
        return as_tensors(state)

    def get_single_element(self, name=None):
        """The one element of this dataset (as tensors).

        Raises:
            ValueError: when it has no element or more than one.
        """
        dataset_name(name)
        components = len(nest.flatten(self.element_spec))       # the kernel node's name counts them
        iterator = _drained(self._make_iterator(), 'DatasetToSingleElement_output_types_%d' % components,
                            'DatasetToSingleElement')
        first, second = next(iterator, _NONE), next(iterator, _NONE)
        if first is _NONE or second is not _NONE:
            raise kernel_error('DatasetToSingleElement', 'Dataset was empty.' if first is _NONE else
                               'Dataset had more than one element.', named=True,
                               node='DatasetToSingleElement_output_types_%d' % components)
        return as_tensors(first)

    @property
    def element_spec(self):
        """The TensorSpec structure of one element."""
        if self._spec is not None:
            return self._spec()
        with peeking():          # the read must not spend a shuffle's next seeds (iteration_seeds.py)
            first = next(iter(self._make_iterator()), None)
        if first is None:
            raise ValueError('Dataset.element_spec: this dataset (made by map or flat_map) gives no elements, '
                             'so the spec of its elements cannot be read from them')
        return spec_of(first)

    def cardinality(self):
        """The number of elements as an int64 tensor; -1 infinite, -2 unknown."""
        return constant(self._length, dtype='int64')

    def __len__(self):
        if self._length in (card.INFINITE_CARDINALITY, card.UNKNOWN_CARDINALITY):    # TF's words, then why
            infinite = self._length == card.INFINITE_CARDINALITY
            error = TypeError('The dataset is infinite.' if infinite else 'The dataset length is unknown.')
            error.add_note('len(dataset): ' + ('it repeats forever; use take(n)' if infinite else
                           'filter, from_generator or flat_map leave it unknown; iterate it or use cardinality()'))
            raise error
        return self.cardinality()       # TF 2.21 returns the int64 tensor (len() reads it through __index__)

    def __bool__(self):
        return True

    def __repr__(self):
        # TF prints the spec of every stage (window's DatasetSpec, scan's outputs); where tapeflow reads
        # it from the first element (peeking: no shuffle seeds spent), an empty input leaves it unread
        try:
            spec = self.element_spec
        except ValueError:
            spec = '(read from data)'
        return '<%s element_spec=%s>' % (self._tf_class, spec)


def _named_as_datasetv2(cls):
    """The public methods of ``cls`` and its stage mixins, named as TensorFlow's class defines them, so that
    Python's own errors read as there ('DatasetV2.batch() missing 1 required positional argument')."""
    for klass in cls.__mro__:
        if not klass.__module__.startswith(__package__):
            continue
        for name, member in vars(klass).items():
            function = getattr(member, '__func__', member)
            if not name.startswith('_') and getattr(function, '__qualname__', None) == klass.__name__ + '.' + name:
                function.__qualname__ = 'DatasetV2.' + name


_named_as_datasetv2(Dataset)
_NONE = object()
_ALWAYS, _NEVER = (lambda: True), (lambda: False)


def _slice_spec(component):
    """The spec of one slice of a from_tensor_slices component."""
    if is_sparse(component):
        return SparseTensorSpec(component.shape[1:], component.dtype)
    if is_ragged(component):
        return ragged_spec_without_batch(spec_of_ragged(component), 'Dataset.from_tensor_slices')
    return TensorSpec(component.shape[1:], component.dtype)


def _numpy_value(value):
    """A 0-d array (a stage's output) as the numpy scalar or bytes TensorFlow hands out; a sparse
    component as its dense array, as TF 2.21's as_numpy_iterator gives it."""
    if is_sparse(value):
        return _sparse_numpy(value)
    if is_ragged_row(value):       # a ragged slice's row: TF hands out the plain array (repr 'array([1, 2], ...)')
        return np.asarray(value)
    if is_ragged(value):           # a batch of ragged rows: RaggedTensor.numpy()'s object array of rows
        return value.numpy()
    if isinstance(value, Dataset):      # a window's datasets: TF refuses them when the iterator is made
        raise _nested_dataset_error()
    return value[()] if type(value) is np.ndarray and value.ndim == 0 else value


def _sparse_numpy(value):
    """TF 2.21's SparseTensor._numpy(), which as_numpy_iterator calls: zeros made with an *instance* of the
    numpy type (np.float32() is read as its dtype), so a string SparseTensor (a VarLenFeature(tf.string)
    parsed in a map) fails there with numpy's "TypeError: Cannot interpret '<object object at ...>' as a
    data type", as it does on TF."""
    dense = np.zeros(tuple(np.asarray(value.dense_shape).tolist()), dtype=value.dtype.as_numpy_dtype())
    for index, item in zip(np.asarray(value.indices), np.asarray(value.values)):
        dense[tuple(index)] = item
    return dense


def _owned(arrays, given):
    """``arrays`` (the host structure of ``given``) with a copy of each component that shares memory with a
    numpy array of ``given``: TensorFlow copies them into tensors, so a later write to the program's array
    leaves the dataset as it was made."""
    mutable = [leaf for leaf in nest.flatten(given) if isinstance(leaf, np.ndarray)]
    if not mutable:
        return arrays
    return nest.map_structure(lambda a: a.copy() if isinstance(a, np.ndarray) and
                              any(np.may_share_memory(a, m) for m in mutable) else a, arrays)


def _lists_of_arrays_kept(tensors):
    """A list component made only of numpy arrays of one dtype (``[np.arange(2), np.arange(2)]``) keeps that
    dtype, as TF 2.21's from_tensor_slices / from_tensors give it (int64, uint8; tf.constant gives int32).
    Lists of numpy scalars, Python numbers or mixed dtypes convert as tf.constant does (measured, p8.py)."""
    def kept(value):
        if type(value) is not list or not value:
            return value
        leaves, pending = [], list(value)
        while pending:
            item = pending.pop()
            if type(item) is list:
                pending.extend(item)
            elif type(item) is np.ndarray:
                leaves.append(item)
            else:
                return value
        if not leaves or len({leaf.dtype for leaf in leaves}) != 1 or leaves[0].dtype == object:
            return value
        try:
            return np.asarray(value, dtype=leaves[0].dtype)
        except ValueError:      # ragged: converted (and refused) as before
            return value
    if isinstance(tensors, dict):       # (tf.data's structures are tuples and dicts; a list is one component)
        return type(tensors)((k, _lists_of_arrays_kept(v)) for k, v in tensors.items())
    if type(tensors) is tuple:
        return tuple(_lists_of_arrays_kept(v) for v in tensors)
    return kept(tensors)


def _nested_dataset_error():
    error = TypeError("`tf.data.Dataset.as_numpy_iterator()` is not supported for datasets that produce values of "
                      "type <class 'tensorflow.python.data.ops.dataset_ops.DatasetV2'>")
    error.add_note('Dataset.as_numpy_iterator: the elements hold datasets (a window\'s); flat_map them first, '
                   'e.g. ds.window(n).flat_map(lambda w: w.batch(n))')
    return error


def _drained(iterator, node, op):
    """``iterator``'s elements; an IteratorGetNext error it raises is worded as the op draining it
    (TF 2.21 runs reduce / get_single_element as one kernel: iterator_errors.consumed_by)."""
    from ..errors import OpError
    from .iterator_errors import consumed_by
    while True:
        try:
            element = next(iterator)
        except StopIteration:
            return
        except OpError as error:
            renamed = consumed_by(error, node, op)
            if renamed is None:
                raise
            raise renamed from None
        yield element
