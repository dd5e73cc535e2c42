"""The dense shape a tf.function's graph knows for a SparseTensor, which tf.sparse.to_dense's result takes.

SparseToDense's shape function reads its output_shape input as a partial shape: a dense shape made in the trace from
``tf.shape(x)`` of a (None, 4) x is [?, 4], ``tf.stack([tf.shape(x)[0], 5])`` [?, 5] (traced_shape_values), so
``tf.sparse.to_dense(tf.SparseTensor(i, v, tf.shape(x, out_type=tf.int64)))`` is (None, 4) in TF 2.21.
``tf.sparse.reorder`` of a SparseTensor whose static shape is not fully known hands on an Identity of its dense
shape, which the shape function cannot read: to_dense of it is (None, None), and the graph holds 'SparseReorder'
(or the given name) and 'Identity' (notes/progs/kerasops9/sp.py). tapeflow notes the shape as ``traced_shape`` on
the SparseTensor (tf.sparse.from_dense's row does so too, traced_ops), read by traced_op_shapes' 'densified' rule.
"""
from . import trace_names, traced_shape_values


def note_dense_shape(sparse, dense_shape):
    """Note on ``sparse`` what the running trace knows of its ``dense_shape`` tensor's values (None where the run
    gives them), where the trace made that tensor."""
    trace = trace_names.current()
    if trace is None or trace_names.entry_of(dense_shape) is None:
        return
    values = traced_shape_values.partial_vector(dense_shape, trace)
    if values is not None:
        sparse.traced_shape = tuple(values)


def name_reorder(graph, prefix, parameters, result):
    """tf.sparse.reorder's ops in the graph (its SparseReorder, named as given, and an Identity of the dense shape
    where the input's known shape has an open length), and its result's shape for to_dense."""
    from .sparse_graph_outputs import noted
    source = parameters.get('sp_input')
    shape = noted(source) or getattr(source, 'traced_shape', None)     # (an argument's: its spec's)
    if shape is None and hasattr(source, '_shape_host'):
        shape = tuple(int(d) for d in source._shape_host())
    given = parameters.get('name')
    graph.unique(prefix + (given if isinstance(given, str) and given else 'SparseReorder'))
    if shape is None or None not in shape:
        return
    graph.unique(prefix + 'Identity')
    result.traced_shape = (None,) * len(shape)
