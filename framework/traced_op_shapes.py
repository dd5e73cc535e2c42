"""The static shape TensorFlow's shape inference gives an op's output in a tf.function trace.

Where every input's traced shape is fully known the output's is the computed array's (TensorFlow
folds constant shapes too), except for ops whose length depends on values (``tf.range(n)`` of a
traced ``n``: ``(None,)``). Where an input leaves a length open (an input_signature's None) a
per-family rule carries the open lengths through: elementwise broadcasting, reductions, matmul,
reshape, transpose, concat, stack, basic indexing. Without a rule, or with an input whose shape
the trace cannot tell (made by a call it does not name), the shape is unknown (None): TensorFlow's
text for an unknown shape, ``Tensor("name:0", dtype=float32)``.
"""
import itertools
import numbers

import numpy as np

from . import keras_einsum_shapes, keras_median_names, keras_take_along_names, runtime_values, trace_names, traced_shape_values
from . import traced_count_shapes, traced_routing_shapes
from .tensor import Tensor
from .tensor_shape import SHAPE_SEQUENCES
from .traced_shape_values import as_array as _array, partial_vector as _partial_vector


def _is_open(trace):
    """Whether the trace's arguments leave a length open: then a tensor it did not name, made from
    them by a call it does not know, may hold one too (its shape is unknown here). Only the arguments
    count: a tensor captured from outside (a global ``x``) has its known shape in TensorFlow's graph, even
    where the trace opened a length of its own (``tf.range(n)``'s (None,))."""
    found = getattr(trace, 'open_lengths', None)
    if found is None:
        arguments = itertools.islice(trace._names.values(), trace.argument_count)
        found = trace.open_lengths = any(entry[1] is None or None in entry[1] for entry in arguments)
    return found


def _tensors(parameters):
    for value in parameters.values():
        if isinstance(value, Tensor):
            yield value
        elif type(value) in (list, tuple):
            for item in value:
                if isinstance(item, Tensor):
                    yield item


def _traced(tensor, open_trace):
    """``tensor``'s shape in the trace: a tuple, or None (unknown)."""
    entry = trace_names.entry_of(tensor)
    if entry is not None:
        return entry[1]
    if type(tensor) is not Tensor:          # a variable
        return tuple(tensor._data.shape)
    noted = trace_names.noted_shape(tensor)     # (a gradient: its source's; a split's row_splits: open even in
    if noted is not None or open_trace:         # a trace of known arguments, TF counts its rows at run time)
        return noted
    return tuple(tensor._data.shape)            # (a trace without open lengths: the array's), else unknown


def output_shape(rule, parameters, result, trace):
    """The traced shape of ``result`` returned by a call of ``rule``'s family with ``parameters``; an
    unknown one computed from a tensor of unknown rank (an input_signature's TensorSpec(None)) is
    noted as of unknown rank too (``trace_names.of_unknown_rank``), as TF's shape inference leaves it."""
    shape = _output_shape(rule, parameters, result, trace)
    if shape is None and type(result) is Tensor and any(
            trace_names.of_unknown_rank(t, trace) for t in _tensors(parameters)):
        trace.unknown_rank.add(id(result))
    return shape


def _output_shape(rule, parameters, result, trace):
    if rule == 'broadcast' and 'condition' in parameters and all(
            parameters.get(k) is None for k in ('x', 'y', 'x1', 'x2')):
        return (None, result._data.shape[1])    # tf.where(condition): one row per true element
    if rule == 'masked':        # tf.boolean_mask: as many rows as the mask holds true elements
        shape = _traced(parameters['tensor'], _is_open(trace))
        mask = parameters['mask']       # (a tensor, or a Python list of bools: its nesting depth)
        mask_rank = len(mask.shape) if hasattr(mask, 'shape') else np.ndim(mask)
        return None if shape is None or parameters.get('axis') else (None,) + tuple(shape[mask_rank:])
    symbolic = [t for t in _tensors(parameters) if trace_names.entry_of(t) is not None]
    if rule == 'call':      # a tf.function's outputs: the arrays' shapes where the trace knows all lengths
        several = isinstance(result, (list, tuple))
        known = [tuple(t._data.shape) for t in (result if several else [result])]
        known = [None] * len(known) if _is_open(trace) else known
        return known if several else known[0]
    if rule == 'determinants':      # tf.linalg.slogdet's (sign, log |det|): one number per matrix each
        shape = _traced(parameters['input'], _is_open(trace)) if isinstance(parameters.get('input'), Tensor) else None
        return [None if shape is None else shape[:-2]] * len(result)
    if rule == 'coordinates':       # keras.ops.nonzero: one index vector per axis, as long as the run's count
        return [(None,)] * len(result)
    if rule == 'opaque':      # py_function / numpy_function: an unknown rank for each output
        return [None] * len(result) if isinstance(result, (list, tuple)) else None
    if rule == 'outputs':
        return _outputs(parameters, list(result), trace)
    if rule == 'fixed':         # tf.shape / tf.size: as long as the input's rank, known
        source = next(_tensors(parameters), None)
        if isinstance(parameters.get('input'), Tensor):
            traced_shape_values.remember_shape(trace, result, _traced(parameters['input'], _is_open(trace)))
        if result._data.ndim == 1 and source is not None and trace_names.of_unknown_rank(source, trace):
            return (None,)      # (tf.shape of a tensor of unknown rank: its length is unknown too)
        return tuple(result._data.shape)
    if rule == 'pieces':        # a string's pieces: how many only the graph's run tells
        return (None,) * result._data.ndim
    if rule == 'ragged_dense':      # RaggedTensor.to_tensor: its rows, open ragged lengths, the values' inner ones
        return _ragged_dense(parameters, trace)
    if rule == 'scoped_outputs':        # (tf.nn.moments, tf.meshgrid: a list of shapes, one per output)
        return _scoped_outputs(parameters, result, trace)
    if rule == 'sparse_segments':       # (and 'stitched': rows the index values decide, traced_routing_shapes)
        return traced_routing_shapes.sparse_segments(parameters, lambda v: _input_shape(v, trace), trace)
    if rule == 'stitched':
        return traced_routing_shapes.stitched(parameters, lambda v: _input_shape(v, trace), trace)
    if rule == 'hits':          # tf.math.in_top_k (traced_count_shapes)
        return traced_count_shapes.hits(parameters, lambda v: _input_shape(v, trace))
    if rule == 'histogram':     # tf.histogram_fixed_width: nbins long where TF folds it
        return traced_count_shapes.histogram(parameters, trace)
    if rule == 'counted':       # lengths the values decide (segment ids, the largest count): open in TF's graph
        return _counted(parameters, result, trace)
    if rule == 'decoded':
        return _decoded(parameters, result, trace)
    if rule == 'densified':     # the SparseTensor's dense shape: open where a parse made it (example_parsing)
        sparse = parameters.get('sp_input')
        entry = trace_names.entry_of(sparse)         # (a map's SparseTensor argument: the upstream spec's)
        traced = entry[1] if entry is not None else getattr(sparse, 'traced_shape', None)
        if traced is None and isinstance(getattr(sparse, 'dense_shape', None), Tensor) and \
                runtime_values.known_at_run(trace, sparse.dense_shape):     # (a tf.function's SparseTensor argument)
            traced = (None,) * result._data.ndim
        return traced if traced is not None else tuple(result._data.shape)
    if rule == 'element':       # an iterator's element: its spec's shapes, component by component
        return _element(parameters, result)
    if rule == 'array_stack':   # (its input is the TensorArray, not a tensor)
        return _array_stack(parameters, result)
    if rule == 'array_concat':
        return _array_concat(parameters)
    if rule == 'array_read':
        return _array_element(parameters, result)
    if rule == 'inner':     # (open even where both inputs' lengths are known: the cond's output)
        return _inner(parameters, [_traced(t, _is_open(trace)) for t in _tensors(parameters)], result)
    if rule == 'tf_einsum':
        return tf_einsum_shape(parameters, trace, result)
    if rule == 'einsum' and not all(isinstance(t, Tensor) for t in parameters.get('operands') or ()):
        # (NumPy operands: Keras converts each to a constant of its array's shape)
        return _einsum(parameters, [_input_shape(t, trace) for t in parameters['operands']], result)
    try:
        at_run = _lengths_given_at_run(rule, parameters, trace, result)
    except (TypeError, ValueError, IndexError):     # (arguments the op took but no shape rule reads: unknown)
        at_run = None
    if at_run is not _NOT_GIVEN:
        return at_run
    if rule in ('range', 'constant'):
        if not symbolic:
            return tuple(result._data.shape)
        if rule == 'range':     # a bound only the run gives: so is the length (tf.shape(x)[1] of (None, 4) folds)
            return (None,) if any(runtime_values.known_at_run(trace, t) for t in _tensors(parameters)) \
                else tuple(result._data.shape)
    open_trace = _is_open(trace)
    if rule == 'constant':      # a shape made of traced lengths: folded where the trace knows them all
        return _argument_lengths_open(parameters, trace, tuple(result._data.shape)) if not open_trace \
            else _created(parameters, trace)
    if rule == 'stack':
        traced_shape_values.remember_stacked(trace, parameters, result)
    elif rule == 'index':
        traced_shape_values.remember_sliced(trace, parameters, result)
    elif rule == 'concat':
        traced_shape_values.remember_joined(trace, parameters, result)
    if rule == 'reshape' and _run_lengths(parameters, trace):
        return _reshape_at_run(parameters, trace, result)
    inputs = [(t, _traced(t, open_trace)) for t in _tensors(parameters)]
    if all(shape is not None and None not in shape and shape == tuple(t._data.shape) for t, shape in inputs) \
            and not (rule == 'index' and _open_slices(parameters.get('index'), trace)):
        return tuple(result._data.shape)
    handler = _RULES.get(rule)
    shapes = _with_arrays(rule, parameters, [s for _, s in inputs], trace)
    return handler(parameters, shapes, result) if handler is not None else None


def _with_arrays(rule, parameters, shapes, trace):
    """``shapes`` (the tensor operands') with the NumPy operands' too, which TF converts to constants of their
    shapes: x + np.ones((2, 4)) of a (None, 4) x is (2, 4), tf.concat([x, np.ones((2, 4))], 1) (2, 8) (TF 2.21,
    notes/progs/kerasops11/sa.py); a joined list's shapes in its order (tf.stack counts them all)."""
    if rule in ('concat', 'stack'):
        values = parameters.get('values', parameters.get('xs'))
        if type(values) in (list, tuple) and any(type(v) is np.ndarray for v in values):
            return [_input_shape(v, trace) for v in values]
    elif rule == 'broadcast':
        return shapes + [v.shape for v in parameters.values() if type(v) is np.ndarray]
    return shapes


def _outputs(parameters, outputs, trace):
    """The shapes of a call's several outputs: the arrays' where the input's traced shape is known
    (tf.unique's values: as long as the values are, None), else the input's open lengths carried to
    each output (tf.split, tf.unstack, tf.math.top_k) or unknown."""
    source = next(iter(_tensors(parameters)), None)
    known = [tuple(t._data.shape) for t in outputs]
    if 'out_idx' in parameters:                 # tf.unique: (values, their indices), with_counts: and the counts
        return [(None,), _traced(source, _is_open(trace))] + [(None,)] * (len(outputs) - 2)
    if 'num_partitions' in parameters:          # tf.dynamic_partition: each output's rows open
        return traced_routing_shapes.partitions(parameters, outputs, lambda v: _input_shape(v, trace))
    if 'decreasing' in parameters:              # tf.nn.isotonic_regression: (output, segments), the input's shape
        return [_traced(source, _is_open(trace))] * len(outputs)
    shape = _traced(source, _is_open(trace)) if source is not None else None
    if 'include_batch_in_index' in parameters:      # tf.nn.max_pool_with_argmax: both pooled alike, of rank 4
        return [(None,) * 4 if shape is None else _pooled(parameters, None, out) for out in outputs]
    if shape is not None and None not in shape:
        return known
    if shape is None:
        return [None] * len(outputs)
    if 'k' in parameters:                       # top_k: the last axis is k long
        return [shape[:-1] + out[-1:] for out in known]
    axis = parameters.get('axis') or 0
    if isinstance(axis, Tensor):
        return [None] * len(outputs)
    axis = int(axis) % len(shape)
    if 'num_or_size_splits' in parameters or 'indices_or_sections' in parameters:
        # split (tf.split, keras.ops.split): the pieces' lengths where the axis is known
        return [shape[:axis] + (None if shape[axis] is None else out[axis],) + shape[axis + 1:] for out in known]
    return [shape[:axis] + shape[axis + 1:]] * len(outputs)


def _decoded(parameters, result, trace):
    """The traced shape of a decoded file's contents: (None, None, channels) pixels, channels None where
    not given (decode_image of animations: unknown rank), or tf.io.decode_raw's numbers, one open length
    after the input's unless ``fixed_length`` fixes it (TF 2.21's DecodePng / DecodeRaw shape functions)."""
    if 'out_type' in parameters:
        if parameters.get('fixed_length') is not None:
            return tuple(result._data.shape)
        shape = _traced(parameters.get('input_bytes'), _is_open(trace))
        return None if shape is None else tuple(shape) + (None,)
    if parameters.get('expand_animations', False):
        return None
    channels = parameters.get('channels')
    return (None, None, channels if type(channels) is int and channels > 0 else None)


def _argument_lengths_open(parameters, trace, shape):
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


def _run_lengths(parameters, trace):
    """Whether a reshape's target, a list, holds a length only the graph's run gives (``[n, -1]``, n an
    argument or computed from one, a loop body's ``i + 1``)."""
    target = parameters.get('shape', parameters.get('newshape'))
    return type(target) in (list, tuple) and any(
        isinstance(d, Tensor) and runtime_values.known_at_run(trace, d) for d in target)


def _reshape_at_run(parameters, trace, result):
    """TF's Reshape shape function for a target of open lengths: the one open length (or -1) is inferred
    from a fully known input (``[n, 5]`` of 10 elements: (2, 5)); with two or more, all of them are open
    (``[n, -1]``: (None, None))."""
    target = parameters.get('shape', parameters.get('newshape'))
    open_at = [k for k, d in enumerate(target)
               if (isinstance(d, Tensor) and runtime_values.known_at_run(trace, d)) or (not isinstance(d, Tensor)
                                                                                         and int(d) == -1)]
    source = next(_tensors(parameters), None)
    known = _traced(source, _is_open(trace)) if source is not None else None
    shape = tuple(result._data.shape)
    if len(open_at) == 1 and known is not None and None not in known:
        return shape
    return tuple(None if k in open_at else n for k, n in enumerate(shape))


_NOT_GIVEN = object()


def _holds_run_value(value, trace):
    """Whether ``value`` (a tensor, or a list nesting them) holds a tensor only the graph's run gives."""
    if isinstance(value, Tensor):
        return runtime_values.known_at_run(trace, value)
    return type(value) in (list, tuple) and any(_holds_run_value(v, trace) for v in value)


def _lengths_given_at_run(rule, parameters, trace, result):
    """TF's shape functions for ops whose output lengths come from a value argument: tile's multiples and
    pad's paddings read as partial shapes (a length the trace cannot fold, ``tf.shape(x)[0]``, is open),
    one_hot's depth, sequence_mask's maxlen and eye's sizes open where only the run gives them. The
    arrays computed here know every length. _NOT_GIVEN where the op is none of these (the other rules decide)."""
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
        known = _input_shape(source, trace)     # (tf.squeeze, keras.ops.squeeze: the 'known' rows with these)
        shape = None if known is None else _squeezed(known, parameters.get('axis'))
        if shape is None and known is not None:
            trace.unknown_rank.add(id(result))      # (squeezing all ones past an open length: TF's unknown shape)
        return shape
    if rule == 'one_hot' and _holds_run_value(_keras_or_tf(parameters, 'num_classes', 'depth'), trace):
        shape = _input_shape(_keras_or_tf(parameters, 'x', 'indices'), trace)
        axis = parameters.get('axis')
        if shape is None or not isinstance(axis, (int, type(None))):
            return None
        shape = list(shape)
        shape.insert(len(shape) if axis in (None, -1) else axis, None)
        return tuple(shape)
    if _holds_run_value(parameters.get('maxlen'), trace):
        shape = _input_shape(parameters.get('lengths'), trace)
        return None if shape is None else tuple(shape) + (None,)
    if rule == 'known' and 'lengths' in parameters and 'maxlen' in parameters:
        return _sequence_mask(parameters, trace)
    if rule == 'known':
        known = _following_inputs(parameters, trace)
        if known is not _NOT_GIVEN:
            return known
    sizes = [_keras_or_tf(parameters, 'N', 'num_rows'), _keras_or_tf(parameters, 'M', 'num_columns'),
             parameters.get('batch_shape')]
    if _holds_run_value(sizes, trace):          # tf.eye: the batch lengths, then the rows and columns
        rows = _partial_vector([sizes[0]], trace)[0]
        columns = rows if sizes[1] is None else _partial_vector([sizes[1]], trace)[0]
        batch = _partial_vector(sizes[2], trace) if sizes[2] is not None else []
        return None if type(batch) is not list else tuple(batch) + (rows, columns)
    return _NOT_GIVEN


def _keras_or_tf(parameters, keras_name, tf_name):
    """An argument the keras.ops function names ``keras_name`` and TF's API ``tf_name`` (ops.tile's repeats,
    tf.tile's multiples): the same shape rule serves both."""
    return parameters[keras_name] if keras_name in parameters else parameters.get(tf_name)


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


def _input_shape(value, trace):
    """The traced shape of an op's input: a tensor's, or a Python list's own (TF converts it to a constant)."""
    if isinstance(value, Tensor):
        return _traced(value, _is_open(trace))
    array = _array(value)
    return None if array is None or array.dtype == object else tuple(array.shape)


def _sequence_mask(parameters, trace):
    """tf.sequence_mask's shape: the lengths', then maxlen; without maxlen, max(lengths) is open where the
    lengths are only known when the graph runs (TF 2.21: (None, None) for an argument of shape (None,), (3, None)
    for one of shape (3,), (2, 3) for tf.constant([1, 3]), folded)."""
    lengths, maxlen = parameters['lengths'], parameters['maxlen']
    shape = _input_shape(lengths, trace)
    if maxlen is None:
        if not (isinstance(lengths, Tensor) and runtime_values.known_at_run(trace, lengths)):
            return _NOT_GIVEN
        return None if shape is None else tuple(shape) + (None,)
    if isinstance(maxlen, Tensor) and maxlen._data.ndim == 0:      # a constant's value (a run value: above)
        maxlen = maxlen._data.item()
    if isinstance(maxlen, numbers.Integral):
        return None if shape is None else tuple(shape) + (int(maxlen),)
    return _NOT_GIVEN


def _following_inputs(parameters, trace):
    """TF 2.21's shape functions for 'known' ops whose lengths follow their inputs' traced ones: matrix_transpose
    swaps the last two ((None, 1) -> (1, None)), gather_nd keeps the index rows and the params past the index
    depth (x[(None,)] by [[0]]: (1,)), sparse softmax cross-entropy is as long as its labels. _NOT_GIVEN otherwise."""
    if 'a' in parameters and 'conjugate' in parameters:
        shape = _input_shape(parameters['a'], trace)
        return None if shape is None or len(shape) < 2 else tuple(shape[:-2]) + (shape[-1], shape[-2])
    if 'params' in parameters and 'indices' in parameters and 'axis' not in parameters \
            and not parameters.get('batch_dims'):
        params, indices = _input_shape(parameters['params'], trace), _input_shape(parameters['indices'], trace)
        if params is None or not indices or indices[-1] is None:
            return None
        return tuple(indices[:-1]) + tuple(params[indices[-1]:])
    if 'labels' in parameters and 'logits' in parameters:
        return _input_shape(parameters['labels'], trace)
    if 'logits' in parameters and 'num_samples' in parameters:      # tf.random.categorical: (batch, num_samples)
        shape, count = _input_shape(parameters['logits'], trace), parameters['num_samples']
        if shape is None or len(shape) != 2:
            return None
        count = _partial_vector([count], trace) if isinstance(count, Tensor) else [count]      # (a constant's: folded)
        return (shape[0], int(count[0]) if type(count) is list and isinstance(count[0], numbers.Integral) else None)
    if 'sorted_sequence' in parameters:         # tf.searchsorted: one position per value
        return _input_shape(parameters['values'], trace)
    if 'indices' in parameters and 'dims' in parameters:        # tf.unravel_index: a row per dimension
        shape, dims = _input_shape(parameters['indices'], trace), _input_shape(parameters['dims'], trace)
        return None if shape is None or dims is None else tuple(dims) + tuple(shape)
    return _NOT_GIVEN


def _scoped_outputs(parameters, result, trace):
    """tf.nn.moments: the mean's and the variance's shape, x's lengths less (or 1 at, with keepdims) the
    axes; tf.meshgrid: each grid's lengths, the inputs' sizes (the first two swapped for 'xy'), open where
    an input's size is."""
    if 'axes' in parameters:
        shape = _input_shape(parameters['x'], trace)
        if shape is None:
            return [None, None]
        axes = {int(a) % len(shape) for a in parameters['axes']}
        keep = parameters.get('keepdims')
        shape = tuple(1 if keep and k in axes else n for k, n in enumerate(shape) if keep or k not in axes)
        return [shape, shape]
    sizes = []
    for value in parameters['args']:
        shape = _input_shape(value, trace)
        sizes.append(None if shape is None or None in shape else int(_product(shape)))
    if parameters.get('indexing', 'xy') == 'xy' and len(sizes) > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    return [tuple(sizes)] * len(result)


def _ragged_dense(parameters, trace):
    """RaggedTensor.to_tensor: the ragged's row count in the graph (ragged_traced_rows), None for each ragged
    length (a uniform one's own), the flat values' traced inner lengths; a given shape's lengths over them."""
    from . import ragged_traced_rows
    from .ragged import RaggedTensor
    ragged = parameters['self']
    dims, part = [ragged_traced_rows.rows_of(trace, ragged)], ragged
    while isinstance(part, RaggedTensor):
        dims.append(ragged_traced_rows.uniform_length(trace, part))
        part = part._values
    flat = _input_shape(part, trace)        # (values made inside the ragged's own op: their array's inner lengths)
    dims += list((flat if flat is not None else part._data.shape)[1:])
    wanted = parameters.get('shape')
    if wanted is not None:
        if type(wanted) not in (list, tuple) or len(wanted) != len(dims):
            return None
        wanted = [None if w is None else _partial_vector([w], trace)[0] for w in wanted]
        dims = [d if w is None else w for d, w in zip(dims, wanted)]
    return tuple(dims)


def _counted(parameters, result, trace):
    """Shapes TF 2.21's graph leaves open whatever the inputs' lengths, as the values decide them
    (notes/progs/tutorials59/probes/ops2.py): tf.math.segment_sum (max, min, mean, prod) is (None,) plus the
    data's lengths past the ids' rank, tf.math.bincount (None,), tf.math.confusion_matrix (n, n) for a Python
    num_classes, else (None, None); the counts of constants fold (TF evaluates their size)."""
    if 'segment_ids' in parameters:
        data, ids = _input_shape(parameters['data'], trace), _input_shape(parameters['segment_ids'], trace)
        return None if data is None or ids is None else (None,) + tuple(data[len(ids):])
    if not any(runtime_values.known_at_run(trace, t) for t in _tensors(parameters)):
        return tuple(result._data.shape)
    if 'num_classes' in parameters:
        count = parameters['num_classes']
        return (count, count) if type(count) is int else (None, None)
    return (None,)


def _tiled(parameters, trace):
    """Tile's shape function: each input length times its multiple, open where either is (keras.io's masked
    autoencoder tiles (1, 16, 8) position embeddings by ``[tf.shape(patches)[0], 1, 1]``: (None, 16, 8))."""
    shape = _input_shape(_keras_or_tf(parameters, 'x', 'input'), trace)
    counts = _partial_vector(_keras_or_tf(parameters, 'repeats', 'multiples'), trace)
    if shape is None or type(counts) is not list or len(counts) != len(shape) or \
            not all(c is None or type(c) is int for c in counts):
        return None
    return tuple(None if d is None or c is None else d * c for d, c in zip(shape, counts))


def _repeated(parameters, trace):
    """tf.repeat with one count (repeat_with_axis reshapes to [..., count * length, ...] built from tf.shape):
    the repeated length open where the count or the length is (``repeats=tf.shape(x)[0]`` on (1, 4, 6):
    (None, 4, 6)); with a count per row, boolean_mask's; ``axis=None`` repeats the flattened input."""
    shape = _input_shape(_keras_or_tf(parameters, 'x', 'input'), trace)
    axis, repeats = parameters.get('axis'), parameters.get('repeats')
    if shape is None:
        return None
    if axis is None:
        shape, axis = ((None,) if None in shape else (int(_product(shape)),)), 0
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


def _product(lengths):
    total = 1
    for d in lengths:
        total *= d
    return total


def _padded(parameters, trace):
    """tf.pad's shape: Pad's shape function, then tf.pad's own set_shape from its paddings' constant parts
    (array_ops.pad): each length plus its row's paddings, open where the length or a padding is
    (``[[0, 0], [0, n]]`` of a traced n on (None, 4): (None, None); ``[[0, n], [0, 0]]``: (None, 4))."""
    shape = _input_shape(_keras_or_tf(parameters, 'x', 'tensor'), trace)
    rows = _partial_vector(_keras_or_tf(parameters, 'pad_width', 'paddings'), trace)
    if shape is None or type(rows) is not list or len(rows) != len(shape):
        return None
    rows = [row if type(row) is list else [None, None] for row in rows]
    return tuple(None if d is None or None in row else d + sum(row) for d, row in zip(shape, rows))


def _created(parameters, trace):
    shape = parameters.get('shape', parameters.get('dims'))
    if isinstance(shape, Tensor):
        # a shape vector: TF's MakeShapeFromShapeTensor gives tf.shape(x)'s traced lengths (the VAE's
        # tf.random.normal(tf.shape(log_var)) is (None, 4)), else as many open lengths as it holds
        known = traced_shape_values.known_values(trace, shape)
        if known is not None:
            return known
        traced = _traced(shape, True)
        return (None,) * traced[0] if traced is not None and len(traced) == 1 and traced[0] is not None else None
    if not isinstance(shape, SHAPE_SEQUENCES):
        return None
    return tuple(None if isinstance(d, Tensor) and not traced_shape_values.is_constant(trace, d) else int(d)
                 for d in shape)


def _broadcast(parameters, shapes, result):
    if any(s is None for s in shapes):
        return None
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for axis in range(-rank, 0):
        dims = [s[axis] for s in shapes if len(s) >= -axis]
        known = [d for d in dims if d is not None and d != 1]
        if known:
            out.append(known[0])
        elif None in dims:
            out.append(None)
        else:
            out.append(1)
    return tuple(out)


def _same(parameters, shapes, result):
    return shapes[0] if shapes else None


def _array_element(parameters, result):
    """TensorArray.read / gather in a graph: the element shape the array knows (unknown where it knows none),
    after gather's rows (TF 2.21)."""
    known = getattr(parameters.get('self'), '_element_shape', None)
    return None if known is None else tuple(result._data.shape[:result._data.ndim - len(known)]) + tuple(known)


def _array_concat(parameters):
    """A graph TensorArray's concat: its elements' shape past their first axis, that axis open (None where
    the elements' shape is unknown)."""
    known = getattr(parameters.get('self'), '_element_shape', None)
    return None if known is None or not known else (None,) + tuple(known[1:])


def _array_stack(parameters, result):
    """TensorArray.stack: as many rows as a fixed size gives, None for a dynamic one or a size the graph
    knows only when it runs (TF 2.21)."""
    array = parameters.get('self')
    rows = None if getattr(array, '_dynamic', True) or getattr(array, '_size_open', False) else result._data.shape[0]
    return (rows,) + tuple(result._data.shape[1:])


def _element(parameters, result):
    """An iterator's next element: each component's shape its ``element_spec``'s, as TF's IteratorGetNext
    op gives (the array's where the spec's rank is unknown); a list for a structure of several."""
    from . import nest
    values = nest.flatten(result)
    specs = nest.flatten(parameters['self'].element_spec)
    specs = specs if len(specs) == len(values) else [None] * len(values)
    shapes = []
    for value, spec in zip(values, specs):
        shape = trace_names.known_dims(getattr(spec, 'shape', None))
        shapes.append(shape if shape is not None else tuple(value._data.shape))
    return shapes if len(values) > 1 or values[0] is not result else shapes[0]


def _axes(axis, rank):
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
    if axis is None:
        return set(range(rank))
    if isinstance(axis, numbers.Integral):
        axis = [axis]
    return {int(a) % rank for a in axis}


def _reduce(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    if shape is None:       # (over every axis, a scalar even of a tensor of unknown rank)
        return () if parameters.get('axis') is None and not parameters.get('keepdims') and not result._data.ndim \
            else None
    axes = _axes(parameters.get('axis'), len(shape))
    if parameters.get('keepdims'):
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _last_axis(parameters, shapes, result):
    """A Keras loss of (y_true, y_pred): one value per sample, the last axis averaged away."""
    shape = _broadcast(parameters, shapes, result)
    return None if shape is None else shape[:-1]


def _argreduce(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    axis = parameters.get('axis')
    if axis is None and 'x' in parameters:
        return ()       # (keras.ops.argmax / argmin: of x flattened; tf.argmax's None is axis 0)
    if shape is None or isinstance(axis, Tensor):
        return None
    axis = int(axis or 0) % len(shape)
    return shape[:axis] + shape[axis + 1:]


def _expand(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    axis = parameters.get('axis')
    if shape is None or isinstance(axis, Tensor):
        return None
    axis = int(axis) % (len(shape) + 1)
    return shape[:axis] + (1,) + shape[axis:]


def _gather(parameters, shapes, result):
    params, indices = _keras_or_tf(parameters, 'x', 'params'), parameters.get('indices')
    if 'x' in parameters:       # keras.ops.take: axis=None gathers from x flattened
        return _taken(params, indices, parameters.get('axis'))
    batch_dims = parameters.get('batch_dims') or 0
    if isinstance(parameters.get('axis'), Tensor) or isinstance(batch_dims, Tensor):
        return None
    shape = _traced(params, True) if isinstance(params, Tensor) else None
    picks = _traced(indices, True) if isinstance(indices, Tensor) else tuple(getattr(_array(indices), 'shape', ()))
    if shape is None or picks is None:
        return None
    if batch_dims:
        # GatherV2's shape function with batch dims (keras.io masked image modeling's
        # tf.gather(embeddings, unmask_indices, axis=1, batch_dims=1): (None, 4, 8)): params' lengths up to
        # axis (its batch lengths, even where only the indices' are known), the indices' after their batch
        # lengths, params' after axis
        batch_dims = int(batch_dims) % len(picks) if int(batch_dims) < 0 else int(batch_dims)
        axis = parameters.get('axis')
        axis = batch_dims if axis is None else int(axis) % len(shape)
        return tuple(shape[:axis]) + tuple(picks[batch_dims:]) + tuple(shape[axis + 1:])
    axis = int(parameters.get('axis') or 0) % len(shape)
    return shape[:axis] + tuple(picks) + shape[axis + 1:]


def _conv(parameters, shapes, result):
    """tf.nn.conv2d (NHWC) / conv1d (NWC) / convolution (NDHWC too): the batch and each spatial length open
    where the input's is, the depth the filters' output depth (as TF 2.21 prints them: shape=(None, 4, 4, 5))."""
    x, f = parameters.get('input'), parameters.get('filters')
    shape = _traced(x, True) if isinstance(x, Tensor) else None
    kernel = _traced(f, True) if isinstance(f, Tensor) else None
    rank = result._data.ndim
    if shape is None or kernel is None or len(shape) != rank or len(kernel) != rank \
            or parameters.get('data_format') not in (None, 'NHWC', 'NWC', 'NDHWC'):
        return None
    out = tuple(result._data.shape)
    return tuple(None if shape[i] is None else out[i] for i in range(rank - 1)) + (kernel[-1],)


def _pooled(parameters, shapes, result):
    """tf.nn's max / avg pools (channels last): each length open where the input's is, the depth the
    input's (TF 2.21: max_pool2d of a (None, None, None, 3) input is (None, None, None, 3))."""
    x = parameters.get('input')
    shape = _traced(x, True) if isinstance(x, Tensor) else None
    rank = result._data.ndim
    if shape is None or len(shape) != rank or parameters.get('data_format') not in (None, 'NWC', 'NHWC', 'NDHWC'):
        return None
    out = tuple(result._data.shape)
    return tuple(None if shape[i] is None else out[i] for i in range(rank))


def _patches(parameters, shapes, result):
    """tf.image.extract_patches: (batch, rows, cols, kh * kw * channels), each open where the images' length is
    (TF 2.21: (None, 4, 4, 1) images in 2 x 2 patches give (None, 3, 3, 4))."""
    shape = shapes[0] if len(shapes) == 1 else None
    if shape is None or len(shape) != 4 or result._data.ndim != 4:
        return None
    return tuple(None if d is None else n for d, n in zip(shape, result._data.shape))


def _frames(parameters, shapes, result):
    """tf.signal.frame / stft: the framed axis becomes (frames, frame_length), or for stft
    (frames, fft_length // 2 + 1) last; the count of frames is open where the framed length is
    (TF 2.21: stft of a (2, None) signal is (2, None, 193)), the other lengths as the signal's."""
    shape = shapes[0] if len(shapes) == 1 else None
    if shape is None:
        return None
    out = tuple(result._data.shape)
    axis = parameters.get('axis', -1)
    if not isinstance(axis, int) or not -len(shape) <= axis < len(shape):
        return None
    axis %= len(shape)
    frames = None if shape[axis] is None else out[axis]
    return shape[:axis] + (frames, out[axis + 1]) + shape[axis + 1:]


def _one_hot(parameters, shapes, result):
    indices = _keras_or_tf(parameters, 'x', 'indices')
    depth = _keras_or_tf(parameters, 'num_classes', 'depth')
    shape = _traced(indices, True) if isinstance(indices, Tensor) else None
    axis = parameters.get('axis')
    if shape is None or isinstance(depth, Tensor) or not isinstance(axis, (int, type(None))):
        return None
    shape = list(shape)
    shape.insert(len(shape) if axis in (None, -1) else int(axis) % (len(shape) + 1), int(depth))
    return tuple(shape)


def _taken(x, indices, axis):
    """keras.ops.take: GatherV2 on ``axis`` (of x flattened for None, open if any length is), the indices'
    shape in place of that axis (a Python list's or int's own)."""
    shape = _traced(x, True) if isinstance(x, Tensor) else None
    picks = _traced(indices, True) if isinstance(indices, Tensor) else tuple(getattr(_array(indices), 'shape', ()))
    if shape is None or picks is None or isinstance(axis, Tensor):
        return None
    if axis is None:
        shape, axis = ((None,) if None in shape else (int(_product(shape)),)), 0
    axis = int(axis) % len(shape)
    return shape[:axis] + tuple(picks) + shape[axis + 1:]


def _sliced(parameters, shapes, result):
    """keras.ops.slice (tf.slice): each length the given size, a -1 the rest of the input's length (open where
    that is); a size or start only the run gives leaves its length open."""
    trace = trace_names.current()
    shape = shapes[0] if shapes else None
    sizes = _partial_vector(_keras_or_tf(parameters, 'shape', 'size'), trace)
    starts = _partial_vector(_keras_or_tf(parameters, 'start_indices', 'begin'), trace)
    if shape is None or type(sizes) is not list or len(sizes) != len(shape):
        return None
    starts = starts if type(starts) is list and len(starts) == len(shape) else [None] * len(shape)
    out = []
    for dim, start, size in zip(shape, starts, sizes):
        if size is not None and size != -1:
            out.append(size)
        else:
            out.append(None if size is None or dim is None or start is None else dim - start)
    return tuple(out)


def _diagonal(parameters, shapes, result):
    """keras.ops.diag: a vector's matrix (its length plus |k| each way, open where the vector's is); a
    matrix's main diagonal (open where either length is)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    if len(shape) == 1:
        n = None if shape[0] is None else shape[0] + abs(int(parameters.get('k', 0)))
        return (n, n)
    return (None,) if None in shape else (min(shape),)


def _outer(parameters, shapes, result):
    """keras.ops.outer: (size of x1, size of x2), each open where a length of that input is."""
    if len(shapes) != 2 or None in shapes:
        return None
    return tuple(None if None in s else int(_product(s)) for s in shapes)


def _inner(parameters, shapes, result):
    """keras.ops.inner: the shape both branches of Keras 3's tf.cond over the ranks fit, x1 * x2's broadcast and
    the tensordot's x1[:-1] + x2[:-1], each length where they agree; of two ranks (two vectors, a matrix and a
    vector) an unknown one. TF 2.21: (None, None) for two (None, 4), (2, None) for two (2, 4), (None, 3, None) for
    (None, 3, 4) and (3, 4) (notes/progs/kerasops9/inner.py)."""
    if len(shapes) != 2 or None in shapes or not shapes[0] or not shapes[1]:
        return None
    a, b = shapes
    product, dot = _broadcast(parameters, shapes, result), tuple(a[:-1]) + tuple(b[:-1])
    if len(product) != len(dot):
        return None
    return tuple(p if p == d else None for p, d in zip(product, dot))


def _segments(parameters, shapes, result):
    """keras.ops.segment_sum, tf.math.unsorted_segment_sum (max, min, prod, mean) and
    tf.strings.unsorted_segment_join with num_segments: that many rows, the data's lengths past the ids' rank."""
    data = parameters['data'] if 'data' in parameters else parameters.get('inputs')
    data = _traced(data, True) if isinstance(data, Tensor) else None
    ids = parameters.get('segment_ids')
    rank = ids._data.ndim if isinstance(ids, Tensor) else 1
    count = parameters.get('num_segments')
    return None if data is None or type(count) is not int else (count,) + tuple(data[rank:])


def _segments_counted_by(parameters, trace):
    """tf.math.unsorted_segment_sum (max, min, prod, mean) with a tensor num_segments: UnsortedSegmentReduction's
    shape function reads it as a scalar TF folds (``tf.shape(x)[1]`` of a (None, 3) x: 3, ``tf.constant(4)``), else
    the row count is open: ``tf.size(y)`` of a tf.unique's y, ``tf.reduce_max(ids) + 1`` (TF 2.21,
    notes/progs/traceshapes4/q2.py)."""
    data = _input_shape(parameters['data'] if 'data' in parameters else parameters.get('inputs'), trace)
    ids = parameters.get('segment_ids')
    count = parameters['num_segments']
    if data is None or count._data.ndim != 0:
        return None
    rank = ids._data.ndim if isinstance(ids, Tensor) else np.ndim(ids)
    return (_partial_vector([count], trace)[0],) + tuple(data[rank:])


def _bitcast(parameters, shapes, result):
    """tf.bitcast: the input's lengths; a narrower type adds the ratio as a last axis, a wider one drops
    the last axis (its length the ratio)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    before, after = parameters['input']._data.dtype.itemsize, result._data.dtype.itemsize
    if before == after:
        return shape
    return shape + (before // after,) if before > after else shape[:-1]


def _polynomial(parameters, shapes, result):
    """tf.math.polyval: its one coefficient itself, else the coefficients broadcast with x."""
    coeffs = parameters.get('coeffs')
    if type(coeffs) in (list, tuple) and len(coeffs) == 1:
        return _input_shape(coeffs[0], trace_names.current())
    return _broadcast(parameters, shapes, result)


def _matrix_trace(parameters, shapes, result):
    """tf.linalg.trace: the batch lengths (each matrix's diagonal summed)."""
    return None if not shapes or shapes[0] is None else shapes[0][:-2]


def _diagonal_matrix(parameters, shapes, result):
    """tf.linalg.diag of the main diagonal (k=0, sizes not given): each vector a square matrix of its
    length (open where the vector's is)."""
    shape = shapes[0] if shapes else None
    return None if shape is None or not shape else shape + shape[-1:]


def _matrix_diagonal(parameters, shapes, result):
    """tf.linalg.diag_part (k=0): the batch lengths, then the shorter side (open where either is)."""
    shape = shapes[0] if shapes else None
    if shape is None or len(shape) < 2:
        return None
    rows, columns = shape[-2:]
    return shape[:-2] + (None if rows is None or columns is None else min(rows, columns),)


def _differenced(parameters, shapes, result):
    """keras.ops.diff (n=1): the axis one shorter (open where it is)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    axis = int(parameters.get('axis', -1)) % len(shape)
    return shape[:axis] + (None if shape[axis] is None else shape[axis] - 1,) + shape[axis + 1:]


def _halved(parameters, shapes, result):
    """keras.ops / keras.activations glu: x's shape, the axis halved (open where it is). keras.ops' call
    takes its settings as ``*args`` / ``**kwargs`` (ops_nn_extra's closures): the axis is read from them too."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    args, kwargs = parameters.get('args') or (), parameters.get('kwargs') or {}
    axis = args[0] if args else kwargs.get('axis', parameters.get('axis', -1))
    axis = int(axis) % len(shape)
    return shape[:axis] + (None if shape[axis] is None else shape[axis] // 2,) + shape[axis + 1:]


def _rotated(parameters, shapes, result):
    """keras.ops.rot90: x's shape, the lengths of its two axes swapped for an odd number of quarter turns."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    if int(parameters.get('k', 1)) % 2 == 0:
        return shape
    first, second = (int(a) % len(shape) for a in parameters.get('axes', (0, 1)))
    rotated = list(shape)
    rotated[first], rotated[second] = shape[second], shape[first]
    return tuple(rotated)


def _cumulative(parameters, shapes, result):
    """keras.ops.cumsum / cumprod: x's shape, or x flattened for axis=None."""
    return _flattened(parameters, shapes, result) if parameters.get('axis') is None else _same(parameters, shapes, result)


def _flattened(parameters, shapes, result):
    """keras.ops.ravel: one axis, as long as x's size (open where a length is)."""
    shape = shapes[0] if shapes else None
    return None if shape is None else (None,) if None in shape else (int(_product(shape)),)


def _einsum(parameters, shapes, result):
    """keras.ops.einsum: keras_einsum_shapes (each output letter's length from the first operand that knows it)."""
    return keras_einsum_shapes.output_shape(parameters.get('subscripts'), shapes)


def tf_einsum_shape(parameters, trace, result):
    """tf.einsum's traced shape (TF 2.21's Einsum shape function): each letter's length from the operands that
    know it, an implicit output the letters used once in sorted order (numpy's, not Keras's renamed one) after
    the broadcast '...' lengths; the array's where every operand's length is known but the form is not read
    here (an ellipsis inside a term); None where neither (an operand of unknown shape)."""
    equation, operands = parameters.get('equation'), parameters.get('inputs') or ()
    if not isinstance(equation, str):
        return None
    shapes = [_input_shape(t, trace) for t in operands]
    inputs, arrow, output = equation.replace(' ', '').partition('->')
    if not arrow:
        letters = inputs.replace('.', '').replace(',', '')
        output = ('...' if '...' in inputs else '') + ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    shape = keras_einsum_shapes.output_shape(inputs + '->' + output, shapes)
    if shape is None and all(s is not None and None not in s for s in shapes):
        return tuple(result._data.shape)
    return shape


def _dotted(parameters, shapes, result):
    """keras.ops.dot: tf.tensordot of x1's last axis with x2's second-to-last (its only one for a vector)."""
    if len(shapes) != 2 or None in shapes:
        return None
    a, b = shapes
    return tuple(a[:-1]) + (tuple(b[:-2]) + tuple(b[-1:]) if len(b) > 1 else ())


def _matmul(parameters, shapes, result):
    if len(shapes) != 2 or None in shapes:
        return None
    a, b = shapes
    if 'x1' in parameters and (len(a) == 1 or len(b) == 1):
        # keras.ops.matmul of a vector (numpy's rule, Keras's tensordot): the vector's axis goes, an open batch stays
        if len(a) == 1 and len(b) == 1:
            return ()
        return a[:-1] if len(b) == 1 else b[:-2] + b[-1:]
    if len(a) < 2 or len(b) < 2:
        return None
    flip_a = parameters.get('transpose_a') or parameters.get('adjoint_a')
    flip_b = parameters.get('transpose_b') or parameters.get('adjoint_b')
    rows = a[-1] if flip_a else a[-2]
    cols = b[-2] if flip_b else b[-1]
    batch = _broadcast(None, [a[:-2], b[:-2]], None)
    return batch + (rows, cols)


def _reshape(parameters, shapes, result):
    target = parameters.get('shape', parameters.get('newshape'))
    trace = trace_names.current()
    if isinstance(target, Tensor):      # a shape vector: the lengths the trace knows of it (tf.concat of tf.shape's)
        known = traced_shape_values.known_values(trace, target)
        return None if known is None else tuple(None if d == -1 else d for d in known)
    if not isinstance(target, (list, tuple)):
        return None
    out = []
    for dim in target:
        if isinstance(dim, Tensor) and traced_shape_values.is_constant(trace, dim):
            out.append(int(dim))        # (tf.shape(x)[1] of a known length)
        elif isinstance(dim, Tensor) or dim == -1:
            out.append(None)        # a traced length or the one inferred from an open input
        else:
            out.append(int(dim))
    return tuple(out)


def _transpose(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    perm = parameters.get('perm', parameters.get('axes'))
    perm = reversed(range(len(shape))) if perm is None else perm
    return tuple(shape[int(p)] for p in perm)


def _moved(parameters, shapes, result):
    """keras.ops.swapaxes / moveaxis: a transpose by the permutation NumPy's would make."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    rank = len(shape)
    if 'axis1' in parameters:
        perm = list(range(rank))
        a, b = int(parameters['axis1']) % rank, int(parameters['axis2']) % rank
        perm[a], perm[b] = perm[b], perm[a]
    else:
        source, destination = parameters.get('source'), parameters.get('destination')
        source = [int(a) % rank for a in (source if isinstance(source, (list, tuple)) else [source])]
        destination = [int(a) % rank for a in (destination if isinstance(destination, (list, tuple))
                                                else [destination])]
        perm = [a for a in range(rank) if a not in source]
        for d, a in sorted(zip(destination, source)):
            perm.insert(d, a)
    return tuple(shape[p] for p in perm)


def _appended(parameters, shapes, result):
    """keras.ops.append: a concat on ``axis``; axis=None joins both flattened (open if any length is)."""
    if parameters.get('axis') is not None:
        return _joined(parameters, shapes, result, False)
    if not shapes or any(s is None for s in shapes):
        return None
    return (None,) if any(None in s for s in shapes) else (sum(int(_product(s)) for s in shapes),)


def _hstacked(parameters, shapes, result):
    """keras.ops.hstack: a concat on axis 1, on axis 0 for 1-D tensors."""
    rank = len(shapes[0]) if shapes and shapes[0] is not None else 0
    return _joined({'axis': 1 if rank > 1 else 0}, shapes, result, False)


def _joined(parameters, shapes, result, stacked):
    if not shapes or any(s is None for s in shapes):
        return None
    axis = int(parameters.get('axis') or 0)
    rank = len(shapes[0]) + (1 if stacked else 0)
    axis %= rank
    if stacked:
        others = _broadcast(None, shapes, None)
        return others[:axis] + (len(shapes),) + others[axis:]
    merged = list(_broadcast(None, [s[:axis] + (1,) + s[axis + 1:] for s in shapes], None))
    lengths = [s[axis] for s in shapes]
    merged[axis] = None if None in lengths else sum(lengths)
    return tuple(merged)


def _index(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    index = parameters.get('index')
    if shape is None:
        return None
    if isinstance(index, Tensor) and index._data.dtype == bool:     # x[mask]: TF's boolean_mask, a row per true
        return (None,) + tuple(shape[index._data.ndim:])
    index = index if type(index) is tuple else (index,)
    # a scalar tensor among the indices packs StridedSlice's begin / end at run time: TF's shape function then
    # leaves every sliced length open (x[i, 1:] of (None, 3) is (None,), x[i] (3,), x[i:i + 2] (None, 3))
    dynamic = any(isinstance(i, Tensor) for i in index)
    if any(i is Ellipsis for i in index):
        at = index.index(Ellipsis)
        fill = len(shape) - (len(index) - 1 - sum(i is None for i in index))
        index = index[:at] + (slice(None),) * fill + index[at + 1:]
    out, axis = [], 0
    for item in index:
        if item is None:
            out.append(1)
            continue
        if axis >= len(shape):
            return None
        dim = shape[axis]
        axis += 1
        if isinstance(item, numbers.Integral) or (isinstance(item, Tensor) and item._data.ndim == 0):
            continue
        if type(item) is not slice:
            return None
        if dim is None or dynamic or _open_slices(item, trace_names.current()):
            out.append(None)
        else:
            out.append(len(range(*item.indices(dim))))
    return tuple(out) + tuple(shape[axis:])



def _open_slices(index, trace):
    """Whether a slice of ``index`` has a bound the graph knows only when it runs (runtime_values: a trace
    argument, a loop body's tensor, what is computed from them, a variable, a random draw: ``x[:i + 1]`` in a
    ``for i in tf.range(n)`` is (None,) in TF 2.21, ``x[:n]`` and ``x[1:n + 1]`` too; a constant's bound and
    ``tf.shape(x)[0] - 1`` of a known shape fold)."""
    for item in index if type(index) is tuple else (index,):
        if type(item) is not slice:
            continue
        for bound in (item.start, item.stop, item.step):
            if isinstance(bound, Tensor) and runtime_values.known_at_run(trace, bound):
                return True
    return False


def _ensured(parameters, shapes, result):
    """tf.ensure_shape: the input's traced lengths, with those it leaves open taken from ``shape``
    (TF's EnsureShape merges the two: ``ensure_shape(x, [2, None])`` of a (None, None) input is (2, None))."""
    given = trace_names.known_dims(parameters.get('shape'))
    shape = shapes[0] if shapes else None
    if given is None or shape is None or len(shape) != len(given):
        return shape if given is None else given
    return tuple(have if have is not None else want for have, want in zip(shape, given))


def _grayscale(parameters, shapes, result):
    return None if not shapes or shapes[0] is None else tuple(shapes[0][:-1]) + (1,)


def _resized(parameters, shapes, result):
    """tf.image.resize of one image or a batch: the batch length, the given size, the image's channels."""
    size = parameters.get('size')
    if not shapes or shapes[0] is None or type(size) not in (list, tuple) or len(size) != 2 \
            or not all(type(n) is int for n in size):
        return None
    return tuple(shapes[0][:-3]) + tuple(size) + tuple(shapes[0][-1:])


def _cropped(parameters, shapes, result):
    """tf.image.central_crop: the window's height and width follow the image's, which the trace leaves open."""
    shape = shapes[0] if shapes else None
    return None if shape is None or len(shape) < 3 else tuple(shape[:-3]) + (None, None) + tuple(shape[-1:])


_RULES = {
    'moved': _moved, 'hstack': _hstacked, 'appended': _appended,
    'broadcast': _broadcast, 'same': _same, 'reduce': _reduce, 'reduced': _reduce, 'matmul': _matmul,
    'reshape': _reshape, 'transpose': _transpose, 'concat': lambda p, s, r: _joined(p, s, r, False),
    'stack': lambda p, s, r: _joined(p, s, r, True), 'index': _index, 'argreduce': _argreduce,
    'expand': _expand, 'last_axis': _last_axis, 'gather': _gather, 'one_hot': _one_hot,
    'sliced': _sliced, 'diagonal': _diagonal, 'outer': _outer, 'segments': _segments, 'dotted': _dotted,
    'einsum': _einsum, 'flattened': _flattened, 'differenced': _differenced, 'halved': _halved, 'rotated': _rotated,
    'cumulative': _cumulative, 'along': lambda p, s, r: keras_take_along_names.output_shape(p),
    'median': lambda p, s, r: keras_median_names.output_shape(p, s),
    'conv': _conv, 'pool': _pooled, 'patches': _patches, 'ensured': _ensured, 'frames': _frames,
    'grayscale': _grayscale,
    'resized': _resized,
    'cropped': _cropped, 'bitcast': _bitcast, 'polynomial': _polynomial, 'matrix_trace': _matrix_trace, 'diagonal_matrix': _diagonal_matrix,
    'matrix_diagonal': _matrix_diagonal, 'array_stack': lambda p, s, r: _array_stack(p, r),
    'array_read': lambda p, s, r: _array_element(p, r), 'array_concat': lambda p, s, r: _array_concat(p),
}
