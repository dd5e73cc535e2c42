"""The graph's refusal of a recurrent cell's first step when a trace meets steps of another feature size.

In a traced call (fit's, evaluate's and predict's steps, a tf.function) Keras 3 on TF 2.21 runs its cell once on
the first step before its while loop, and TensorFlow's shape inference refuses the cell's ``matmul(step, kernel)``
as the node is added, a ValueError worded as the cell's call (TF 2.21, notes/progs/modelfuzz18/r1.py, r2.py):

    Dimensions must be equal, but are 2 and 3 for '{{node sequential_1/lstm_1/lstm_cell_1/MatMul}} = MatMul[...]
    (sequential_1/lstm_1/strided_slice_1, sequential_1/lstm_1/lstm_cell_1/Cast/ReadVariableOp)' with input
    shapes: [4,2], [3,12].

The step is ``strided_slice_1`` of the time-major sequence where the batch length is known, ``strided_slice_2``
where it is open (Keras's get_initial_state sliced ``tf.shape(inputs)`` first), ``unstack`` when the layer
unrolls, and the cell's ``mul`` when training with input dropout; the kernel is read in its ``Cast`` scope (cast
to the compute dtype under mixed precision: ``Cast/Cast``). tapeflow, tracing on real arrays, met the kernel's
eager error; here it is worded as the graph's.
"""
from framework import trace_names, traced_ops
from framework.graph_matmul_errors import matmul_mismatch
from framework.graph_shape_errors import DT_NAMES, dims_text, first_unequal, refusal

from .. import call_context


def traced_step_refusal(layer, cell, sequences, kernel, training):
    """(the graph's ValueError, the step's traced batch length or None) for ``sequences`` whose last axis does
    not fit ``kernel``, where a graph trace runs ``layer``'s call; else None (eagerly the kernel's error stands)."""
    trace = trace_names.current()
    if trace is None or trace.graph is None:
        return None
    traced = trace_names.inferred_shape(trace, sequences)
    batch = traced[0] if traced and len(traced) == 3 else sequences.shape[0]
    step_dtype = sequences.dtype.name
    found = matmul_mismatch([(batch, sequences.shape[-1]), tuple(kernel.shape)], {}, None, DT_NAMES.get(step_dtype),
                            first_unequal)
    if found is None or DT_NAMES.get(step_dtype) is None:
        return None
    dims, op, attrs = found
    graph = trace.graph
    scope = traced_ops.scope_prefix(trace)
    cell_scope = graph.scope_of(call_context.enclosing_calls(layer) + [(cell, cell.name, 2)]) + '/'
    if training and 0 < getattr(cell, 'dropout', 0) < 1:
        step = cell_scope + 'mul'           # Keras's inputs * dp_mask
    elif getattr(layer, 'unroll', False):
        step = scope + 'unstack'
    else:
        step = scope + ('strided_slice_2' if batch is None else 'strided_slice_1')
    # (the kernel met here may be the autocast read already: the cell's variable dtype says whether Keras cast it)
    read = 'Cast/ReadVariableOp' if getattr(cell, 'variable_dtype', step_dtype) == step_dtype else 'Cast/Cast'
    text = ("Dimensions must be equal, but are %d and %d for '{{node %s}} = %s[%s](%s, %s)' with input shapes: "
            "[%s], [%s]." % (dims + (graph.unique(cell_scope + op), op, attrs, step, cell_scope + read,
                                     dims_text((batch, sequences.shape[-1])), dims_text(kernel.shape))))
    return refusal(None, text), batch
