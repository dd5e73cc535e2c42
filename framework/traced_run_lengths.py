"""TF 2.21's shape functions for ops whose output lengths come from value arguments (tile's multiples, pad's
paddings, one_hot's depth, sequence_mask's maxlen, eye's sizes, a reshape's or a fill's target): a length is
open where only the graph's run gives its value, folded where the trace knows it (``tf.shape(x)[1]`` of a
(None, 4) ``x`` is 4)."""
import numbers

import numpy as np

from . import runtime_values, trace_names, traced_shape_values
from .tensor import Tensor
from .tensor_shape import SHAPE_SEQUENCES
from .traced_shape_values import partial_vector as _partial_vector
from .traced_shape_reads import input_shape, is_open, keras_or_tf, length_product, tensors_in, traced_shape


def argument_lengths_open(parameters, trace, shape):
    """``shape`` with None for each length given by one of the trace's arguments: its value is only
    known when the graph runs (``Dataset.map(lambda x: tf.fill([x], x))`` is ``(None,)`` on TF 2.21)."""
    dims = parameters.get('shape', parameters.get('dims'))
    if isinstance(dims, Tensor):
        stacked = traced_shape_values.known_values(trace, dims)
        if stacked is not None and len(stacked) == len(shape):
            return tuple(None if k is None else n for k, n in zip(stacked, shape))
        return (None,) * len(shape) if trace_names.is_argument(trace, dims) else shape
    if type(dims) not in (list, tuple) or len(dims) != len(shape):
        return shape
    return tuple(None if isinstance(d, Tensor) and runtime_values.known_at_run(trace, d) else n
                 for d, n in zip(dims, shape))


def has_run_lengths(parameters, trace):
    """Whether a reshape's target, a list, holds a length only the graph's run gives (``[n, -1]``, n an
    argument or computed from one, a loop body's ``i + 1``)."""
    target = parameters.get('shape', parameters.get('newshape'))
    return type(target) in (list, tuple) and any(
        isinstance(d, Tensor) and runtime_values.known_at_run(trace, d) for d in target)


def reshape_at_run(parameters, trace, result):
    """TF's Reshape shape function for a target of open lengths: the one open length (or -1) is inferred
    from a fully known input (``[n, 5]`` of 10 elements: (2, 5)); with two or more, all of them are open
    (``[n, -1]``: (None, None))."""
    target = parameters.get('shape', parameters.get('newshape'))
    open_at = [k for k, d in enumerate(target)
               if (isinstance(d, Tensor) and runtime_values.known_at_run(trace, d)) or (not isinstance(d, Tensor)
                                                                                         and int(d) == -1)]
    source = next(tensors_in(parameters), None)
    known = traced_shape(source, is_open(trace)) if source is not None else None
    shape = tuple(result._data.shape)
    if len(open_at) == 1 and known is not None and None not in known:
        return shape
    return tuple(None if k in open_at else n for k, n in enumerate(shape))


NOT_GIVEN = object()


def _holds_run_value(value, trace):
    """Whether ``value`` (a tensor, or a list nesting them) holds a tensor only the graph's run gives."""
    if isinstance(value, Tensor):
        return runtime_values.known_at_run(trace, value)
    return type(value) in (list, tuple) and any(_holds_run_value(v, trace) for v in value)


def lengths_given_at_run(rule, parameters, trace, result):
    """TF's shape functions for ops whose output lengths come from a value argument: tile's multiples and
    pad's paddings read as partial shapes (a length the trace cannot fold, ``tf.shape(x)[0]``, is open),
    one_hot's depth, sequence_mask's maxlen and eye's sizes open where only the run gives them. The
    arrays computed here know every length. NOT_GIVEN where the op is none of these (the other rules decide)."""
    if rule == 'tile':
        return _tiled(parameters, trace)
    if rule == 'repeat':
        return _repeated(parameters, trace)
    if rule == 'padded' or (rule == 'known' and 'paddings' in parameters):
        return _padded(parameters, trace)
    if rule == 'segments' and isinstance(parameters.get('num_segments'), Tensor):
        return _segments_counted_by(parameters, trace)
    if rule == 'known' and 'shape' in parameters and ('input' in parameters or 'x' in parameters
                                                      or 'fill_value' in parameters or 'updates' in parameters):
        return _broadcast_target(parameters, trace)     # (tf.broadcast_to, keras.ops.broadcast_to / full, scatter_nd)
    if rule == 'known' and 'axis' in parameters and ('input' in parameters or 'x' in parameters):
        source = parameters['input'] if 'input' in parameters else parameters['x']
        known = input_shape(source, trace)     # (tf.squeeze, keras.ops.squeeze: the 'known' rows with these)
        shape = None if known is None else _squeezed(known, parameters.get('axis'))
        if shape is None and known is not None:
            trace.unknown_rank.add(id(result))      # (squeezing all ones past an open length: TF's unknown shape)
        return shape
    if rule == 'one_hot' and _holds_run_value(keras_or_tf(parameters, 'num_classes', 'depth'), trace):
        shape = input_shape(keras_or_tf(parameters, 'x', 'indices'), trace)
        axis = parameters.get('axis')
        if shape is None or not isinstance(axis, (int, type(None))):
            return None
        shape = list(shape)
        shape.insert(len(shape) if axis in (None, -1) else axis, None)
        return tuple(shape)
    if _holds_run_value(parameters.get('maxlen'), trace):
        shape = input_shape(parameters.get('lengths'), trace)
        return None if shape is None else tuple(shape) + (None,)
    if rule == 'known' and 'lengths' in parameters and 'maxlen' in parameters:
        return _sequence_mask(parameters, trace)
    if rule == 'known':
        known = _following_inputs(parameters, trace)
        if known is not NOT_GIVEN:
            return known
    sizes = [keras_or_tf(parameters, 'N', 'num_rows'), keras_or_tf(parameters, 'M', 'num_columns'),
             parameters.get('batch_shape')]
    if _holds_run_value(sizes, trace):          # tf.eye: the batch lengths, then the rows and columns
        rows = _partial_vector([sizes[0]], trace)[0]
        columns = rows if sizes[1] is None else _partial_vector([sizes[1]], trace)[0]
        batch = _partial_vector(sizes[2], trace) if sizes[2] is not None else []
        return None if type(batch) is not list else tuple(batch) + (rows, columns)
    return NOT_GIVEN


def _squeezed(shape, axis):
    """Squeeze's shape function: the given axes go (an open one is taken to be 1); without axes every length
    known to be 1 goes, and an open length leaves the shape unknown (None: tf.squeeze(x) of (None, 1))."""
    if axis is None or (type(axis) in (list, tuple) and not axis):
        return None if None in shape else tuple(d for d in shape if d != 1)
    axes = {int(a) % len(shape) for a in (axis if type(axis) in (list, tuple) else [axis])}
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _broadcast_target(parameters, trace):
    """BroadcastTo's shape function: its shape argument read as a partial shape (``[tf.shape(x)[0], 4]``:
    (None, 4)), whatever the input's lengths."""
    target = _partial_vector(parameters.get('shape'), trace)
    if type(target) is not list or not all(d is None or type(d) is int for d in target):
        return None
    return tuple(target)


def _sequence_mask(parameters, trace):
    """tf.sequence_mask's shape: the lengths', then maxlen; without maxlen, max(lengths) is open where the
    lengths are only known when the graph runs (TF 2.21: (None, None) for an argument of shape (None,), (3, None)
    for one of shape (3,), (2, 3) for tf.constant([1, 3]), folded)."""
    lengths, maxlen = parameters['lengths'], parameters['maxlen']
    shape = input_shape(lengths, trace)
    if maxlen is None:
        if not (isinstance(lengths, Tensor) and runtime_values.known_at_run(trace, lengths)):
            return NOT_GIVEN
        return None if shape is None else tuple(shape) + (None,)
    if isinstance(maxlen, Tensor) and maxlen._data.ndim == 0:      # a constant's value (a run value: above)
        maxlen = maxlen._data.item()
    if isinstance(maxlen, numbers.Integral):
        return None if shape is None else tuple(shape) + (int(maxlen),)
    return NOT_GIVEN


def _following_inputs(parameters, trace):
    """TF 2.21's shape functions for 'known' ops whose lengths follow their inputs' traced ones: matrix_transpose
    swaps the last two ((None, 1) -> (1, None)), gather_nd keeps the index rows and the params past the index
    depth (x[(None,)] by [[0]]: (1,)), sparse softmax cross-entropy is as long as its labels. NOT_GIVEN otherwise."""
    if 'a' in parameters and 'conjugate' in parameters:
        shape = input_shape(parameters['a'], trace)
        return None if shape is None or len(shape) < 2 else tuple(shape[:-2]) + (shape[-1], shape[-2])
    if 'params' in parameters and 'indices' in parameters and 'axis' not in parameters \
            and not parameters.get('batch_dims'):
        params, indices = input_shape(parameters['params'], trace), input_shape(parameters['indices'], trace)
        if params is None or not indices or indices[-1] is None:
            return None
        return tuple(indices[:-1]) + tuple(params[indices[-1]:])
    if 'labels' in parameters and 'logits' in parameters:
        return input_shape(parameters['labels'], trace)
    if 'logits' in parameters and 'num_samples' in parameters:      # tf.random.categorical: (batch, num_samples)
        shape, count = input_shape(parameters['logits'], trace), parameters['num_samples']
        if shape is None or len(shape) != 2:
            return None
        count = _partial_vector([count], trace) if isinstance(count, Tensor) else [count]      # (a constant's: folded)
        return (shape[0], int(count[0]) if type(count) is list and isinstance(count[0], numbers.Integral) else None)
    if 'sorted_sequence' in parameters:         # tf.searchsorted: one position per value
        return input_shape(parameters['values'], trace)
    if 'indices' in parameters and 'dims' in parameters:        # tf.unravel_index: a row per dimension
        shape, dims = input_shape(parameters['indices'], trace), input_shape(parameters['dims'], trace)
        return None if shape is None or dims is None else tuple(dims) + tuple(shape)
    return NOT_GIVEN


def _tiled(parameters, trace):
    """Tile's shape function: each input length times its multiple, open where either is (keras.io's masked
    autoencoder tiles (1, 16, 8) position embeddings by ``[tf.shape(patches)[0], 1, 1]``: (None, 16, 8))."""
    shape = input_shape(keras_or_tf(parameters, 'x', 'input'), trace)
    counts = _partial_vector(keras_or_tf(parameters, 'repeats', 'multiples'), trace)
    if shape is None or type(counts) is not list or len(counts) != len(shape) or \
            not all(c is None or type(c) is int for c in counts):
        return None
    return tuple(None if d is None or c is None else d * c for d, c in zip(shape, counts))


def _repeated(parameters, trace):
    """tf.repeat with one count (repeat_with_axis reshapes to [..., count * length, ...] built from tf.shape):
    the repeated length open where the count or the length is (``repeats=tf.shape(x)[0]`` on (1, 4, 6):
    (None, 4, 6)); with a count per row, boolean_mask's; ``axis=None`` repeats the flattened input."""
    shape = input_shape(keras_or_tf(parameters, 'x', 'input'), trace)
    axis, repeats = parameters.get('axis'), parameters.get('repeats')
    if shape is None:
        return None
    if axis is None:
        shape, axis = ((None,) if None in shape else (int(length_product(shape)),)), 0
    count = _partial_vector([repeats], trace)[0]
    axis = int(axis) % len(shape)
    if type(count) is list and len(count) != 1:     # a count per row: boolean_mask's rows are open, reshaped back
        # to the counts' sum on a later axis where TF folds them all (TF 2.21, notes/progs/traceshapes4/q4.py)
        length = None if axis == 0 or None in count else sum(count)
        return shape[:axis] + (length,) + shape[axis + 1:]
    if type(count) is list:
        count = count[0]
    length = None if count is None or shape[axis] is None else shape[axis] * count
    return shape[:axis] + (length,) + shape[axis + 1:]


def _padded(parameters, trace):
    """tf.pad's shape: Pad's shape function, then tf.pad's own set_shape from its paddings' constant parts
    (array_ops.pad): each length plus its row's paddings, open where the length or a padding is
    (``[[0, 0], [0, n]]`` of a traced n on (None, 4): (None, None); ``[[0, n], [0, 0]]``: (None, 4))."""
    shape = input_shape(keras_or_tf(parameters, 'x', 'tensor'), trace)
    rows = _partial_vector(keras_or_tf(parameters, 'pad_width', 'paddings'), trace)
    if shape is None or type(rows) is not list or len(rows) != len(shape):
        return None
    rows = [row if type(row) is list else [None, None] for row in rows]
    return tuple(None if d is None or None in row else d + sum(row) for d, row in zip(shape, rows))


def created_shape(parameters, trace):
    shape = parameters.get('shape', parameters.get('dims'))
    if isinstance(shape, Tensor):
        # a shape vector: TF's MakeShapeFromShapeTensor gives tf.shape(x)'s traced lengths (the VAE's
        # tf.random.normal(tf.shape(log_var)) is (None, 4)), else as many open lengths as it holds
        known = traced_shape_values.known_values(trace, shape)
        if known is not None:
            return known
        traced = traced_shape(shape, True)
        return (None,) * traced[0] if traced is not None and len(traced) == 1 and traced[0] is not None else None
    if not isinstance(shape, SHAPE_SEQUENCES):
        return None
    return tuple(None if isinstance(d, Tensor) and not traced_shape_values.is_constant(trace, d) else int(d)
                 for d in shape)


def _segments_counted_by(parameters, trace):
    """tf.math.unsorted_segment_sum (max, min, prod, mean) with a tensor num_segments: UnsortedSegmentReduction's
    shape function reads it as a scalar TF folds (``tf.shape(x)[1]`` of a (None, 3) x: 3, ``tf.constant(4)``), else
    the row count is open: ``tf.size(y)`` of a tf.unique's y, ``tf.reduce_max(ids) + 1`` (TF 2.21,
    notes/progs/traceshapes4/q2.py)."""
    data = input_shape(parameters['data'] if 'data' in parameters else parameters.get('inputs'), trace)
    ids = parameters.get('segment_ids')
    count = parameters['num_segments']
    if data is None or count._data.ndim != 0:
        return None
    rank = ids._data.ndim if isinstance(ids, Tensor) else np.ndim(ids)
    return (_partial_vector([count], trace)[0],) + tuple(data[rank:])
