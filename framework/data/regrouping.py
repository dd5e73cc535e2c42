"""The Dataset stages that regroup elements: batching, windows, and nested datasets.

A mixin of ``Dataset`` (kept apart for size); the streams themselves live in
batching.py, windows.py and combine.py.
"""
import numpy as np

from .deterministic_warning import warn_if_unused
from .eager_functions_warning import warn_if_functions_run_eagerly
from .. import nest
from ..errors import noted
from . import batching, cardinality as card, combine, ragged_elements, windows
from .arguments import boolean, dataset_name, function_argument
from .rebatch_sizes import rebatch_sizes, static_batch_dim
from .construction_trace import trace_now
from .stage_function import traced_stage_function
from ..type_spec import SparseTensorSpec
from .spec import DatasetSpec, TensorSpec
from .sparse_elements import sparse_rows_combiner
from .structure import MAPPED_BATCH, call_with_element, known_batch_dim, stack, with_batch_dim, \
    without_batch_dim

# TensorFlow's words for rebatch on scalar elements
_SCALAR_REBATCH = ('Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset with scalar '
                   'elements. Fix the issue by adding the `batch` transformation to the dataset.')


def _fused_stack(identity_map):
    """``stack`` for a batch right after a map: TF fuses the two, unless the map hands its arguments
    back (``identity_map[0]``, known once the first element is mapped), which TF drops first."""
    def stack_mapped(elements):
        return stack(elements, 'Dataset.batch' if identity_map[0] else MAPPED_BATCH)
    return stack_mapped


class RegroupingStages:
    """batch, ragged_batch, padded_batch, unbatch, rebatch, window, group_by_window,
    bucket_by_sequence_length, flat_map, interleave and concatenate."""

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Stack consecutive elements into batches of ``batch_size`` (the last may be smaller)."""
        warn_if_unused(num_parallel_calls, deterministic)
        dataset_name(name)          # TF names the op before its kernel checks the size
        batch_size = batching.check_batch_size(batch_size, 'Dataset.batch')
        drop_remainder = boolean(drop_remainder, 'drop_remainder', 'Dataset.batch')
        # a batch right after a map is TF's fused MapAndBatch (its own words for rows that do not fit)
        mapped = self._tf_class in ('_MapDataset', '_ParallelMapDataset')
        combine = _fused_stack(getattr(self, '_identity_map', [False])) if mapped else stack
        rows = None if mapped else self.__dict__.get('_batch_rows')
        shuffled = None if mapped else self.__dict__.get('_shuffled_rows')
        if rows is not None:
            stream = batching.row_batches(rows, batch_size, drop_remainder)
        elif shuffled is not None:
            stream = batching.gathered_batches(*shuffled, batch_size, drop_remainder)
        else:
            stream = batching.batches(self._make_iterator, batch_size, drop_remainder, combine)
        spec = lambda: with_batch_dim(self.element_spec, batch_size if drop_remainder else None)
        batched = self._then(stream, card.of_batch(self._length, batch_size, drop_remainder), spec)
        batched._batch_size = batch_size      # tf.data's BatchDataset attribute, read by keras.utils.split_dataset
        if num_parallel_calls is not None:
            batched._tf_class = '_ParallelBatchDataset'
        return batched

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype='int64', name=None):
        """Batches in which each component of partly unknown shape becomes a RaggedTensor (ragged up to
        its last unknown axis, as TF's rule); components of fully known shape are stacked as batch does."""
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        element_spec = ragged_elements.sizes_seen(self, self.element_spec)
        marked = self._then(ragged_elements.marked_ragged(self._make_iterator, element_spec, row_splits_dtype),
                            self._length, lambda: ragged_elements.ragged_specs(element_spec, row_splits_dtype))
        return marked.batch(batch_size, drop_remainder)

    def sparse_batch(self, batch_size, row_shape, name=None):
        """Batches as SparseTensors of dense shape (batch,) + ``row_shape``, each element's every value an
        entry (elements of one tensor, no larger than ``row_shape``).

        Raises:
            TypeError: elements of several components.
            InvalidArgumentError / DataLossError (when read): an element of another rank / a larger one.
        """
        batch_size = batching.check_batch_size(batch_size, 'Dataset.sparse_batch')
        spec = self.element_spec
        if len(nest.flatten(spec)) != 1 or isinstance(spec, (tuple, list, dict)):
            raise TypeError('Dataset.sparse_batch: the elements must be single tensors, got spec %r' % (spec,))
        row_shape = [int(d) for d in (row_shape.as_list() if hasattr(row_shape, 'as_list') else row_shape)]
        combine_fn = sparse_rows_combiner(row_shape, 'Dataset.sparse_batch')
        stream = batching.batches(self._make_iterator, batch_size, False, combine_fn)
        return self._then(stream, card.of_batch(self._length, batch_size, False),
                          lambda: SparseTensorSpec([None] + row_shape, spec.dtype))

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        """Batches whose components are padded to ``padded_shapes`` (None dims: the batch's largest).

        Args:
            padded_shapes: a shape per component (None or -1 dims pad to the longest
                element in the batch); default: every dimension to the longest.
            padding_values: a scalar per component (or one for all); default 0 ('' for strings).
        Raises:
            ValueError: elements of different ranks, an element larger than its padded shape.
            TypeError: a padding value of another dtype than its component.
        """
        dataset_name(name)
        _check_known_ranks(self.element_spec, padded_shapes)
        batch_size = batching.check_batch_size(batch_size, 'Dataset.padded_batch', len(nest.flatten(self.element_spec)))
        drop_remainder = boolean(drop_remainder, 'drop_remainder', 'Dataset.padded_batch')
        element_spec = self.element_spec
        nest.map_structure(_check_tensor_component, element_spec)
        _check_padded_ranks(element_spec, padded_shapes)
        combine_fn = batching.padder(element_spec, padded_shapes, padding_values)
        spec = lambda: batching.padded_spec(element_spec, padded_shapes, batch_size if drop_remainder else None)
        stream = batching.batches(self._make_iterator, batch_size, drop_remainder, combine_fn)
        return self._then(stream, card.of_batch(self._length, batch_size, drop_remainder), spec)

    def unbatch(self, name=None):
        """Split each element's components along their first axis into separate elements."""
        spec = without_batch_dim(self.element_spec, 'Dataset.unbatch')     # TF refuses scalars here, not later
        dataset_name(name)
        # a static batch axis (batch(n, drop_remainder=True), from_tensor_slices of 3-D arrays) keeps the count
        # known, as TF's: Keras's fit then knows its steps (no "ran out of data" step at the epoch's end)
        length = card.of_unbatch(self._length, known_batch_dim(self.element_spec))
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        return self._then(batching.unbatched(self._make_iterator), length, lambda: spec)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The same rows in batches of ``batch_size`` (an int, or a list of sizes used in turn)."""
        warn_if_functions_run_eagerly()     # (TF makes this with a tf.data function)
        sizes, fixed = rebatch_sizes(batch_size)
        spec = without_batch_dim(self.element_spec, 'Dataset.rebatch', _SCALAR_REBATCH)
        spec = with_batch_dim(spec, static_batch_dim(fixed, self.element_spec, drop_remainder))
        stream = batching.rebatched(self._make_iterator, sizes, drop_remainder)
        # TF 2.21 counts no rebatch, not even of an infinite dataset (its cardinality is UNKNOWN, -2)
        return self._then(stream, card.UNKNOWN_CARDINALITY, lambda: spec)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of ``size`` elements as nested datasets (one per component), every ``shift`` elements."""
        dataset_name(name)          # TF names the op before its kernel checks the sizes
        shift = size if shift is None else shift
        stream = windows.windowed(self._make_iterator, size, shift, stride, drop_remainder, self._nested)
        length = card.of_window(self._length, size, shift, stride, drop_remainder)
        # TF's spec: a DatasetSpec per component, known without reading a window (also of an empty input)
        return self._then(stream, length, lambda: nest.map_structure(lambda s: DatasetSpec(_unnamed(s)),
                                                                     self.element_spec))

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Group elements by ``key_func`` into windows, each turned into a dataset by ``reduce_func``."""
        # TF wraps key_func in a function that calls it (the call fails), then checks reduce_func is callable
        note = 'Dataset.group_by_window: key_func and reduce_func must be functions'
        if not callable(key_func):
            error = TypeError("'%s' object is not callable" % type(key_func).__name__)
            error.add_note(note)
            raise error
        if not callable(reduce_func):
            error = ValueError('Argument `func` must be a callable. Received func=%s (of type %s)'
                               % (reduce_func, type(reduce_func)))
            error.add_note(note)
            raise error
        # TF traces its own wrappers of key_func and window_size_func, which call them unconverted
        key_func = traced_stage_function(key_func, self, refusal_of_result=windows.int64_scalar_refusal('key_func'),
                                         converted=False)
        if (window_size is None) != (window_size_func is None):     # (both or neither: grouped_by_window refuses)
            if window_size_func is None:        # TF's constant_window_func, checked as window_size_func's result
                window_size_func, window_size = (lambda size: lambda key: size)(window_size), None
            elif not callable(window_size_func):
                raise noted(TypeError("'%s' object is not callable" % type(window_size_func).__name__),
                            'Dataset.group_by_window: window_size_func must be a function of the key')
            window_size_func = traced_stage_function(window_size_func, self, takes_element=False,
                                                     refusal_of_result=windows.int64_scalar_refusal('window_size_func'),
                                                     arg_specs=lambda: [TensorSpec((), 'int64')],     # the key's
                                                     converted=False)
        dataset_name(name)
        stream = windows.grouped_by_window(self._make_iterator, key_func, reduce_func, window_size,
                                           window_size_func, self._nested_elements,
                                           lambda: len(nest.flatten(grouped.element_spec)))
        grouped = self._with_traced_spec(self._then(stream, card.UNKNOWN_CARDINALITY, None), reduce_func)
        trace_now(grouped, key_func, lambda: _trace_key_func(key_func, self))
        return grouped

    def _with_traced_spec(self, grouped, reduce_func, relax=None):
        """``grouped`` with TF's element_spec: reduce_func traced on a window of unknown length (a
        batch(4) of it has batch size None, not the first window's 4); ``relax`` then loosens it.
        A reduce_func that needs real elements for its spec (a map) is read from the first one."""
        peeked = type(grouped).element_spec.fget

        def spec():
            window = _variant(type(self)(lambda: iter(()), card.UNKNOWN_CARDINALITY, lambda: self.element_spec))
            try:
                traced = reduce_func(np.int64(0), window).element_spec
            except Exception:       # noqa: BLE001  (the first element's spec, as before)
                grouped._spec = None
                try:
                    return peeked(grouped)
                finally:
                    grouped._spec = spec
            return traced if relax is None else relax(traced)
        grouped._spec = spec
        return grouped

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                  padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                                  no_padding=False, drop_remainder=False, name=None):
        """Batches of elements of similar length: bucket i takes lengths in
        [bucket_boundaries[i-1], bucket_boundaries[i]) and batches bucket_batch_sizes[i] of them."""
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:       # TensorFlow's check and words
            raise ValueError('`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but '
                             '`len(bucket_batch_sizes)=%d` and `len(bucket_boundaries)=%d`.'
                             % (len(bucket_batch_sizes), len(bucket_boundaries)))
        boundaries = [int(b) for b in bucket_boundaries]      # TF takes them unsorted too (windows.bucket_key)
        windows.check_bucket_batch_sizes(bucket_batch_sizes)

        def batch_bucket(key, window):
            size = int(bucket_batch_sizes[int(key)])
            if no_padding:
                return window.batch(size, drop_remainder=drop_remainder)
            bound = None
            if pad_to_bucket_boundary:
                if int(key) == len(boundaries):
                    raise windows.past_last_boundary(int(key), boundaries, len(nest.flatten(self.element_spec)))
                bound = boundaries[int(key)] - 1
            shapes = windows.boundary_padded_shapes(padded_shapes, window.element_spec, bound)
            if bound is None and padded_shapes is None:
                shapes = None       # (the longest in each batch: a spec read from a first element may be too narrow)
            return window.padded_batch(size, shapes, padding_values, drop_remainder)
        grouped = self.group_by_window(windows.bucket_key(element_length_func, boundaries), batch_bucket,
                                       window_size_func=lambda key: bucket_batch_sizes[int(key)], name=name)
        # TF batches each bucket by a size looked up in a tensor, and pads an element's unknown axes
        # to a bucket's boundary likewise: those axes and the batch axis are of unknown size.
        if pad_to_bucket_boundary:      # the lengths padded_shapes (or the elements) know, None for the others
            bounded = windows.boundary_padded_shapes(padded_shapes, self.element_spec, None, flat=True)
            relax = lambda spec: nest.pack_sequence_as(spec, [TensorSpec([None] + b, s.dtype, s.name)
                                                              for s, b in zip(nest.flatten(spec), bounded)])
        else:
            relax = lambda spec: nest.map_structure(lambda s: TensorSpec([None] + s.shape.as_list()[1:], s.dtype,
                                                                         s.name), spec)
        return self._with_traced_spec(grouped, batch_bucket, relax)

    def flat_map(self, map_func, name=None):
        """The elements of the datasets ``map_func`` returns for each element, one dataset after another."""
        map_func = traced_stage_function(function_argument(map_func, 'map_func', 'Dataset.flat_map'), self)
        dataset_name(name)
        first = combine.FirstInner(self, map_func, 'Dataset.flat_map')
        flat = self._then(combine.flat_mapped(self._make_iterator, map_func), card.UNKNOWN_CARDINALITY, first.spec)
        flat._spec_reads_data = first.spec_reads_data
        trace_now(flat, map_func)           # (its spec is map_func's dataset's, for the first element)
        return flat

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """Elements of ``cycle_length`` of the datasets ``map_func`` returns, ``block_length`` at a time
        from each in turn (cycle_length default: what TensorFlow's kernels resolve it to, combine._cycle_length)."""
        warn_if_unused(num_parallel_calls, deterministic)
        map_func = traced_stage_function(function_argument(map_func, 'map_func', 'Dataset.interleave'), self)
        dataset_name(name)
        stream = combine.interleaved(self._make_iterator, map_func, cycle_length, block_length, num_parallel_calls)
        first = combine.FirstInner(self, map_func, 'Dataset.interleave')
        interleaved = self._then(stream, card.UNKNOWN_CARDINALITY, first.spec)
        interleaved._spec_reads_data = first.spec_reads_data
        if num_parallel_calls is not None:
            interleaved._tf_class = '_ParallelInterleaveDataset'
        trace_now(interleaved, map_func)
        return interleaved

    def concatenate(self, dataset, name=None):
        """This dataset's elements followed by ``dataset``'s.

        Raises:
            TypeError: when the two differ in structure or dtypes.
        """
        spec = combine.concatenated_spec(self.element_spec, dataset.element_spec)
        dataset_name(name)
        return self._then(combine.concatenated(self, dataset), card.of_concatenate(self._length, dataset._length),
                          lambda: spec)

    def _nested(self, values, index):
        """A dataset over a list of host values: component ``index`` of a window. Its spec is that
        component's in this dataset's element_spec, as TF's window gives it: windows of (None, 1)
        rows are datasets of (None, 1), whose batch(14) is (None, None, 1), not (14, 6, 1)."""
        return _variant(type(self)(lambda: iter(values), len(values),
                                   lambda: _unnamed(nest.flatten(self.element_spec)[index])))

    def _nested_elements(self, elements):
        return _variant(type(self)(lambda: iter(elements), len(elements), lambda: self.element_spec))


def _variant(window):
    """A window handed to the program prints as TensorFlow's (a dataset held in a variant tensor)."""
    window._tf_class = '_VariantDataset'
    return window


def _check_tensor_component(spec):
    """TF pads dense components only: a ragged or sparse one (padded_batch on from_tensor_slices of a
    RaggedTensor), or a nested dataset, is refused with TF's TypeError when the dataset is made."""
    if isinstance(spec, TensorSpec):
        return
    if isinstance(spec, DatasetSpec):
        raise TypeError('`padded_batch` is not supported for datasets of datasets')
    error = TypeError('`padded_batch` is only supported for datasets that produce tensor elements but type spec '
                      'of elements in the input dataset is not a subclass of TensorSpec: `%s`.' % (spec,))
    error.add_note('Dataset.padded_batch: use ragged_batch for ragged rows, or convert them with to_tensor() first')
    raise error


def _check_known_ranks(element_spec, padded_shapes):
    """TF 2.21 pads to the elements' own shapes only when each has a known rank (from_generator with
    output_types alone has none): else its ValueError when the dataset is made, naming the flat component."""
    if padded_shapes is not None:
        return
    for index, spec in enumerate(nest.flatten(element_spec)):
        shape = getattr(spec, 'shape', None)
        if shape is not None and shape.rank is None:
            raise noted(ValueError('You must provide `padded_shapes` argument because component %d has unknown rank.'
                                   % index), 'Dataset.padded_batch: give padded_shapes (e.g. [None]) for elements '
                                             'whose spec has no rank')


def _check_padded_ranks(element_spec, padded_shapes):
    """TF's check when the dataset is made (_is_padded_shape_compatible_with), component by component: a
    padded shape of another rank than its component's, or shorter than a length the spec knows."""
    if padded_shapes is None:
        return
    for shape, padded in _padded_pairs(element_spec, padded_shapes):
        if shape is None or shape.rank is None or padded is None:
            continue
        if len(padded) == shape.rank and all(p is None or d is None or p >= d for p, d in zip(padded, shape.as_list())):
            continue
        raise ValueError('The padded shape %s is not compatible with the shape %s of the corresponding input '
                         'component.' % (tuple(padded), tuple(shape.as_list())))


def _padded_pairs(spec, padded):
    """(the spec's shape, the padded shape as a tuple of ints and None) per component, where the padded shape
    is given as numbers (a TensorShape, a list; others, such as tensors, are checked as the batches are padded)."""
    from ..tensor_shape import TensorShape
    if isinstance(spec, dict) and isinstance(padded, dict):
        for key in spec:
            if key in padded:
                yield from _padded_pairs(spec[key], padded[key])
    elif isinstance(spec, (tuple, list)) and isinstance(padded, (tuple, list)) and len(spec) == len(padded):
        for one_spec, one_padded in zip(spec, padded):
            yield from _padded_pairs(one_spec, one_padded)
    elif hasattr(spec, 'shape') and not isinstance(spec, (tuple, list, dict)):
        if isinstance(padded, TensorShape):
            padded = None if padded.rank is None else padded.as_list()
        if isinstance(padded, (list, tuple)) and all(d is None or isinstance(d, (int, np.integer)) for d in padded):
            yield getattr(spec, 'shape', None), tuple(None if d is None or d == -1 else int(d) for d in padded)


def _unnamed(spec):
    """A window's component spec: TF 2.21's WindowDataset builds it anew, without the TensorSpec's name."""
    return TensorSpec(spec.shape, spec.dtype) if type(spec) is TensorSpec and spec.name is not None else spec


def _trace_key_func(key_func, upstream):
    """Trace group_by_window's ``key_func`` on ``upstream``'s first element, or zeros of its spec where it has
    none, as TensorFlow traces it when the stage is made (its errors are raised by group_by_window itself)."""
    from .map_spec import trace_on_first_element
    trace_on_first_element(upstream, lambda first: call_with_element(key_func, first))
