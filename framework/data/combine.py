"""Stages that combine datasets: zip, concatenate, flat_map and interleave (tf.data's orders)."""
import os

import numpy as np

from .. import nest
from .arguments import int64_argument
from ..errors import kernel_error, noted
from .spec import TensorSpec
from .iteration_seeds import peeking
from .structure import call_with_element


def zipped(datasets):
    """Elements of ``datasets`` (any structure of Datasets) side by side, until one runs out."""
    members = nest.flatten(datasets)

    def elements():
        iterators = [d._make_iterator() for d in members]
        for items in zip(*iterators):
            yield nest.pack_sequence_as(datasets, list(items))
    return elements


def concatenated(first, second):
    def elements():
        yield from first._make_iterator()
        yield from second._make_iterator()
    return elements


def concatenated_spec(a, b):
    """The spec covering both datasets' elements; TypeError if structures or dtypes differ."""
    flat_a, flat_b = nest.flatten(a), nest.flatten(b)
    same_structure = len(flat_a) == len(flat_b) and _structure(a) == _structure(b)
    if not same_structure or any(x.dtype != y.dtype for x, y in zip(flat_a, flat_b)):
        raise _incompatible(a, b)
    common = [_common(x, y) for x, y in zip(flat_a, flat_b)]
    if any(c is None for c in common):      # TF 2.21 prints both whole element specs
        raise _incompatible(a, b)
    return nest.pack_sequence_as(a, common)


def flat_mapped(source, map_func, what='Dataset.flat_map'):
    def elements():
        for element in source():
            yield from _inner(map_func, element, what)._make_iterator()
    return elements


class FirstInner:
    """flat_map's / interleave's output spec: that of the dataset ``map_func`` returns for the first
    input element. TF traces map_func and takes its dataset's element_spec, so a window's
    ``w.batch(6)`` gives ``(None,)`` (batch without drop_remainder), not the ``(6,)`` of the first
    element read; a later ``batch(1, drop_remainder=True)`` is then ``(1, None)``, as in TF, and
    Keras weighs the loss by a batch size it cannot know before the batch (unfed_step.py)."""
    __slots__ = ('upstream', 'map_func', 'what', '_dataset')

    def __init__(self, upstream, map_func, what):
        self.upstream, self.map_func, self.what, self._dataset = upstream, map_func, what, None

    def _inner(self):
        if self._dataset is None:
            first = next(iter(self.upstream._make_iterator()), None)
            if first is None:
                # no element: map_func called on zeros of the input's spec, as TF traces it on the spec
                from .map_spec import stand_in_element
                try:
                    first = stand_in_element(self.upstream)
                except ValueError:          # (an input whose own spec needs an element)
                    first = None
            if first is None:
                raise ValueError('%s: this dataset gives no elements, so the spec of its elements cannot be '
                                 'read from them' % self.what)
            self._dataset = _inner(self.map_func, first, self.what)
        return self._dataset

    def spec(self):
        with peeking():      # TF only traces map_func: no seeds spent, no prints
            return self._inner().element_spec

    def spec_reads_data(self):
        """Whether that spec came from data (a dataset made from the element's values) rather than
        from specs alone (a window's batch): a map after it then runs on data to find its spec."""
        with peeking():
            return self._inner()._spec_reads_data()


def interleaved(source, map_func, cycle_length, block_length, num_parallel_calls=None):
    """tf.data's interleave: ``cycle_length`` inner datasets read ``block_length`` elements in turn.

    An exhausted slot hands the turn on and is refilled from the input the
    next time the cycle reaches it, exactly the order TensorFlow produces.
    """
    cycle_length, block_length, num_parallel_calls = _kernel_sizes(cycle_length, block_length, num_parallel_calls)
    fixed_cycle = cycle_length != AUTOTUNE
    cycle_length = _cycle_length(cycle_length, num_parallel_calls)

    def elements():
        if not fixed_cycle and num_parallel_calls not in (None, AUTOTUNE) and num_parallel_calls > cycle_length:
            # the cycle TF resolves from AUTOTUNE (at most the cores) is checked when the iterator is made
            raise kernel_error('MakeIterator', _MORE_CALLS_THAN_CYCLE % (num_parallel_calls, cycle_length)
                               + '\n\t [[{{node ParallelInterleaveDatasetV4/_9}}]]', named=True)
        inputs = source()
        slots = [None] * cycle_length
        index, in_block, open_count, inputs_done = 0, 0, 0, False
        while not inputs_done or open_count:
            if slots[index] is not None:
                try:
                    value = next(slots[index])
                except StopIteration:
                    slots[index], open_count = None, open_count - 1
                    index, in_block = (index + 1) % cycle_length, 0
                    continue
                yield value
                in_block += 1
                if in_block == block_length:
                    index, in_block = (index + 1) % cycle_length, 0
            elif not inputs_done:
                element = next(inputs, _END)
                if element is _END:
                    inputs_done = True
                else:
                    slots[index] = _inner(map_func, element, 'Dataset.interleave')._make_iterator()
                    open_count += 1
            else:
                index, in_block = (index + 1) % cycle_length, 0
    return elements


AUTOTUNE = -1
_MORE_CALLS_THAN_CYCLE = ('If `cycle_length` is set to a fixed value, `num_parallel_calls` must be either '
                          '`tf.data.AUTOTUNE` or a value less than or equal to `cycle_length`. However, '
                          '`num_parallel_calls` is %d and `cycle_length` is %d')


def _kernel_sizes(cycle_length, block_length, num_parallel_calls):
    """interleave's sizes as TF 2.21 reads them when the dataset is made: converted to int64 tensors in
    argument order (TypeError / ValueError), then checked in its kernel's order, InterleaveDataset's
    (cycle_length, block_length) or ParallelInterleaveDatasetV4's (block_length, num_parallel_calls,
    cycle_length, then more calls than a fixed cycle), each refused in that kernel's words."""
    parallel = num_parallel_calls is not None
    cycle = AUTOTUNE if cycle_length is None else int64_argument(cycle_length, 'cycle_length', 'Dataset.interleave')
    block = 1 if block_length is None else int64_argument(block_length, 'block_length', 'Dataset.interleave')
    calls = int64_argument(num_parallel_calls, 'num_parallel_calls', 'Dataset.interleave') if parallel else None
    op = 'ParallelInterleaveDatasetV4' if parallel else 'InterleaveDataset'

    def check(name, value, ok, text):
        if isinstance(value, np.ndarray):
            text, ok = '%s must be a scalar' % name, lambda v: False
        if not ok(value):
            raise kernel_error(op, text, named=True, node=op + '_Targuments_0',
                               note='Dataset.interleave: %s must be a positive integer (or tf.data.AUTOTUNE for '
                                    'cycle_length and num_parallel_calls), got %r' % (name, value))
    cycle_ok = lambda v: v > 0 or v == AUTOTUNE
    if not parallel:
        check('cycle_length', cycle, cycle_ok, 'cycle_length must be greater than zero.')
        check('block_length', block, lambda v: v > 0, 'block_length must be greater than zero.')
        return cycle, block, None
    check('block_length', block, lambda v: v > 0, '`block_length` must be > 0')
    check('num_parallel_calls', calls, cycle_ok, 'num_parallel_calls must be greater than zero.')
    check('cycle_length', cycle, cycle_ok,
          '`cycle_length` must be `tf.data.AUTOTUNE` or greater than 0 but is %s' % cycle)
    check('num_parallel_calls', calls, lambda v: AUTOTUNE in (cycle, v) or v <= cycle,
          _MORE_CALLS_THAN_CYCLE % (calls, cycle))
    return cycle, block, calls


_END = object()
_CYCLE_PREFETCH_FACTOR = 2       # tf.data's kDefaultCyclePrefetchFactor


def _cycle_length(cycle_length, num_parallel_calls):
    """The cycle length tf.data's kernels resolve an unset (AUTOTUNE) one to: the schedulable cores
    for a plain interleave; with ``num_parallel_calls=AUTOTUNE``, one per (1 + prefetch factor)
    cores, rounded up (1 on a 2-core machine: the tf.data performance guide's parallel interleave
    reads its two inputs one after the other there); with a number, that number up to the cores."""
    if cycle_length not in (None, AUTOTUNE):
        return int(cycle_length)
    cores = schedulable_cores()
    if num_parallel_calls is None:
        return cores
    if int(num_parallel_calls) == -1:
        return -(-cores // (_CYCLE_PREFETCH_FACTOR + 1))
    return min(int(num_parallel_calls), cores)


def schedulable_cores():
    """TensorFlow's port::MaxParallelism: the cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _inner(map_func, element, what):
    result = call_with_element(map_func, element)
    if not hasattr(result, '_make_iterator'):
        hint = '%s: map_func must return a Dataset, got %s' % (what, type(result).__name__)
        if hasattr(result, 'dtype') and hasattr(result, 'shape'):
            # TF 2.21 fails reading the traced tensor's name before its own check
            raise noted(AttributeError("'Tensor' object has no attribute '_name'"), hint)
        kind = tuple if isinstance(result, list) else type(result)      # tf.data structures hold lists as tuples
        raise noted(TypeError('The `map_func` argument must return a `Dataset` object. Got %r.' % (kind,)), hint)
    return result


def _structure(value):
    return nest.map_structure(lambda _: 0, value)


def _incompatible(a, b):
    """TF 2.21's TypeError text (the two specs on one line after the first), tapeflow's hint as a note."""
    error = TypeError('Incompatible dataset elements:\n  %r vs.   %r' % (a, b))
    error.add_note('Dataset.concatenate: both datasets need the same structure and dtypes')
    return error


def _common(x, y):
    """The spec covering components ``x`` and ``y``; None when they cannot meet (spec classes, ragged ranks)."""
    if type(x) is not type(y) or getattr(x, 'name', None) != getattr(y, 'name', None):
        return None         # TF 2.21's most_specific_common_supertype: TensorSpecs of other names do not meet
    unknown = x.shape is None or y.shape is None or x.shape.rank is None or y.shape.rank is None \
        or len(x.shape) != len(y.shape)
    shape = None if unknown else tuple(a if a == b else None for a, b in zip(x.shape, y.shape))
    if type(x).__name__ == 'SparseTensorSpec':      # sparse and ragged components keep their spec class
        return type(x)(shape, x.dtype)
    if type(x).__name__ == 'RaggedTensorSpec':
        if x.ragged_rank != y.ragged_rank:
            return None
        return type(x)(shape, x.dtype, x.ragged_rank, x.row_splits_dtype)
    return TensorSpec(shape, x.dtype, x.name)
