"""The graph name TF 2.21 gives the values of a RaggedTensor an elementwise op makes in a trace.

TF's ragged dispatch runs the op on the flat values, so they are that op's output: tf.math.square(rt).values is
Tensor("Square:0", shape=(None,), ...) (in a name scope 'blk/Square', with name='sq' 'sq/Square'), and the name
is used: a dense tf.math.square after it is 'Square_1'. tapeflow computes the values inside its own code, which
the trace does not name, so a map printing tf.cast(x, tf.int32) of a ragged batch showed its values.
"""
from . import dtypes, trace_names

# graph_op_names' rows whose ragged result's values TF 2.21 names by the row itself (measured:
# /work/notes/progs/tutorials65/probes/relem.py, relem2.py)
VALUES_OPS = frozenset(('Abs', 'Add', 'Cast', 'Exp', 'Log', 'Mul', 'Relu', 'Sqrt', 'Square', 'Sub', 'ones_like',
                        'zeros_like'))


def name_values(trace, row, parameters, result):
    """Name ``result``'s values (an elementwise ``row`` over a RaggedTensor argument, keeping its rows) in
    ``trace``'s graph as TF 2.21 does."""
    from .ragged import RaggedTensor
    from .ragged_traced_rows import _traced_shape
    from .tensor import Tensor
    from .traced_ops import layer_op_namer
    values = result._values
    namer = layer_op_namer()        # (the graph's namer and scope prefix, a Keras build's too)
    if namer is None or not isinstance(values, Tensor) or trace_names.entry_of(values) is not None \
            or not any(isinstance(p, RaggedTensor) and p._row_splits is result._row_splits
                       for p in parameters.values()):
        return
    (unique, prefix), given = namer, parameters.get('name')
    if isinstance(given, str) and given:        # (a given name is the op's scope: 'sq/Square')
        full = unique(prefix + given) + '/' + row
        unique(full)
    else:
        full = unique(prefix + row)
    shape = _traced_shape(values) or tuple(values._data.shape)
    trace.name_output(values, full, tuple(shape), dtypes.display_name(values._data.dtype))
