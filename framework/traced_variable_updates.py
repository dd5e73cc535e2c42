"""``assign_add`` / ``assign_sub`` of a value of another shape inside a tf.function's trace.

TensorFlow 2.21 infers the AssignAddVariableOp's shapes while it builds the graph: a value whose traced
shape differs from the variable's is refused there, with a ValueError in shape inference's words that
autograph reports 'in user code:' (``v.assign_add(x)`` with v of shape [2], x of [3]: "Dimension 0 in
both shapes must be equal, but are 2 and 3. Shapes are [2] and [3]. for '{{node AssignAddVariableOp}} =
AssignAddVariableOp[dtype=DT_FLOAT](AssignAddVariableOp/resource, x)' with input shapes: [], [3].").
Eagerly the kernel refuses it (InvalidArgumentError 'Cannot update variable with shape ...'), which
tapeflow raised in the trace too. Only the error path asks here.
"""
from . import name_scopes, trace_names

_DATA_TYPES = {'float32': 'DT_FLOAT', 'float64': 'DT_DOUBLE', 'float16': 'DT_HALF', 'bfloat16': 'DT_BFLOAT16',
               'int32': 'DT_INT32', 'int64': 'DT_INT64', 'int16': 'DT_INT16', 'int8': 'DT_INT8',
               'uint8': 'DT_UINT8', 'complex64': 'DT_COMPLEX64', 'complex128': 'DT_COMPLEX128'}


def _dims(shape):
    return '[%s]' % ','.join(str(d) for d in shape)


def graph_refusal(kernel, variable_shape, value, dtype):
    """TensorFlow's ValueError for ``kernel`` ('AssignAddVariableOp' / 'AssignSubVariableOp') updating a
    variable of ``variable_shape`` with the traced tensor ``value`` while a graph trace runs; None
    elsewhere (eagerly, a value the trace does not name, a traced shape with an open size)."""
    if not trace_names.ACTIVE:
        return None
    graph = getattr(trace_names.current(), 'graph', None)
    entry = trace_names.entry_of(value)
    data_type = _DATA_TYPES.get(dtype.name)
    if graph is None or entry is None or entry[1] is None or None in entry[1] or data_type is None:
        return None
    shape = tuple(entry[1])
    variable_shape = tuple(variable_shape)
    node = graph.unique(name_scopes.current() + kernel)
    where = "for '{{node %s}} = %s[dtype=%s](%s/resource, %s)' with input shapes: [], %s." % (
        node, kernel, data_type, node, entry[0], _dims(shape))
    if len(shape) != len(variable_shape):
        return ValueError('Shapes must be equal rank, but are %d and %d %s' % (len(variable_shape), len(shape), where))
    axis = next(i for i, (a, b) in enumerate(zip(variable_shape, shape)) if a != b)
    return ValueError('Dimension %d in both shapes must be equal, but are %d and %d. Shapes are %s and %s. %s' % (
        axis, variable_shape[axis], shape[axis], _dims(variable_shape), _dims(shape), where))
