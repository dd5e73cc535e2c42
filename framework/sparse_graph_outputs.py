"""A tf.function's SparseTensor output as its concrete function shows it: a SparseTensorSpec of the shape TF 2.21's
graph knows ('Output Type:'), and graph tensors in ``structured_outputs``.

TF 2.21 prints ``SparseTensorSpec(TensorShape([3, 10]), tf.float32)`` as the output type of a trace returning its
SparseTensor argument, and ``SparseTensor(indices=Tensor("Identity:0", shape=(None, 2), dtype=int64),
values=Tensor("Identity_1:0", shape=(None,), dtype=float32), dense_shape=Tensor("Identity_2:0", shape=(2,),
dtype=int64))`` as its structured output (tutorials67/sparseout.py); tapeflow showed the run's values as a
``Literal[...]``. The static shape is the SparseTensor's ``shape`` in the graph: an argument's is its spec's; one
built from a dense shape tensor is what the graph reads off that tensor (``constant_value_as_shape``: a Python list
or a constant known, an argument's dense shape or an op's output open: ``x * 2.`` or ``tf.sparse.map_values`` of a
[3, 10] argument are [None, None]). tapeflow's sparse ops make their dense shapes on the host, so each notes the
static shape TF's wrapper gives its result in a trace (the ``note_*`` helpers below: reorder keeps its input's,
add / transpose / reshape a fully known one, concat merges, slice / reset_shape / a sparse reduction leave it open,
retain / fill_empty_rows / maximum read their input's dense shape tensor, expand_dims knows only its new 1).
"""
from . import trace_names


class SparseGraphOutput:
    """A SparseTensor of graph tensors (GraphOutputs): its indices, values and dense shape, TF's component order."""
    __slots__ = ('indices', 'values', 'dense_shape')

    def __init__(self, indices, values, dense_shape):
        self.indices, self.values, self.dense_shape = indices, values, dense_shape

    def components(self):
        return [self.indices, self.values, self.dense_shape]

    def renamed(self, leaf):
        """A copy whose components are ``leaf(component)`` taken in component order (their graph names)."""
        return SparseGraphOutput(*[leaf(c) for c in self.components()])

    def __str__(self):
        return 'SparseTensor(indices=%s, values=%s, dense_shape=%s)' % (self.indices, self.values, self.dense_shape)

    __repr__ = __str__


def stand_in(sparse, graph_output, shape):
    """``sparse`` as unnamed graph tensors of the static ``shape`` (a TensorShape): indices (None, rank), values
    (None,), dense shape (rank,); of unknown shape where the rank is unknown (``graph_output``: the GraphOutput
    class)."""
    from . import dtypes
    from .tensor_shape import TensorShape
    rank = shape.rank

    def part(tensor, known):
        return graph_output(None, TensorShape(None if rank is None else known), dtypes.as_dtype(tensor._data.dtype))
    return SparseGraphOutput(part(sparse.indices, (None, rank)), part(sparse.values, (None,)),
                             part(sparse.dense_shape, (rank,)))


def note(sparse, shape):
    """Note ``shape`` (a tuple with None where open, or None for an unknown rank) as the static shape the running
    trace's graph gives ``sparse`` (an op's result); nothing outside a trace."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is not None:
        trace.__dict__.setdefault('sparse_shapes', {})[id(sparse)] = (sparse, shape)
    return sparse


def note_open(sparse, rank=True):
    """``sparse``'s static shape is open at every axis (an op's dense shape output: tf.sparse.slice's SparseSlice);
    of unknown rank where ``rank`` is False (a sparse reduction's SparseReduceSumSparse)."""
    if trace_names.ACTIVE:
        note(sparse, (None,) * sparse.ndim if rank else None)
    return sparse


def note_read_from(sparse, source):
    """``sparse``'s static shape is what TF's graph reads off ``source``'s dense shape tensor (tf.sparse.retain,
    fill_empty_rows, maximum and minimum hand it on): known lengths where it holds them, open where only a run gives
    them (a tf.function's argument's)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is not None:
        from .traced_shape_values import partial_vector
        note(sparse, tuple(partial_vector(source.dense_shape, trace)))
    return sparse


def note_expanded(sparse, axis):
    """tf.sparse.expand_dims's static shape: 1 at ``axis``, the rest open (TF's graph cannot read the slices of the
    dense shape it concatenates, even of a constant SparseTensor)."""
    if trace_names.ACTIVE:
        note(sparse, tuple(1 if i == axis else None for i in range(sparse.ndim)))
    return sparse


def note_concatenated(sparse, parts, axis, expand):
    """tf.sparse.concat's static shape, as its wrapper merges the parts' static shapes: the lengths along ``axis``
    summed where all are known, the other axes the parts' known length (``expand``: their largest, where all are
    known)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None:
        return sparse
    shapes = [static_shape(trace, part) for part in parts]
    if any(shape is None for shape in shapes):
        return note(sparse, None)
    dims = []
    for i, lengths in enumerate(zip(*shapes)):
        known = [d for d in lengths if d is not None]
        if i == axis:
            dims.append(sum(known) if len(known) == len(lengths) else None)
        elif expand:
            dims.append(max(known) if len(known) == len(lengths) else None)
        else:
            dims.append(known[0] if known else None)
    return note(sparse, tuple(dims))


def note_kept(sparse, *sources, reordered=False):
    """``sparse`` (tf.sparse.add, transpose, reshape of ``sources``; ``reordered``: tf.sparse.reorder of the
    one source) keeps a static shape where its sources' are fully known, as TF's wrappers compute it; else it is
    open (an op's dense shape output), but a reorder's is its source's (TF sets its shape)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is not None:
        shapes = [static_shape(trace, source) for source in sources]
        if reordered:
            note(sparse, shapes[0])
        elif any(shape is None or None in shape for shape in shapes):
            note(sparse, (None,) * sparse.ndim)
    return sparse


def noted(sparse):
    """The static shape of ``sparse`` in the running trace: as noted, else None."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    found = getattr(trace, 'sparse_shapes', {}).get(id(sparse)) if trace is not None else None
    return found[1] if found is not None and found[0] is sparse else None


def note_arguments(trace, args, kwargs, input_signature, key):
    """Note the SparseTensor arguments' static shapes as their specs give them: the input_signature's, else the trace
    ``key``'s (a get_concrete_function's SparseTensorSpec([None, 4]), a reduce_retracing trace's open sizes)."""
    from . import nest
    from .sparse_trace_keys import is_sparse, sparse_spec
    from .type_spec import SparseTensorSpec
    sparses = [v for v in nest.flatten((args, kwargs)) if is_sparse(v)]
    if not sparses:
        return
    if input_signature is not None:
        specs = [s for s in nest.flatten(list(input_signature)) if isinstance(s, SparseTensorSpec)]
    else:
        specs = [sparse_spec(k) for k in _key_parts(key)]
    if len(specs) != len(sparses):
        return
    found = trace.__dict__.setdefault('sparse_shapes', {})
    for value, spec in zip(sparses, specs):
        found[id(value)] = (value, None if spec.shape.rank is None else tuple(spec.shape.as_list()))


def _key_parts(key):
    from .sparse_trace_keys import is_sparse_key
    if is_sparse_key(key):
        yield key
    elif type(key) is tuple:
        for part in key:
            yield from _key_parts(part)


def static_shape(trace, sparse):
    """The static shape (a tuple with None where open, or None for an unknown rank) ``trace``'s graph gives the
    SparseTensor ``sparse``: noted by an op or as an argument, else read off its traced dense shape, else the run's."""
    found = getattr(trace, 'sparse_shapes', {}).get(id(sparse))
    if found is not None and found[0] is sparse:
        return found[1]
    traced = getattr(sparse, 'traced_shape', None)
    if traced is not None:
        return tuple(traced)
    return tuple(int(d) for d in sparse._shape_host())
