"""Batching stages: batch, padded_batch, unbatch and rebatch as element streams.

Each function takes the upstream iterator factory and returns a new one;
``Dataset`` wraps them with their cardinality and element spec.
"""
import itertools

import numpy as np

from .. import nest
from ..errors import DataLossError, noted, shown_as
from .arguments import positive_int
from .ragged_elements import is_ragged, ragged_row
from .sparse_elements import is_sparse, sparse_row
from .spec import TensorSpec
from .structure import stack, to_host, with_batch_dim
from ..tensor_shape import SHAPE_SEQUENCES, TensorShape, partial_shape_error


class PaddingTooSmallError(DataLossError, ValueError):
    """An element larger than padded_shapes: TensorFlow's DataLossError from the iterator (also the
    ValueError tapeflow raised before)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows DataLossError there
shown_as(PaddingTooSmallError, DataLossError)


def check_batch_size(batch_size, what, components=1):
    """``batch_size`` as an int > 0; else TensorFlow's error for ``what`` (whose elements have
    ``components`` tensors: padded_batch's kernel node is named by them)."""
    text = 'Batch size must be greater than zero.'
    kernel = ('BatchDatasetV2', text) if what == 'Dataset.batch' else \
        ('PaddedBatchDatasetV2', text, 'PaddedBatchDatasetV2_N_%d_Toutput_types_%d' % (components, components)) \
        if what == 'Dataset.padded_batch' else None
    return positive_int(batch_size, 'batch_size', what, kernel)


def batches(source, batch_size, drop_remainder, combine):
    """Groups of ``batch_size`` consecutive elements, each combined by ``combine(list)``."""
    def grouped():
        buffer = []
        for element in source():
            buffer.append(element)
            if len(buffer) == batch_size:
                yield combine(buffer)
                buffer = []
        if buffer and not drop_remainder:
            yield combine(buffer)
    return grouped


def row_batches(arrays, batch_size, drop_remainder):
    """``batches`` of a from_tensor_slices dataset of numeric ``arrays`` (one array or a flat tuple of them):
    copies of their row ranges, which are what stacking each ``batch_size`` rows gives, without a Python
    step per row (the (x, y) slices of most programs)."""
    flat_tuple = type(arrays) is tuple
    length = len(arrays[0]) if flat_tuple else len(arrays)
    end = length - length % batch_size if drop_remainder else length

    def grouped():
        for start in range(0, end, batch_size):
            rows = slice(start, start + batch_size)
            yield tuple(a[rows].copy() for a in arrays) if flat_tuple else arrays[rows].copy()
    return grouped


def gathered_batches(arrays, row_numbers, batch_size, drop_remainder):
    """``batches`` of a shuffle of a from_tensor_slices dataset of numeric ``arrays``: the shuffle's order drawn
    over row numbers (``row_numbers()``: an iteration of it), each ``batch_size`` of them gathered at once."""
    flat_tuple = type(arrays) is tuple

    def gather(numbers):
        return tuple(a[numbers] for a in arrays) if flat_tuple else arrays[numbers]
    return batches(row_numbers, batch_size, drop_remainder, gather)


def _row(component, i):
    return sparse_row(component, i) if is_sparse(component) else ragged_row(component, i) if is_ragged(component) \
        else component[i]


def unbatched(source, what='Dataset.unbatch'):
    def rows():
        for element in source():
            leaves = nest.flatten(element)
            shapes = [tuple(a.shape) if is_sparse(a) or is_ragged(a) else np.shape(a) for a in leaves]
            if any(len(shape) == 0 for shape in shapes):
                raise ValueError('%s: cannot unbatch an input with scalar components; got shapes %s' % (what, shapes))
            sizes = {shape[0] for shape in shapes}
            if len(sizes) > 1:
                raise ValueError('%s: the components of a batch have different first dimensions %s'
                                 % (what, sorted(sizes)))
            for i in range(sizes.pop()):
                yield nest.pack_sequence_as(element, [_row(a, i) for a in leaves])
    return rows


def rebatched(source, batch_size, drop_remainder):
    """Unbatch, then batch again with ``batch_size`` (an int, or a list of sizes taken in turn)."""
    sizes = [batch_size] if isinstance(batch_size, (int, np.integer)) else list(batch_size)
    sizes = [check_batch_size(s, 'Dataset.rebatch') for s in sizes]
    rows = unbatched(source, 'Dataset.rebatch')

    def regrouped():
        buffer, cycle = [], itertools.cycle(sizes)
        want = next(cycle)
        for row in rows():
            buffer.append(row)
            if len(buffer) == want:
                yield stack(buffer, 'Dataset.rebatch')
                buffer, want = [], next(cycle)
        if buffer and not drop_remainder:
            yield stack(buffer, 'Dataset.rebatch')
    return regrouped


def padder(element_spec, padded_shapes, padding_values):
    """``combine`` for padded_batch: pads each component to the given (or largest) shape."""
    specs = nest.flatten(element_spec)
    shapes = _shapes(padded_shapes, element_spec)
    values = _per_component(padding_values, element_spec, 'padding_values', is_leaf=np.isscalar)
    if shapes is None:
        shapes = [None] * len(specs)
    if values is None:
        values = [None] * len(specs)
    values = [_padding_value(v, s.dtype, k) for k, (v, s) in enumerate(zip(values, specs))]

    def combine(elements):
        rows = [nest.flatten(e) for e in elements]
        padded = [_pad_component([row[k] for row in rows], shapes[k], values[k], k, len(specs))
                  for k in range(len(specs))]
        return nest.pack_sequence_as(elements[0], padded)
    return combine


def padded_spec(element_spec, padded_shapes, batch_dim):
    """The element spec of padded_batch: each component's padded shape behind the batch dimension."""
    flat = nest.flatten(element_spec)
    shapes = _shapes(padded_shapes, element_spec) or [None] * len(flat)
    out = [TensorSpec(s.shape if shape is None else tuple(None if d is None or d == -1 else int(d) for d in shape),
                      s.dtype) for s, shape in zip(flat, shapes)]
    return with_batch_dim(nest.pack_sequence_as(element_spec, out), batch_dim)


def _pad_component(parts, target, value, k, components):
    ranks = {np.ndim(p) for p in parts}
    if len(ranks) > 1:
        raise ValueError('Dataset.padded_batch: component %d has elements of different ranks %s (shapes %s); '
                         'padding changes sizes, not ranks' % (k, sorted(ranks), [np.shape(p) for p in parts]))
    rank = ranks.pop()
    if target is not None and len(target) != rank:
        raise ValueError('Dataset.padded_batch: padded_shapes %s for component %d has rank %d but its '
                         'elements have shape %s' % (tuple(target), k, len(target), np.shape(parts[0])))
    largest = np.max([np.shape(p) for p in parts], axis=0) if rank else ()
    full = tuple(int(m) if target is None or target[d] is None or target[d] == -1 else int(target[d])
                 for d, m in enumerate(largest))
    for p in parts:
        if any(s > f for s, f in zip(np.shape(p), full)):
            # TF 2.21's words; its iterator node is named after the number of tensors in an element
            error = PaddingTooSmallError('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:'
                                         'localhost/replica:0/task:0/device:CPU:0}} Attempted to pad to a smaller size '
                                         'than the input element. [Op:IteratorGetNext] name: ' % components)
            error.add_note('Dataset.padded_batch: cannot pad component %d to a smaller size than its element: '
                           'element shape %s, padded shape %s' % (k, np.shape(p), full))
            raise error
    out = np.full((len(parts),) + full, value, dtype=np.asarray(parts[0]).dtype)
    for i, p in enumerate(parts):
        # a scalar's value, not its 0-d array: a string (object) batch would hold the arrays themselves
        out[(i,) + tuple(slice(0, s) for s in np.shape(p))] = p if rank else np.asarray(p)[()]
    return out


def _padding_value(value, dtype, k):
    if value is None:
        return b'' if dtype == object else np.zeros((), dtype)[()]      # (strings are bytes, as TF gives them)
    array = to_host(value)          # Python numbers take TensorFlow's dtypes: int32, float32
    if array.ndim != 0:         # TF 2.21's words; tapeflow's as a note
        raise noted(ValueError('Invalid `padding_values`. `padding_values` values should be scalars, but got %s.'
                               % (TensorShape(array.shape),)),
                    'Dataset.padded_batch: padding value for component %d must be a scalar, got shape %s'
                    % (k, array.shape))
    if array.dtype != dtype:        # TF 2.21's words; tapeflow's as a note
        names = ['string' if t == object else np.dtype(t).name for t in (array.dtype, dtype)]
        raise noted(TypeError("Invalid `padding_values`. `padding_values` values type <dtype: '%s'> does not match "
                              "type <dtype: '%s'> of the corresponding input component." % tuple(names)),
                    'Dataset.padded_batch: padding value for component %d has dtype %s but the component has '
                    'dtype %s; give a value of that dtype (e.g. np.%s(%r))'
                    % (k, names[0], names[1], names[1], array.item()))
    return array[()]


def _per_component(given, element_spec, what, is_leaf):
    """``given`` as one entry per component; a lone value applies to every component."""
    if given is None:
        return None
    if not isinstance(element_spec, (tuple, dict)):
        if what == 'padding_values' and isinstance(given, (tuple, list, dict)) and not hasattr(given, 'dtype'):
            # TF maps the values up to its default padding value for the one component: a numpy value, or ''
            shown = 'str' if getattr(element_spec, 'dtype', None) == 'string' else 'ndarray'
            if isinstance(given, list) and not any(isinstance(v, (tuple, list, dict)) for v in given):
                return [given]      # (a list of numbers is one value: its shape is refused as TF's)
            raise noted(TypeError('If shallow structure is a sequence, input must also be a sequence. Input has '
                                  "type: '%s'." % shown),
                        'Dataset.padded_batch: the elements have one component; give one padding value, got %r'
                        % (given,))
        return [given]
    if is_leaf(given) or hasattr(given, 'dtype'):
        return [given] * len(nest.flatten(element_spec))
    return _flatten_upto(element_spec, given, what)


def _nest_pair(what, given, element):
    """(input, shallow) as TF 2.21's nest names them: padded_shapes is flattened up to the element spec,
    the element spec up to padding_values."""
    return (element, given) if what == 'padding_values' else (given, element)


def _flatten_upto(structure, given, what):
    hint = 'Dataset.padded_batch: `%s` %r does not match the element structure %r' % (what, given, structure)
    if isinstance(structure, (tuple, dict)) and isinstance(given, (tuple, list, dict)) \
            and isinstance(given, dict) != isinstance(structure, dict):       # TF 2.21's nest words
        raise noted(TypeError("The two structures don't have the same sequence type. Input structure has type '%s', "
                              "while shallow structure has type '%s'."
                              % tuple(type(v).__name__ for v in _nest_pair(what, given, structure))), hint)
    if isinstance(structure, dict):
        if not isinstance(given, dict):
            raise ValueError(hint)
        if len(given) != len(structure):
            raise noted(ValueError("The two structures don't have the same sequence length. Input structure has "
                                   'length %d, while shallow structure has length %d.'
                                   % tuple(len(v) for v in _nest_pair(what, given, structure))), hint)
        if set(given) != set(structure):
            raise noted(ValueError("The two structures don't have the same keys. Input structure has keys %s, while "
                                   'shallow structure has keys %s.'
                                   % tuple(sorted(v) for v in _nest_pair(what, given, structure))), hint)
        return [x for key in sorted(structure) for x in _flatten_upto(structure[key], given[key], what)]
    if isinstance(structure, tuple):
        if not isinstance(given, (tuple, list)):
            raise ValueError(hint)
        if len(given) != len(structure):        # TF 2.21's nest words; tapeflow's as a note
            # TF flattens padded_shapes up to the element spec, but the element spec up to padding_values
            lengths = (len(structure), len(given)) if what == 'padding_values' else (len(given), len(structure))
            raise noted(ValueError("The two structures don't have the same sequence length. Input structure has "
                                   'length %d, while shallow structure has length %d.' % lengths), hint)
        return [x for s, g in zip(structure, given) for x in _flatten_upto(s, g, what)]
    return [given]


def _is_shape(value):
    return (isinstance(value, (list, tuple)) and all(d is None or isinstance(d, (int, np.integer))
                                                     for d in value)) or hasattr(value, 'as_list') \
        or _is_length(value)


def _is_length(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _shapes(padded_shapes, element_spec):
    """One padded shape per component; a lone int is the length of a vector (TF's as_shape(5) is [5]).

    As TF's nest.flatten_up_to, a tuple or dict element takes a tuple or dict of shapes: a list or a
    number there is one leaf, refused (TF 2.21 raises for padded_shapes=[4, 5] of a pair)."""
    if padded_shapes is None:
        return None
    if isinstance(element_spec, (tuple, dict)):
        if not isinstance(padded_shapes, (tuple, dict)):
            raise TypeError("If shallow structure is a sequence, input must also be a sequence. Input has type: "
                            "'%s'." % type(padded_shapes).__name__)
        shapes = _flatten_upto(element_spec, padded_shapes, 'padded_shapes')
    else:
        shapes = [padded_shapes]
    for shape in shapes:
        _check_padded_shape(shape)
    return [(int(s),) if _is_length(s) else s for s in shapes]


def _check_padded_shape(shape):
    """TF 2.21's refusals of a padded shape that is no vector of lengths (None or -1: the largest)."""
    if isinstance(shape, float):
        raise ValueError('Padded shape %r must be a `tf.int64` vector tensor, but its shape was ().' % shape)
    if isinstance(shape, TensorShape) and shape.rank is None:      # TF converts it to a vector, which has no length
        raise noted(partial_shape_error(shape), 'Dataset.padded_batch: give padded_shapes a known rank, e.g. [None]')
    if isinstance(shape, SHAPE_SEQUENCES):
        if any(isinstance(d, float) for d in shape):
            raise TypeError('Padded shape %s must be a `tf.int64` vector tensor, but its element type was float32.'
                            % (list(shape),))
        bad = next((d for d in shape if _is_length(d) and d < -1), None)
        if bad is not None:
            raise noted(ValueError('Dimension %d must be >= 0' % bad),
                        'Dataset.padded_batch: padded_shapes %r: each length must be >= 0, or -1 / None for the '
                        "batch's largest" % (shape,))
