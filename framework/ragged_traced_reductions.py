"""A reduction of a RaggedTensor in a tf.function or tf.data trace: TF 2.21's graph name and static shape.

TF dispatches tf.reduce_sum(rt, axis) and its kin to ragged_math_ops, which open a 'RaggedReduceSum' scope
(a given name replaces it) and reduce each row's values with a segment op: in a map over ragged batches
tf.reduce_sum(x, axis=1) is Tensor("RaggedReduceSum/UnsortedSegmentSum:0", shape=(None,)), as long as the
traced row count, and axis=0 is (None,) (the longest row's length) even where the rows are known. tapeflow
reduces the run's values, so it named them 'Sum' with the run's (2,), and a map's element_spec kept that 2.
Measured on TF 2.21 (notes progs/tutorials64/probes/rred.py .. rred4.py): ragged_rank 1, one axis, the first two
or all; other forms stay unnamed (their value prints).
"""
from . import dtypes, ragged_traced_rows
from .traced_shape_reads import input_shape as _input_shape

# graph_op_names' row -> (TF's scope, the op ending a reduction over one axis, over all axes; None: the scope's
# own op); the segment reductions end keepdims=True in an ExpandDims, the others in their last op still
_OPS = {
    'Sum': ('RaggedReduceSum', 'UnsortedSegmentSum', None),
    'Max': ('RaggedReduceMax', 'UnsortedSegmentMax', None),
    'Min': ('RaggedReduceMin', 'UnsortedSegmentMin', None),
    'Prod': ('RaggedReduceProd', 'UnsortedSegmentProd', None),
    'Mean': ('RaggedReduceMean', 'truediv', 'truediv'),
    'Any': ('RaggedReduceAny', 'Cast_1', 'Cast_1'),
    'All': ('RaggedReduceAll', 'Cast_1', 'Cast_1'),
    'reduce_std/Sqrt': ('RaggedReduceStd', 'Sqrt', 'Sqrt'),
    'reduce_variance/Mean_1': ('RaggedReduceVariance', 'Maximum', 'Maximum'),
}


def is_ragged_reduction(row, parameters):
    """Whether the call of graph_op_names' ``row`` reduces a RaggedTensor (tf.reduce_* / tf.math.reduce_std
    and reduce_variance, whose input is ``input_tensor``)."""
    from .ragged import RaggedTensor
    return row in _OPS and isinstance(parameters.get('input_tensor'), RaggedTensor)


def name_reduction(trace, graph, prefix, row, parameters, result):
    """Name ``result`` (a Tensor) of a ragged reduction in ``trace``'s graph as TF 2.21 does, inside the
    scope ``prefix``; a form not measured (a nested ragged, other axes) is left unnamed, its scope taken."""
    rt, keepdims = parameters['input_tensor'], bool(parameters.get('keepdims'))
    scope, last_of_axis, last_of_all = _OPS[row]
    given = parameters.get('name')
    scope = given if isinstance(given, str) and given and '/' not in given else scope
    dims = _static_dims(trace, rt)
    axes = _axes(parameters.get('axis'), len(dims) if dims else 0)
    segment_op = last_of_all is None
    if dims is None or axes is False or (axes == (0, 1) and row not in _DENSE_LAST):
        graph.unique(prefix + scope)
        return
    if axes is None and keepdims and segment_op:
        graph.unique(prefix + scope)        # (the scalar made in the scope, expanded outside it)
        name = graph.unique(prefix + 'ExpandDims')
    else:
        if axes == (0, 1):      # the rows' reductions, then the dense one over them (keepdims in it)
            last = _DENSE_LAST[row]
        else:
            last = last_of_all if axes is None else 'ExpandDims' if keepdims and segment_op else last_of_axis
        name = graph.unique(prefix + scope)
        if last is not None:
            name = name + '/' + last
            graph.unique(name)
    if axes is None:
        shape = (1,) * len(dims) if keepdims else ()
    else:
        shape = tuple(1 if k in axes else d for k, d in enumerate(dims) if keepdims or k not in axes)
    trace.name_output(result, name, shape, dtypes.display_name(result._data.dtype))


# the last op of a reduction over the rows and the ragged axis together (axis=[0, 1]): the segment reductions'
# dense op over the rows' results, the others' last op still
_DENSE_LAST = {'Sum': 'Sum', 'Max': 'Max', 'Min': 'Min', 'Prod': 'Prod', 'Mean': 'truediv', 'Any': 'Cast_1',
               'All': 'Cast_1'}


def _static_dims(trace, rt):
    """``rt``'s static shape in the trace as a list (its rows as the trace counts them, None for the ragged
    axis, the values' inner lengths), or None for a ragged_rank other than 1."""
    from .ragged import RaggedTensor
    values = rt._values
    if isinstance(values, RaggedTensor):
        return None
    inner = _input_shape(values, trace) or tuple(values._data.shape)
    return [ragged_traced_rows.rows_of(trace, rt), rt._uniform_row_length] + list(inner[1:])


def _axes(axis, rank):
    """The reduced axes, sorted, in [0, rank): one, or the rows and the ragged axis (0, 1); None for all of
    them; False for a form not measured (other axes, a tensor's)."""
    if axis is None:
        return None
    axes = list(axis) if type(axis) in (list, tuple) else [axis]
    if not axes or not all(isinstance(a, int) and -rank <= a < rank for a in axes):
        return False
    axes = tuple(sorted({a % rank for a in axes}))
    return axes if len(axes) == 1 or axes == (0, 1) else False
