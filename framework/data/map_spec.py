"""The element spec of ``Dataset.map``: read from the first element, with the batch kept unknown.

TensorFlow traces ``map_func`` on the input's spec, so a batch dimension that is None there
(``batch`` without ``drop_remainder``, ``timeseries_dataset_from_array``) stays None in what
the function returns: the time-series tutorial prints ``(TensorSpec(shape=(None, 6, 5), ...), ...)``
and a model built from the spec shows ``(None, ...)`` in its summary. tapeflow runs the function
on the first element instead; its result's leading size is given back as None wherever it is
the input's unknown batch size (unless the function's trace fixes it: ``set_shape([2, None])``), and
any length the function's trace leaves open (a string split into its characters, a boolean mask's
rows: stage_function.py records the traced shapes) is None too.
"""
import numpy as np

from .. import nest
from ..ragged.ragged_spec import RaggedTensorSpec
from .iteration_seeds import peeking
from ..tensor_shape import TensorShape
from ..type_spec import SparseTensorSpec
from .spec import DatasetSpec, TensorSpec
from .stage_function import UNKNOWN_RANK
from .structure import call_with_element, host_structure, spec_of


def mapped_spec(map_func, upstream, first_pair=None, stage=None):
    """The spec of ``upstream.map(map_func)``, from ``first_pair`` (an element and its result,
    once the stage has mapped one) or from mapping upstream's first element; ``stage`` (the stage
    function, stage_function.py) gives the lengths its trace leaves open or closes.

    Raises:
        ValueError: the dataset has no element to read the spec from.
    """
    if first_pair is not None:
        first, result = first_pair
    else:
        with peeking():          # a read for the spec spends no shuffle seeds nor random states (iteration_seeds.py)
            first = next(iter(upstream._make_iterator()), None)
            if first is None:
                return _spec_without_elements(map_func, upstream, stage)
            result = host_structure(call_with_element(map_func, first))
    traced = stage.traced_shapes() if stage is not None else None
    spec = _with_open_lengths(spec_of(result), traced)
    batch = _unknown_batch_size(upstream.element_spec, first)
    if batch is None:
        return spec
    leaves = nest.flatten(spec)
    if not traced or len(traced) != len(leaves) or not stage.batch_traced():
        traced = [None] * len(leaves)
    # a leading length the trace knows (set_shape([2, None]) on a batch, tf.reshape(v, [2, 3]),
    # tf.zeros((2,))) is TensorFlow's spec too; the others' batch size is the first element's
    return nest.pack_sequence_as(spec, [leaf if _leading_known(shape) else _unknown_leading(leaf, batch)
                                        for leaf, shape in zip(leaves, traced)])


def _leading_known(shape):
    return shape is not None and shape is not UNKNOWN_RANK and len(shape) > 0 and shape[0] is not None


def _with_open_lengths(spec, traced):
    """``spec`` with None for each length the function's trace leaves open (``traced``: one shape or
    None per leaf): ``tf.strings.unicode_split`` of a scalar gives ``(None,)`` on TensorFlow, whatever
    the first string's length (the keras.io captcha OCR's labels batch to ``(None, None)``)."""
    leaves = nest.flatten(spec)
    if not traced or len(traced) != len(leaves):
        return spec
    opened = []
    for leaf, shape in zip(leaves, traced):
        if shape is UNKNOWN_RANK and isinstance(leaf, TensorSpec):     # tf.py_function's output: TensorSpec(<unknown>)
            leaf = TensorSpec(None, leaf.dtype, leaf.name)
        elif (shape is not None and None in shape and isinstance(leaf, TensorSpec) and leaf.shape.rank is not None
                and len(leaf.shape) == len(shape)):
            leaf = TensorSpec(tuple(None if open_ is None else d for d, open_ in zip(leaf.shape, shape)),
                              leaf.dtype, leaf.name)
        elif (isinstance(leaf, RaggedTensorSpec) and shape is not None and shape is not UNKNOWN_RANK and shape
                and None in shape and leaf.shape.rank):     # (rows the trace counts at run time: a concat's)
            # (and a uniform level as long as open rows: tf.expand_dims(x, 0) of a ragged batch is [1, None, None])
            dims = tuple(leaf.shape) if leaf.shape.rank == len(shape) else (leaf.shape[0],)
            dims = tuple(None if open_ is None else d for d, open_ in zip(dims, shape)) + tuple(leaf.shape)[len(dims):]
            leaf = RaggedTensorSpec(dims, leaf.dtype, leaf.ragged_rank, leaf.row_splits_dtype, leaf._flat_values_spec)
        elif (shape is not None and isinstance(leaf, SparseTensorSpec) and leaf.shape.rank is not None
                and leaf.shape.rank == len(shape)):
            leaf = SparseTensorSpec(TensorShape(tuple(None if open_ is None else d
                                                      for d, open_ in zip(leaf.shape.as_list(), shape))), leaf.dtype)
        opened.append(leaf)
    return nest.pack_sequence_as(spec, opened)


def _spec_without_elements(map_func, upstream, stage=None):
    """An empty input's map spec, from one call on zeros (empty strings) of the input's spec, as TensorFlow
    reads it from a trace: a TFRecordDataset of a file left empty, mapped by parse_single_example, still
    prints its spec there. Only for inputs whose shapes are all known, and a function that runs on zeros.

    Raises:
        ValueError: neither holds.
    """
    refusal = ValueError('Dataset.element_spec: this dataset (made by map) gives no elements, so the spec of its '
                         'elements cannot be read from them')
    stand_in = stand_in_element(upstream)
    if stand_in is None:
        raise refusal
    try:
        spec = spec_of(host_structure(call_with_element(map_func, stand_in)))
    except Exception:
        raise refusal from None
    # the lengths the function's trace leaves open (tf.fill([v], v) of a 0 stood in: (None,), not (0,))
    spec = _with_open_lengths(spec, stage.traced_shapes() if stage is not None else None)
    leaves = nest.flatten(upstream.element_spec)
    if any(len(s.shape) and s.shape[0] is None for s in leaves):        # an unknown batch: 0 rows stood in
        return nest.map_structure(lambda s: _unknown_leading(s, 0), spec)
    return spec


def trace_on_first_element(upstream, trace):
    """``trace(element)`` on ``upstream``'s first element, or on zeros of its spec where it has none, as TensorFlow
    traces a stage's function when the stage is made (its errors raised then); nothing where neither is known. The
    read and the trace spend no shuffle seeds nor random states."""
    with peeking():
        first = next(iter(upstream._make_iterator()), None)
        if first is None:
            first = stand_in_element(upstream)
            if first is None:
                return
        trace(first)


def stand_in_element(upstream):
    """An element of zeros (empty strings) of ``upstream``'s spec, for a stage function to be called on where
    the dataset has no element to read (TF traces it on the spec); None unless every component is a tensor
    whose shape is known but for its first axis (which stands in as 0 long)."""
    leaves = nest.flatten(upstream.element_spec)
    if not leaves or not all(isinstance(s, DatasetSpec) or isinstance(s, TensorSpec) and s.shape.rank is not None
                             and None not in tuple(s.shape)[1:] for s in leaves):
        return None
    return nest.pack_sequence_as(upstream.element_spec, [_empty_dataset(upstream, s) if isinstance(s, DatasetSpec)
                                                         else _zeros(s) for s in leaves])


def _empty_dataset(upstream, spec):
    """A window's stand-in: a dataset of no elements of the window's component spec."""
    empty = type(upstream)(lambda: iter(()), 0, lambda: spec.element_spec)
    empty._tf_class = '_VariantDataset'
    return empty


def _zeros(spec):
    shape = tuple(0 if n is None else n for n in spec.shape)
    if spec.dtype.name == 'string':
        return b'' if not shape else np.full(shape, b'', dtype=object)
    return np.zeros(shape, spec.dtype.as_numpy_dtype)


def shell(element):
    """``element`` with each array replaced by a zero-memory stand-in of its shape and dtype
    (what the spec is read from), so a stage can keep its first element without its data."""
    def one(value):
        if isinstance(value, (np.ndarray, np.generic)):
            return np.broadcast_to(np.zeros((), value.dtype), np.shape(value))
        return value
    return nest.map_structure(one, element)


def _unknown_batch_size(upstream_spec, first):
    """The first element's size along a leading axis its spec leaves None (else None)."""
    specs, values = nest.flatten(upstream_spec), nest.flatten(first)
    for spec, value in zip(specs, values):
        shape = getattr(spec, 'shape', None)
        if isinstance(spec, TensorSpec) and shape.rank and shape[0] is None \
                and getattr(value, 'ndim', 0) > 0:
            return value.shape[0]
        if isinstance(spec, RaggedTensorSpec) and shape.rank and shape[0] is None and hasattr(value, 'nrows'):
            return int(value.nrows())       # (a batch of ragged rows: ds.batch(2) of ragged elements)
    return None


def _unknown_leading(spec, batch):
    if isinstance(spec, RaggedTensorSpec):
        # tf.strings.split of a batch of lines: TensorFlow's spec is RaggedTensorSpec([None, None], ...)
        shape = spec.shape
        if shape.rank and shape[0] == batch:
            return RaggedTensorSpec((None,) + tuple(shape[1:]), spec.dtype, spec.ragged_rank, spec.row_splits_dtype,
                                    spec._flat_values_spec)
        return spec
    if not isinstance(spec, TensorSpec) or spec.shape.rank in (None, 0) or spec.shape[0] != batch:
        return spec
    return TensorSpec((None,) + tuple(spec.shape[1:]), spec.dtype, spec.name)
