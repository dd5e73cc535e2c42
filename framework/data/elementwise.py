"""The Dataset stages that work element by element: map, filter, shuffle, take, scan, ...

A mixin of ``Dataset`` (kept apart for size). Each stage wraps the upstream
iterator factory in a generator and states its cardinality and element spec.
"""

import os
import warnings

import numpy as np

from .. import graph_random_ops, nest, op_seeds, philox, stateful_kernels
from ..tensor import Tensor, convert_to_tensor
from .. import random as tf_random
from ..errors import FailedPreconditionError, InvalidArgumentError, kernel_error, noted
from . import cardinality as card
from .deterministic_warning import warn_if_unused
from . import file_cache
from .memory_cache import memory_cached
from ..ops.bool_attributes import bool_attribute
from .construction_trace import trace_now
from .arguments import dataset_name, function_argument, integer, positive_int
from .experimental_deprecated import SHARD_HINT     # a shard count left to a distribution strategy
from .error_skipping import SkippedElement, skipping_errors, tolerated
from .iteration_seeds import IterationSeeds
from .map_spec import mapped_spec, shell, trace_on_first_element
from .options import Options, _OptionsGroup
from .prefetch_stage import one_ahead
from .spec import TensorSpec
from .stage_function import UNKNOWN_RANK, trace_refusal, traced_stage_function
from .traced_source_specs import with_traced_shapes
from .unique_elements import check_unique_spec, first_seen
from .structure import as_tensors, call_with_element, host_structure, spec_of

# TensorFlow's words when Dataset.options() is read in a graph (a tf.function being traced)
_GRAPH_OPTIONS_NOTICE = ('To make it possible to preserve tf.data options across serialization boundaries, their '
                         'implementation has moved to be part of the TensorFlow graph. As a consequence, the options '
                         'value is in general no longer known at graph construction time. Invoking this method in '
                         'graph mode retains the legacy behavior of the original implementation, but note that the '
                         'returned value might not reflect the actual value of the options.')


class ElementStages:
    """map, filter, take_while, enumerate, shuffle, repeat, take, skip, shard, scan, unique,
    prefetch, cache and apply."""

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """Apply ``map_func`` to each element (a tuple is passed as separate arguments)."""
        warn_if_unused(num_parallel_calls, deterministic)
        source = self._make_iterator
        function_argument(map_func, 'map_func', 'Dataset.map')
        if num_parallel_calls is not None:
            calls = integer(num_parallel_calls, 'num_parallel_calls', 'Dataset.map')     # tf.data.AUTOTUNE is -1
            if calls == 0 or calls < -1:        # the dataset kernel's words (no captured tensors: Targuments_0)
                raise kernel_error('ParallelMapDatasetV2', 'num_parallel_calls must be greater than zero.', named=True,
                                   node='ParallelMapDatasetV2_Targuments_0',
                                   note='Dataset.map: num_parallel_calls must be greater than zero (or '
                                        'tf.data.AUTOTUNE), got %d' % calls)
        stage_function = traced_stage_function(map_func, self)
        map_func = _returning_tuples(stage_function, num_parallel_calls is not None)
        dataset_name(name)
        first = []          # the first (element, result): the spec is read from it once it is there

        me = []             # the mapped dataset, for ignore_errors (error_skipping.py)
        identity = [False]  # whether map_func returned its arguments (TF's noop_elimination drops such a map)

        def mapped():
            for element in source():
                try:
                    if first:
                        out = call_with_element(map_func, element)
                    else:       # the first element also says whether map_func hands its arguments back
                        out, identity[0] = _call_noting_identity(map_func, element)
                except Exception as err:     # noqa: BLE001  (any error of map_func; ignore_errors drops it)
                    if tolerated(me[0]):
                        yield SkippedElement(err)
                        continue
                    raise
                out = _host_result(out, num_parallel_calls is not None)
                if not first:
                    first.append((shell(element), shell(out)))
                yield out
        upstream_reads = self._spec_reads_data
        read = []           # the spec read from upstream's first element, kept: each read runs map_func

        def spec():
            if first:
                return mapped_spec(map_func, self, first[0], stage_function)
            if not read:        # (a result that is no tensor: TF's trace refuses it in the same words)
                read.append(mapped_spec(lambda *args: _host_result(map_func(*args), num_parallel_calls is not None), self, stage=stage_function))
            return read[0]
        result = self._then(mapped, spec=spec)
        me.append(result)
        result._spec_reads_data = lambda: not first or upstream_reads()
        if num_parallel_calls is not None:
            result._tf_class = '_ParallelMapDataset'
        result._identity_map = identity
        trace_now(result, stage_function)
        return result

    def filter(self, predicate, name=None):
        """Keep the elements for which ``predicate`` is true."""
        source = self._make_iterator
        predicate = traced_stage_function(function_argument(predicate, 'predicate', 'Dataset.filter'), self)
        me = []             # the filtered dataset, for ignore_errors (error_skipping.py)
        dataset_name(name)

        def kept():
            for element in source():
                try:
                    keep = _truth(call_with_element(predicate, element), 'Dataset.filter', predicate)
                except Exception as err:     # noqa: BLE001  (any error of the predicate; ignore_errors drops it)
                    if tolerated(me[0]):
                        yield SkippedElement(err)
                        continue
                    raise
                if keep:
                    yield element
        me.append(self._then(kept, card.UNKNOWN_CARDINALITY))
        trace_now(me[0], predicate, lambda: _trace_predicate(predicate, self, 'Dataset.filter'))
        return me[0]

    def take_while(self, predicate, name=None):
        """The elements up to (not including) the first for which ``predicate`` is false."""
        predicate = traced_stage_function(function_argument(predicate, 'predicate', 'Dataset.take_while'), self)
        dataset_name(name)
        source = self._make_iterator

        def taken():
            for element in source():
                if not _truth(call_with_element(predicate, element), 'Dataset.take_while', predicate):
                    return
                yield element
        result = self._then(taken, card.UNKNOWN_CARDINALITY)
        trace_now(result, predicate, lambda: _trace_predicate(predicate, self, 'Dataset.take_while'))
        return result

    def enumerate(self, start=0, name=None):
        """(index, element) pairs, the index an int64 counting from ``start``."""
        source, start = self._make_iterator, integer(start, 'start', 'Dataset.enumerate')
        dataset_name(name)
        spec = lambda: (TensorSpec((), 'int64'), self.element_spec)
        return self._then(lambda: ((np.int64(i), e) for i, e in enumerate(source(), start)), spec=spec)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        """Shuffle with a buffer of ``buffer_size`` elements, in TensorFlow's order.

        The seeds are fixed when the stage is made (TensorFlow's op seeds, op_seeds.py). Each
        output is drawn from the buffer (refilled first) at ``word % count`` past its oldest
        element, which takes the drawn one's place (tf.data's ShuffleDataset). With
        ``reshuffle_each_iteration`` each iteration is seeded by the next two words of a
        stream seeded by the stage's seeds; otherwise every iteration repeats the first order.
        """
        dataset_name(name)
        if type(buffer_size) is int and buffer_size == card.UNKNOWN_CARDINALITY:
            buffer_size = None       # TF: a buffer as large as the input (any buffer that large gives its order)
        else:
            buffer_size = positive_int(buffer_size, 'buffer_size', 'Dataset.shuffle', (
                'ShuffleDatasetV3', 'buffer_size must be greater than zero or UNKNOWN_CARDINALITY'))
        bool_attribute(reshuffle_each_iteration, 'reshuffle_each_iteration')     # the op's attr: 'a' is refused
        if type(seed) is float:     # TF converts it to an int64 tensor, which refuses 2.0 (numpy floats pass)
            integer(seed, 'seed', 'Dataset.shuffle')
        seeds = op_seeds.seed_pair(seed, lambda: (0, 0))
        if seeds == (0, 0):          # nothing seeded: TensorFlow picks random seeds
            seeds = tuple(int(v) for v in tf_random.draw_seed_pair())
        if graph_random_ops.current() is not None:   # made in a dataset function: its seed generator is state
            stateful_kernels.note('DummySeedGenerator')
        source = self._make_iterator
        next_pair = IterationSeeds.from_op_seeds(seeds).next_pair

        def shuffled(source=source):
            pair = next_pair() if reshuffle_each_iteration else seeds
            words = philox.word_stream(*philox.key_counter_from_op_seeds(*pair))
            upstream, size = iter(source()), buffer_size
            if size is None:
                held = list(upstream)
                upstream, size = iter(held), max(1, len(held))
            buffer, start, end = [None] * size, 0, 0
            exhausted = False
            while True:
                while not exhausted and end - start < size:
                    element = next(upstream, _END)
                    if element is _END:
                        exhausted = True
                    else:
                        buffer[end % size] = element
                        end += 1
                if end == start:
                    return
                index = (start + next(words) % (end - start)) % size
                first = start % size
                yield buffer[index]
                buffer[index], buffer[first] = buffer[first], None
                start += 1
        result = self._then(shuffled)
        if reshuffle_each_iteration:
            result._discard_iteration = next_pair
        rows = self.__dict__.get('_batch_rows')
        if rows is not None:        # from_tensor_slices' arrays: a batch after this shuffles row numbers, then gathers
            count = len(rows[0]) if type(rows) is tuple else len(rows)
            result._shuffled_rows = rows, lambda: shuffled(lambda: iter(range(count)))
        return result

    def repeat(self, count=None, name=None):
        """The elements ``count`` times over (forever for None or -1)."""
        source = self._make_iterator
        count = None if count is None else integer(count, 'count', 'Dataset.repeat')
        dataset_name(name)

        def repeated():
            n = 0
            while count is None or count < 0 or n < count:
                given = 0
                for given, element in enumerate(source(), 1):
                    yield element
                n += 1
                # TF's ForeverIterator (count None / < 0) ends when its first pass is empty, not a later one
                if n == 1 and not given and (count is None or count < 0):
                    return
        return self._then(repeated, card.of_repeat(self._length, count))

    def take(self, count, name=None):
        """The first ``count`` elements (all of them for -1)."""
        source, count = self._make_iterator, integer(count, 'count', 'Dataset.take')
        dataset_name(name)
        taken = source if count < 0 else lambda: (e for _, e in zip(range(count), source()))
        return self._then(taken, card.of_take(self._length, count))

    def skip(self, count, name=None):
        """All but the first ``count`` elements (none for -1)."""
        source, count = self._make_iterator, integer(count, 'count', 'Dataset.skip')
        dataset_name(name)

        def skipped():
            if count < 0:       # TF's SkipDataset makes an EmptyIterator: the input is not read (an endless one ends)
                return
            for i, element in enumerate(source()):
                if count <= i:
                    yield element
        return self._then(skipped, card.of_skip(self._length, count))

    def shard(self, num_shards, index, name=None):
        """Every ``num_shards``-th element, starting at ``index``."""
        num_shards, index = integer(num_shards, 'num_shards', 'Dataset.shard'), integer(index, 'index', 'Dataset.shard')
        dataset_name(name)
        if num_shards == SHARD_HINT:
            # (TF's cardinality is the kernel's C++ n / -1 + 0: -n for a known size)
            hinted = self._then(_hint_shard_iterator, -self._length if card.is_known(self._length) else self._length)
            hinted._iterator_refusal = _hint_shard_refusal
            return hinted
        if not 0 <= index < num_shards:
            # the ShardDataset kernel's words
            text = ('Number of shards must be greater than zero (currently num_shards = %d).' % num_shards
                    if num_shards <= 0 else
                    'Index must be between 0 and %d (currently index = %d).' % (num_shards - 1, index))
            raise kernel_error('ShardDataset', text, named=True,
                               note='Dataset.shard: index must lie in [0, num_shards)')
        source = self._make_iterator
        sharded = lambda: (e for i, e in enumerate(source()) if i % num_shards == index)
        return self._then(sharded, card.of_shard(self._length, num_shards, index))

    def scan(self, initial_state, scan_func, name=None):
        """A running state: ``scan_func(state, element)`` returns (new state, output element)."""
        function_argument(scan_func, 'scan_func', 'Dataset.scan')
        # traced once as TF's scan traces it, as reduce's function is: a Python print shows once, with graph
        # tensors, and scan_func's errors are the trace's (StagingError, op_def_library's words)
        state_leaves = len(nest.flatten(initial_state))
        scan_func = traced_stage_function(scan_func, self, takes_element=False, arg_specs=lambda: (
            [None] * state_leaves + nest.flatten(self.element_spec)))
        dataset_name(name)
        source = self._make_iterator

        def scanned():
            state = host_structure(initial_state)
            for element in source():
                state, out = _scan_step(scan_func, state, element)
                yield out
        result = _with_traced_outputs(self._then(scanned, spec=None), scan_func)
        trace_now(result, scan_func, lambda: _trace_scan(scan_func, initial_state, self))
        return result

    def unique(self, name=None):
        """The elements with repeats dropped (first occurrences, in order); one int32 / int64 / string tensor."""
        try:
            spec = self.element_spec
        except ValueError:          # (no element to read a map's spec from: nothing to check, nothing to give)
            spec = None
        if spec is not None:
            check_unique_spec(spec, lambda: dataset_name(name))
        else:
            dataset_name(name)
        return self._then(first_seen(self._make_iterator), card.UNKNOWN_CARDINALITY)

    def apply(self, transformation_func):
        """``transformation_func(self)``, for chaining."""
        dataset = transformation_func(self)
        if not hasattr(dataset, '_make_iterator'):
            raise TypeError('`transformation_func` must return a `tf.data.Dataset` object. Got %s.' % type(dataset))
        return dataset

    def prefetch(self, buffer_size, name=None):
        """The same elements, each made one before it is asked for, as tf.data's prefetch thread
        has it ready (prefetch_stage.py). ``buffer_size`` is checked as TensorFlow checks it (>= 0,
        or -1 for AUTOTUNE; None means AUTOTUNE, which make_csv_dataset's default
        prefetch_buffer_size=None relies on)."""
        checked = None if buffer_size is None else integer(buffer_size, 'buffer_size', 'Dataset.prefetch')
        dataset_name(name)          # TF names the op before its kernel checks the size
        if checked is not None and checked < -1:
            raise kernel_error('PrefetchDataset', 'buffer_size must be >= 0 or set buffer_size to be -1 for '
                               'auto-tuning', named=True,
                               note='Dataset.prefetch: got buffer_size=%d; -1 is tf.data.AUTOTUNE' % buffer_size)
        source = self._make_iterator
        result = self._then(lambda: one_ahead(source()))
        result._prefetch_buffer = buffer_size      # how far Keras's steps read ahead (layers/training/read_ahead.py)
        return result

    def with_options(self, options, name=None):
        """The same elements, carrying ``options`` (a ``tf.data.Options``; read back by ``options()``).
        tapeflow's stages have nothing to tune, so the settings change no element."""
        if not isinstance(options, Options):
            # TF 2.21 serializes the argument first: anything else fails as options._to_proto()
            if options is Options:
                error = TypeError("Options._to_proto() missing 1 required positional argument: 'self'")
            else:
                error = AttributeError("'%s' object has no attribute '_to_proto'" % type(options).__name__)
            raise noted(error, 'Dataset.with_options: expected a tf.data.Options(), got %r' % (options,))
        # TF's merge takes a group the caller set (options.autotune) into the dataset's options as it is
        # where those leave it unset, and freezes them: changing it afterwards is options()'s ValueError
        dataset_name(name)
        current = self._chained_options()
        for key, group in options._values.items():
            if isinstance(group, _OptionsGroup) and group._set_values():
                mine = current._values.get(key)
                if mine is None or not mine._set_values():
                    group._freeze()
        result = self._then(self._make_iterator)
        result._options = Options().merge(options)      # a copy: later top-level settings do not reach it
        return result

    def options(self):
        """The ``tf.data.Options`` set on this dataset and the datasets it reads, merged (later wins); frozen,
        as TF's (setting one is its ValueError: the object is a copy)."""
        from framework import executing_eagerly
        if not executing_eagerly():         # TF 2.21's notice, for a call while a tf.function traces
            warnings.warn(_GRAPH_OPTIONS_NOTICE)
        return self._chained_options()._freeze()

    def _chained_options(self):
        chain, stage = [], self
        while stage is not None:
            chain.append(getattr(stage, '_options', None))
            stage = getattr(stage, '_upstream', None)
        merged = Options()
        for options in reversed(chain):
            if options is not None:
                merged = merged.merge(options)
        return merged

    def ignore_errors(self, log_warning=False, name=None):
        """Drop the elements whose map or filter function (the stage just above) raised; with
        ``log_warning`` each dropped error is logged to the 'tensorflow' logger."""
        bool_attribute(log_warning, 'log_warning')      # the dataset op's bool attribute: 3 or 'x' is refused
        return self._then(skipping_errors(self, log_warning), card.UNKNOWN_CARDINALITY)

    def cache(self, filename='', name=None):
        """Keep the elements in memory after the first full pass, or in TensorFlow's cache files
        '<filename>.index' / '.data-00000-of-00001' (file_cache.py)."""
        if not isinstance(filename, (str, bytes, os.PathLike)) and not (
                hasattr(filename, 'dtype') and getattr(filename.dtype, 'name', '') == 'string'):
            raise noted(TypeError('Cannot convert %r to EagerTensor of dtype string' % (filename,)),    # TF's words
                        'Dataset.cache: filename is a string (a file to cache into, or "" for memory), got %s'
                        % type(filename).__name__)
        dataset_name(name)
        path = filename.numpy() if hasattr(filename, 'numpy') else os.fsdecode(filename)
        path = path.decode() if isinstance(path, bytes) else path
        source = self._make_iterator
        cached, stored = memory_cached(source, self._length)
        if path:
            return self._then(file_cache.file_cached(source, lambda: self.element_spec, path, cached))
        result = self._then(cached)
        # An iterator of a complete cache reads only memory (TF's MemoryReaderIterator), so an
        # iterator Keras makes and drops (Dataset._skip_iteration) draws no upstream shuffle seeds.
        result._reads_upstream = lambda: not stored
        return result



def _scan_step(scan_func, state, element):
    """(new state, output element) of ``scan_func`` on ``state`` (host values) and ``element``, with TF's checks
    of what it returned."""
    result = scan_func(as_tensors(state), as_tensors(element))
    if not isinstance(result, (tuple, list)) or len(result) != 2:      # TF's words, then why
        raise noted(TypeError('Invalid `scan_func`. `scan_func` should return a pair consisting of new '
                              'state and the output value but its return type is %r.'
                              % (spec_of(host_structure(result)),)),
                    'Dataset.scan: scan_func must return (new_state, output_element)')
    new_state = host_structure(result[0])
    _check_scan_state(state, new_state)
    return in_state_structure(state, new_state), host_structure(result[1])


def _trace_scan(scan_func, initial_state, upstream):
    """Trace ``scan_func`` on the initial state and ``upstream``'s first element, or zeros of its spec where it has
    none, as TensorFlow traces it when Dataset.scan makes the stage (its errors are raised by scan itself)."""
    trace_on_first_element(upstream, lambda first: _scan_step(scan_func, host_structure(initial_state), first))


def _with_traced_outputs(scanned, scan_func):
    """``scanned`` whose spec, read from its first element, has None for the lengths scan_func's trace
    leaves open in the output element (TF's spec is the trace's: a tf.fill([x], s) output is (None,))."""
    peeked = type(scanned).element_spec.fget

    def spec():
        scanned._spec = None
        try:
            data_spec = peeked(scanned)
        finally:
            scanned._spec = spec
        shapes = scan_func.traced_shapes() or []
        count = len(nest.flatten(data_spec))
        shapes = shapes[-count:] if len(shapes) >= count else None
        if shapes is None or UNKNOWN_RANK not in shapes:
            return with_traced_shapes(data_spec, shapes)
        # an output of unknown rank in the trace (an element of unknown rank handed on) is TensorSpec(<unknown>)
        opened = with_traced_shapes(data_spec, [None if shape is UNKNOWN_RANK else shape for shape in shapes])
        leaves = [TensorSpec(None, leaf.dtype, leaf.name) if shape is UNKNOWN_RANK and type(leaf) is TensorSpec
                  else leaf for leaf, shape in zip(nest.flatten(opened), shapes)]
        return nest.pack_sequence_as(data_spec, leaves)
    scanned._spec = spec
    return scanned


def in_state_structure(state, new_state):
    """``new_state`` as TF 2.21 hands it to the next step: its flat tensors packed into the initial state's
    structure, so a dict of other keys ({'b': ...} for {'a': ...}) is read under the initial keys. Only
    dict structures are repacked (a returned list stays the tuple tf.data makes of it)."""
    if (_holds_dict(state) or _holds_dict(new_state)) and len(nest.flatten(state)) == len(nest.flatten(new_state)):
        return nest.pack_sequence_as(state, nest.flatten(new_state))
    return new_state


def _holds_dict(value):
    return isinstance(value, dict) or (isinstance(value, (tuple, list)) and any(_holds_dict(v) for v in value))


def _check_scan_state(state, new_state):
    """TF 2.21's check of scan's new state (made when its trace is): the initial state's dtypes.

    Raises:
        TypeError: another dtype for some component (TF's words).
    """
    old_types = nest.map_structure(lambda s: s.dtype, spec_of(state))
    new_types = nest.map_structure(lambda s: s.dtype, spec_of(new_state))
    if any(a != b for a, b in zip(nest.flatten(new_types), nest.flatten(old_types))):
        raise noted(TypeError('Invalid `scan_func`. The element types for the new state must match the initial '
                              'state. Expected %s, got %s.' % (old_types, new_types)),
                    'Dataset.scan: cast the new state to the initial state\'s dtypes')


def _call_noting_identity(map_func, element):
    """``call_with_element(map_func, element)``, and whether it returned its arguments unchanged (as
    ``lambda x: x`` or ``lambda x, y: (x, y)`` do)."""
    args = as_tensors(element)
    spread = isinstance(args, tuple) and not hasattr(args, '_fields')
    out = map_func(*args) if spread else map_func(args)
    given, returned = nest.flatten(args), nest.flatten(out)
    return out, len(given) == len(returned) and all(a is b for a, b in zip(given, returned))


def _hint_shard_refusal():
    """``shard(SHARD_HINT, i)`` outside a strategy: TF 2.21 makes the dataset and refuses its iterator."""
    return kernel_error('MakeIterator', '`tf.data.Dataset.shard(SHARD_HINT, ...)` can only be used in '
                        '`tf.distribute.Strategy.experimental_distribute_dataset()` with '
                        '`tf.data.experimental.AutoShardPolicy.HINT` policy, or tf.data service with '
                        '`tf.data.experimental.service.ShardingPolicy.HINT` processing mode.', named=True,
                        error_class=FailedPreconditionError,
                        note='Dataset.shard: num_shards=-1 is tf.data.experimental.SHARD_HINT, for a distribution '
                             'strategy to fill in; give a positive number of shards to shard here')


def _hint_shard_iterator():
    raise _hint_shard_refusal()


def _returning_tuples(map_func, parallel=False):
    """``map_func`` whose returned list is a tuple, as tf.data takes it (its _should_pack): the list of a
    ``numpy_function`` is rarely stackable, so it is never stacked into one tensor (nested lists are).
    A function that returns nothing is refused in the map kernel's words (``_no_outputs``)."""
    def call(*args, **kwargs):
        out = map_func(*args, **kwargs)
        if out is None or (type(out) in (tuple, list, dict) and not out):
            raise _no_outputs(out, parallel)
        return tuple(out) if isinstance(out, list) else out
    return call


def _host_result(out, parallel):
    """A map function's result with host values; one that cannot be a tensor is refused with TF's TypeError
    (its trace of map_func reads the return value's spec), whether read for the spec or an element. A
    structure of Nones alone ({'a': None}) flattens to no component in TF: the kernel's no-output error."""
    try:
        return host_structure(out)
    except (TypeError, ValueError) as error:
        if all(leaf is None for leaf in nest.flatten(out)):
            raise _no_outputs(out, parallel) from None
        raise noted(TypeError('Unsupported return value from function passed to Dataset.map(): %s.' % (out,)),
                    'Dataset.map: map_func must return tensors, arrays, numbers or strings (or tuples / dicts of '
                    'them), not %s' % _kind_of(out)) from error


def _kind_of(out):
    """The type of the first part of a map function's result that cannot be a tensor."""
    for leaf in nest.flatten(out):
        try:
            host_structure(leaf)
        except (TypeError, ValueError):
            return type(leaf).__name__
    return type(out).__name__


# the kernels' op definitions, as TensorFlow 2.21 prints them when a map function returns no tensor
_MAP_OPS = {
    False: ('MapDataset', 'input_dataset:variant, other_arguments: -> handle:variant; attr=f:func; '
                          'attr=Targuments:list(type),min=0; attr=output_types:list(type),min=1; '
                          'attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:bool,default=true; '
                          'attr=preserve_cardinality:bool,default=false; attr=force_synchronous:bool,default=false; '
                          'attr=metadata:string,default=""'),
    True: ('ParallelMapDatasetV2', 'input_dataset:variant, other_arguments:, num_parallel_calls:int64 -> '
                                   'handle:variant; attr=f:func; attr=Targuments:list(type),min=0; '
                                   'attr=output_types:list(type),min=1; attr=output_shapes:list(shape),min=1; '
                                   'attr=use_inter_op_parallelism:bool,default=true; '
                                   'attr=deterministic:string,default="default"; '
                                   'attr=preserve_cardinality:bool,default=false; '
                                   'attr=use_unbounded_threadpool:bool,default=false; attr=metadata:string,default=""'),
}


def _no_outputs(out, parallel):
    """TensorFlow's error for a map function with no outputs (None, or an empty tuple, list or dict): the
    dataset op's attribute check; which attribute it names was measured (None and () name the types)."""
    op, signature = _MAP_OPS[parallel]
    attr = 'output_types' if out is None or type(out) is tuple else 'output_shapes'
    return trace_refusal(noted(InvalidArgumentError("Length for attr '%s' of 0 must be at least minimum 1\n\t; NodeDef: {{node %s}}; "
                                      'Op<name=%s; signature=%s> [Op:%s] name: ' % (attr, op, op, signature, op)),
                 'Dataset.map: map_func returned %r; it must return a tensor or a structure of tensors (a missing '
                 '`return`?)' % (out,)))


def _predicate_error(spec_text, what):
    # take_while's words lack filter's comma and the space before the spec (TF 2.21's take_while_op.py)
    if what == 'Dataset.take_while':
        return ValueError('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return type '
                          'is%s.' % spec_text)
    return ValueError('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type '
                      'is %s.' % spec_text)


def _trace_predicate(predicate, upstream, what):
    """Trace ``predicate`` (of ``what``: filter's or take_while's) on ``upstream``'s first element, or zeros of its
    spec where it has none (TensorFlow traces it on the spec when the stage is made), with the check of what it
    returned."""
    trace_on_first_element(upstream, lambda first: _truth(call_with_element(predicate, first), what, predicate))


def _truth(value, what, stage=None):
    """``value`` (the predicate's result) as a Python bool. ``stage``: the traced predicate
    (stage_function.py), whose trace gives the shape TensorFlow's error names."""
    if value is None:       # TensorFlow's spec of a None result
        raise noted(_predicate_error('NoneTensorSpec()', what), '%s: the predicate returned None' % what)
    if isinstance(value, (tuple, list, dict)):
        # TF 2.21 asks the traced output structure is_compatible_with(TensorSpec([], tf.bool)); a tuple (a
        # returned list becomes one) or a dict has no such method, so its AttributeError is what users see
        raise noted(AttributeError("'%s' object has no attribute 'is_compatible_with'"
                                   % ('dict' if isinstance(value, dict) else 'tuple')),
                    '%s: the predicate must return one tf.bool scalar, it returned %r' % (what, value))
    flag = np.asarray(value)
    if flag.shape != () or flag.dtype != np.bool_:
        # TensorFlow's words (it reads the traced predicate's spec; a Python 1 is an int32 scalar): a
        # batch's comparison is (None,) there, the batch size being open in the trace
        returned = value if isinstance(value, Tensor) else convert_to_tensor(value)
        traced = stage.traced_shapes() if stage is not None else None
        shape = traced[0] if traced and len(traced) == 1 and isinstance(traced[0], tuple) \
            and len(traced[0]) == returned.ndim else tuple(returned.shape)
        raise noted(_predicate_error(repr(TensorSpec(tuple(shape), returned.dtype)), what),
                    '%s: the predicate returned %r' % (what, value))
    return bool(flag)


_END = object()      # the end of an upstream iterator
