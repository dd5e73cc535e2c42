"""A traced RaggedTensor output as ``ConcreteFunction.structured_outputs`` shows it: TF 2.21's graph ragged tensor,
its components numbered as the graph's outputs (flat values first, then the row splits outermost first):
``tf.RaggedTensor(values=Tensor("Identity:0", shape=(None,), dtype=int32), row_splits=Tensor("Identity_1:0",
shape=(4,), dtype=int64))``. tapeflow showed the run's values.
"""


class RaggedGraphOutput:
    """``values`` (a GraphOutput, or a RaggedGraphOutput for an inner ragged axis) cut by ``row_splits``."""
    __slots__ = ('values', 'row_splits')

    def __init__(self, values, row_splits):
        self.values, self.row_splits = values, row_splits

    def components(self):
        """The graph tensors in TF's component order: the flat values, then the splits outermost first."""
        splits = []
        part = self
        while isinstance(part, RaggedGraphOutput):
            splits.append(part.row_splits)
            part = part.values
        return [part] + splits

    def renamed(self, leaf):
        """A copy whose components are ``leaf(component)`` taken in component order (their graph names)."""
        new = [leaf(c) for c in self.components()]
        out = new[0]
        for splits in reversed(new[1:]):
            out = RaggedGraphOutput(out, splits)
        return out

    def __str__(self):
        return 'tf.RaggedTensor(values=%s, row_splits=%s)' % (self.values, self.row_splits)

    __repr__ = __str__


def stand_in(rt, graph_output, open_dims):
    """A RaggedTensor output ``rt`` as unnamed graph tensors: the outer splits as long as the trace had them, the
    inner ones and the flat values' first axis open (``graph_output``: the GraphOutput class)."""
    from .tensor_shape import TensorShape
    flat = rt.flat_values
    inner = open_dims.shape_of(flat)
    inner = [None] * (len(flat.shape) - 1) if inner.rank is None else list(inner)[1:]
    out = graph_output(None, TensorShape([None] + inner), flat.dtype)
    nested = rt.nested_row_splits
    for level in reversed(range(len(nested))):
        splits = nested[level]
        shape = open_dims.shape_of(splits) if level == 0 else TensorShape([None])
        out = RaggedGraphOutput(out, graph_output(None, shape, splits.dtype))
    return out
