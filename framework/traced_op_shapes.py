"""The static shape TensorFlow's shape inference gives an op's output in a tf.function trace.

Where every input's traced shape is fully known the output's is the computed array's (TensorFlow
folds constant shapes too), except for ops whose length depends on values (``tf.range(n)`` of a
traced ``n``: ``(None,)``). Where an input leaves a length open (an input_signature's None) a
per-family rule carries the open lengths through: elementwise broadcasting, reductions, matmul,
reshape, transpose, concat, stack, basic indexing. Without a rule, or with an input whose shape
the trace cannot tell (made by a call it does not name), the shape is unknown (None): TensorFlow's
text for an unknown shape, ``Tensor("name:0", dtype=float32)``.

This module decides which rule applies; the rules live beside it: traced_shape_rules.py (elementwise,
reductions, contractions), traced_layout_shapes.py (reshape, transpose, joins, indexing, gathers),
traced_window_shapes.py (convolutions, pools, image ops), traced_run_lengths.py (lengths given by value
arguments), all reading their inputs through traced_shape_reads.py.
"""
import numpy as np

from . import runtime_values, trace_names, traced_count_shapes, traced_routing_shapes, traced_shape_values
from . import traced_layout_shapes, traced_shape_rules, traced_window_shapes
from .tensor import Tensor
from .traced_shape_values import partial_vector as _partial_vector
from .traced_layout_shapes import open_slices
from .traced_run_lengths import NOT_GIVEN, argument_lengths_open, created_shape, has_run_lengths, lengths_given_at_run, reshape_at_run
from .traced_shape_reads import input_shape, is_open, length_product, tensors_in, traced_shape
from .traced_shape_rules import einsum_rule, inner, tf_einsum_shape
from .traced_window_shapes import pooled


def output_shape(rule, parameters, result, trace):
    """The traced shape of ``result`` returned by a call of ``rule``'s family with ``parameters``; an
    unknown one computed from a tensor of unknown rank (an input_signature's TensorSpec(None)) is
    noted as of unknown rank too (``trace_names.of_unknown_rank``), as TF's shape inference leaves it."""
    shape = _output_shape(rule, parameters, result, trace)
    if shape is None and type(result) is Tensor and any(
            trace_names.of_unknown_rank(t, trace) for t in tensors_in(parameters)):
        trace.unknown_rank.add(id(result))
    return shape


def _output_shape(rule, parameters, result, trace):
    if rule == 'broadcast' and 'condition' in parameters and all(
            parameters.get(k) is None for k in ('x', 'y', 'x1', 'x2')):
        return (None, result._data.shape[1])    # tf.where(condition): one row per true element
    if rule == 'masked':        # tf.boolean_mask: as many rows as the mask holds true elements
        shape = traced_shape(parameters['tensor'], is_open(trace))
        mask = parameters['mask']       # (a tensor, or a Python list of bools: its nesting depth)
        mask_rank = len(mask.shape) if hasattr(mask, 'shape') else np.ndim(mask)
        return None if shape is None or parameters.get('axis') else (None,) + tuple(shape[mask_rank:])
    symbolic = [t for t in tensors_in(parameters) if trace_names.entry_of(t) is not None]
    if rule == 'call':      # a tf.function's outputs: the arrays' shapes where the trace knows all lengths
        several = isinstance(result, (list, tuple))
        known = [tuple(t._data.shape) for t in (result if several else [result])]
        known = [None] * len(known) if is_open(trace) else known
        return known if several else known[0]
    if rule == 'determinants':      # tf.linalg.slogdet's (sign, log |det|): one number per matrix each
        shape = traced_shape(parameters['input'], is_open(trace)) if isinstance(parameters.get('input'), Tensor) else None
        return [None if shape is None else shape[:-2]] * len(result)
    if rule == 'coordinates':       # keras.ops.nonzero: one index vector per axis, as long as the run's count
        return [(None,)] * len(result)
    if rule == 'opaque':      # py_function / numpy_function: an unknown rank for each output
        return [None] * len(result) if isinstance(result, (list, tuple)) else None
    if rule == 'outputs':
        return _outputs(parameters, list(result), trace)
    if rule == 'fixed':         # tf.shape / tf.size: as long as the input's rank, known
        source = next(tensors_in(parameters), None)
        if isinstance(parameters.get('input'), Tensor):
            traced_shape_values.remember_shape(trace, result, traced_shape(parameters['input'], is_open(trace)))
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
        return traced_routing_shapes.sparse_segments(parameters, lambda v: input_shape(v, trace), trace)
    if rule == 'stitched':
        return traced_routing_shapes.stitched(parameters, lambda v: input_shape(v, trace), trace)
    if rule == 'hits':          # tf.math.in_top_k (traced_count_shapes)
        return traced_count_shapes.hits(parameters, lambda v: input_shape(v, trace))
    if rule == 'histogram':     # tf.histogram_fixed_width: nbins long where TF folds it
        return traced_count_shapes.histogram(parameters, trace)
    if rule == 'counted':       # lengths the values decide (segment ids, the largest count): open in TF's graph
        return _counted(parameters, result, trace)
    if rule == 'decoded':
        return _decoded(parameters, result, trace)
    if rule == 'wav':           # tf.audio.decode_wav: TF 2.21's DecodeWav shape function
        return _wav(parameters)
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
        return inner(parameters, [traced_shape(t, is_open(trace)) for t in tensors_in(parameters)], result)
    if rule == 'tf_einsum':
        return tf_einsum_shape(parameters, trace, result)
    if rule == 'einsum' and not all(isinstance(t, Tensor) for t in parameters.get('operands') or ()):
        # (NumPy operands: Keras converts each to a constant of its array's shape)
        return einsum_rule(parameters, [input_shape(t, trace) for t in parameters['operands']], result)
    try:
        at_run = lengths_given_at_run(rule, parameters, trace, result)
    except (TypeError, ValueError, IndexError):     # (arguments the op took but no shape rule reads: unknown)
        at_run = None
    if at_run is not NOT_GIVEN:
        return at_run
    if rule in ('range', 'constant'):
        if not symbolic:
            return tuple(result._data.shape)
        if rule == 'range':     # a bound only the run gives: so is the length (tf.shape(x)[1] of (None, 4) folds)
            return (None,) if any(runtime_values.known_at_run(trace, t) for t in tensors_in(parameters)) \
                else tuple(result._data.shape)
    open_trace = is_open(trace)
    if rule == 'constant':      # a shape made of traced lengths: folded where the trace knows them all
        return argument_lengths_open(parameters, trace, tuple(result._data.shape)) if not open_trace \
            else created_shape(parameters, trace)
    if rule == 'stack':
        traced_shape_values.remember_stacked(trace, parameters, result)
    elif rule == 'index':
        traced_shape_values.remember_sliced(trace, parameters, result)
    elif rule == 'concat':
        traced_shape_values.remember_joined(trace, parameters, result)
    if rule == 'reshape' and has_run_lengths(parameters, trace):
        return reshape_at_run(parameters, trace, result)
    inputs = [(t, traced_shape(t, open_trace)) for t in tensors_in(parameters)]
    if all(shape is not None and None not in shape and shape == tuple(t._data.shape) for t, shape in inputs) \
            and not (rule == 'index' and open_slices(parameters.get('index'), trace)):
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
            return [input_shape(v, trace) for v in values]
    elif rule == 'broadcast':
        return shapes + [v.shape for v in parameters.values() if type(v) is np.ndarray]
    return shapes


def _outputs(parameters, outputs, trace):
    """The shapes of a call's several outputs: the arrays' where the input's traced shape is known
    (tf.unique's values: as long as the values are, None), else the input's open lengths carried to
    each output (tf.split, tf.unstack, tf.math.top_k) or unknown."""
    source = next(iter(tensors_in(parameters)), None)
    known = [tuple(t._data.shape) for t in outputs]
    if 'out_idx' in parameters:                 # tf.unique: (values, their indices), with_counts: and the counts
        return [(None,), traced_shape(source, is_open(trace))] + [(None,)] * (len(outputs) - 2)
    if 'num_partitions' in parameters:          # tf.dynamic_partition: each output's rows open
        return traced_routing_shapes.partitions(parameters, outputs, lambda v: input_shape(v, trace))
    if 'decreasing' in parameters:              # tf.nn.isotonic_regression: (output, segments), the input's shape
        return [traced_shape(source, is_open(trace))] * len(outputs)
    shape = traced_shape(source, is_open(trace)) if source is not None else None
    if 'include_batch_in_index' in parameters:      # tf.nn.max_pool_with_argmax: both pooled alike, of rank 4
        return [(None,) * 4 if shape is None else pooled(parameters, None, out) for out in outputs]
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
        shape = traced_shape(parameters.get('input_bytes'), is_open(trace))
        return None if shape is None else tuple(shape) + (None,)
    if parameters.get('expand_animations', False):
        return None
    channels = parameters.get('channels')
    return (None, None, channels if type(channels) is int and channels > 0 else None)


def _wav(parameters):
    """The traced shapes of tf.audio.decode_wav's (audio, sample_rate): the audio's samples and channels
    are only known when the graph reads the file, unless desired_samples (>= 0) or desired_channels (> 0)
    fix them (both attributes: Python ints); the rate is a scalar."""
    samples, channels = int(parameters.get('desired_samples', -1)), int(parameters.get('desired_channels', -1))
    return [(samples if samples >= 0 else None, channels if channels > 0 else None), ()]


def _scoped_outputs(parameters, result, trace):
    """tf.nn.moments: the mean's and the variance's shape, x's lengths less (or 1 at, with keepdims) the
    axes; tf.meshgrid: each grid's lengths, the inputs' sizes (the first two swapped for 'xy'), open where
    an input's size is."""
    if 'axes' in parameters:
        shape = input_shape(parameters['x'], trace)
        if shape is None:
            return [None, None]
        axes = {int(a) % len(shape) for a in parameters['axes']}
        keep = parameters.get('keepdims')
        shape = tuple(1 if keep and k in axes else n for k, n in enumerate(shape) if keep or k not in axes)
        return [shape, shape]
    sizes = []
    for value in parameters['args']:
        shape = input_shape(value, trace)
        sizes.append(None if shape is None or None in shape else int(length_product(shape)))
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
    flat = input_shape(part, trace)        # (values made inside the ragged's own op: their array's inner lengths)
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
        data, ids = input_shape(parameters['data'], trace), input_shape(parameters['segment_ids'], trace)
        return None if data is None or ids is None else (None,) + tuple(data[len(ids):])
    if not any(runtime_values.known_at_run(trace, t) for t in tensors_in(parameters)):
        return tuple(result._data.shape)
    if 'num_classes' in parameters:
        count = parameters['num_classes']
        return (count, count) if type(count) is int else (None, None)
    return (None,)


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


# each family's rule: (parameters, the inputs' traced shapes, the computed result) -> the output's traced shape
_RULES = {
    **traced_shape_rules.RULES, **traced_layout_shapes.RULES, **traced_window_shapes.RULES,
    'array_stack': lambda p, s, r: _array_stack(p, r), 'array_read': lambda p, s, r: _array_element(p, r),
    'array_concat': lambda p, s, r: _array_concat(p),
}
