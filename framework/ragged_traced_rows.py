"""The row count a RaggedTensor has in a tf.function trace's graph: TF's static ``nrows``, the length of its
row_splits less one. A ragged made by tf.strings.split / bytes_split has an open row count (TF 2.21 counts
them at run time), tf.strings.unicode_split / unicode_decode as many rows as their input's traced length; one
built from Python row lengths knows its count. tapeflow's RaggedTensor holds the run's values, so the
split's row count is noted here, by its row_splits (which the raggeds made from it share: ``with_flat_values``), for the trace's shape rules
(RaggedTensor.to_tensor: TF 2.21's (None, None) for split lines, (2, None) for constant row lengths)."""


# splits whose rows TF counts at run time (StringSplitV2's dense shape, a tensor: nrows unknown even for an
# input of known length); the unicode splits' row_splits are one longer than their input
_ROWS_AT_RUN = ('StringSplit/', 'StringsByteSplit/')


def note_rows(trace, ragged, source, op_name):
    """Note that ``ragged``'s rows are ``source``'s first axis (a tensor's traced length, None where open), or
    open whatever it is where the op ``op_name`` (graph_op_names' row) counts them at run time."""
    from .ragged import RaggedTensor
    from .tensor import Tensor
    from .traced_shape_reads import input_shape as _input_shape
    if not isinstance(ragged, RaggedTensor):
        return
    if op_name.startswith(_ROWS_AT_RUN):
        rows = None
    elif isinstance(source, Tensor):
        traced_shape = _input_shape(source, trace)
        rows = traced_shape[0] if traced_shape else None
    else:
        return          # (a Python list's rows: its own count, the run's)
    notes = trace.__dict__.setdefault('ragged_rows', {})
    notes[id(ragged._row_splits)] = (ragged._row_splits, source, rows)     # (kept alive: ids stay theirs)
    _note_part_shapes(trace, ragged, rows, values_open=True)       # (a split's pieces: counted at run time)


def note_argument(trace, ragged, spec):
    """Note a RaggedTensor the trace takes as an argument (a tf.data element) as its RaggedTensorSpec ``spec``
    shapes it: rows ``spec.shape[0]``, row_splits one longer, values open (a nested level's rows too), as TF 2.21's
    graph decodes it from a variant (a map over ragged batches: x.shape (None, None), x.row_splits.shape (None,), where the run's
    (2, None) and (3,) showed; the batch's element_spec then kept the run's 2)."""
    from .ragged import RaggedTensor
    from .trace_names import known_dims
    shape = known_dims(getattr(spec, 'shape', None))
    if not isinstance(ragged, RaggedTensor) or not shape:
        return
    notes = trace.__dict__.setdefault('ragged_rows', {})
    notes[id(ragged._row_splits)] = (ragged._row_splits, None, shape[0])
    _note_part_shapes(trace, ragged, shape[0], values_open=True)
    inner = ragged._values
    while isinstance(inner, RaggedTensor):      # (a nested level has as many rows as the level above has values)
        notes[id(inner._row_splits)] = (inner._row_splits, None, None)
        _note_part_shapes(trace, inner, None, values_open=True)
        inner = inner._values


def name_argument_parts(found, name, ragged, spec):
    """Name a tf.function's RaggedTensor argument ``name``'s parts in ``found`` (id -> (name, shape, dtype)) as TF 2.21's
    graph takes its components: the flat values '<name>:0' (None, ...), the row splits outermost first '<name>_1:0',
    '<name>_2:0', ..., the outer ones as long as the spec's rows (the value's own where there is no spec) say, the
    others (None,): print(rt.row_splits) with input_signature RaggedTensorSpec([None, None]) is
    Tensor("rt_1:0", shape=(None,), dtype=int64)."""
    from . import dtypes
    from .trace_names import known_dims
    shape = known_dims(getattr(spec, 'shape', None)) if spec is not None else [ragged.nrows()._data.item()]
    rows = shape[0] if shape else None
    values = ragged.flat_values
    found[id(values)] = (name, (None,) + tuple(values._data.shape[1:]), dtypes.display_name(values._data.dtype))
    for k, splits in enumerate(ragged.nested_row_splits):
        length = rows + 1 if k == 0 and rows is not None else None
        found[id(splits)] = ('%s_%d' % (name, k + 1), (length,), dtypes.display_name(splits._data.dtype))


def note_range(ragged, bounds):
    """tf.ragged.range's rows in the running trace: as many as its vector bounds' traced length (one for scalar
    bounds), its values open, as TF 2.21's RaggedRange: tf.ragged.range(f['lengths']) in a map over batches is
    (None, None), row_splits and values (None,), where the run's (2, None), (3,) and (4,) showed."""
    from . import trace_names
    from .tensor import Tensor
    from .traced_shape_reads import input_shape as _input_shape
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None:
        return ragged
    lengths = [_input_shape(b, trace) for b in bounds if isinstance(b, Tensor) and b._data.ndim == 1]
    known = [shape[0] for shape in lengths if shape and shape[0] is not None]
    rows = known[0] if known else None if lengths else 1
    notes = trace.__dict__.setdefault('ragged_rows', {})
    notes[id(ragged._row_splits)] = (ragged._row_splits, None, rows)
    _note_part_shapes(trace, ragged, rows, values_open=True)
    return ragged


def note_arguments(trace, args, kwargs, input_signature, key=None):
    """A tf.function trace's RaggedTensor arguments, shaped as their specs say: the input_signature's, else
    the trace ``key``'s (get_concrete_function's RaggedTensorSpec), else the value's own rows (TF 2.21 keys the
    trace by RaggedTensorSpec([rows, None])), values open: with input_signature RaggedTensorSpec([None, None])
    rt.shape is (None, None) and rt.row_splits.shape (None,) on TF, where the run's (3, None) and (4,) showed."""
    from . import nest
    from .ragged import RaggedTensor
    from .ragged.ragged_spec import RaggedTensorSpec
    leaves = nest.flatten((args, kwargs))
    if not any(isinstance(v, RaggedTensor) for v in leaves):
        return
    specs = None
    if input_signature is not None:
        specs = [s for s in nest.flatten(list(input_signature)) if isinstance(s, RaggedTensorSpec)]
    elif key is not None:       # (get_concrete_function's RaggedTensorSpec([None, None]): its stand-in's rows open)
        specs = list(_key_specs(key))
    raggeds = [v for v in leaves if isinstance(v, RaggedTensor)]
    for k, value in enumerate(raggeds):
        spec = specs[k] if specs is not None and len(specs) == len(raggeds) \
            else RaggedTensorSpec(list(value.shape), value.dtype, value.ragged_rank)
        note_argument(trace, value, spec)


def _key_specs(key):
    """The RaggedTensorSpecs a trace key holds, in its order (function_keys: a ragged key is (RaggedTensor, ...))."""
    from .function_keys import placeholder
    from .ragged import RaggedTensor
    if type(key) is not tuple or not key:
        return
    if key[0] is RaggedTensor:
        yield placeholder(key)
        return
    for part in key:
        yield from _key_specs(part)


def _note_part_shapes(trace, ragged, rows, values_open):
    """Give ``ragged``'s row_splits (and, where ``values_open``, its values) the static shapes TF 2.21's graph
    has: row_splits one longer than the rows, (None,) where they are open; values (None, ...) where the op
    counts them at run time (a split's pieces, a slice's kept entries). rt.row_splits.shape in a
    tf.data map over split lines is (None,) on TF, where the run's (4,) showed."""
    trace.note_shape(ragged._row_splits, (None if rows is None else rows + 1,))
    # (read as a SparseTensor's by the tf.data stage's traced shapes: a map's spec keeps open rows open)
    ragged.traced_shape = (rows,) + tuple(ragged.shape)[1:]
    values = ragged._values
    if values_open and not hasattr(values, '_row_splits'):      # (a nested ragged's values keep the run's)
        trace.note_shape(values, (None,) + tuple(values._data.shape[1:]))


def keep_rows(source, result):
    """Note that ``result`` (a ragged cut from ``source`` along its inner axes: rt[:, 1:]) has ``source``'s
    rows in the current trace, as TF's slice keeps its row count (the NMT tutorial's target[:, :-1] of split
    lines: (None, None) in TF 2.21, where the run's count showed)."""
    from . import trace_names
    from .ragged import RaggedTensor
    trace = trace_names.current() if trace_names.ACTIVE else None
    noted = getattr(trace, 'ragged_rows', {}).get(id(source._row_splits)) if trace is not None else None
    if noted is not None and isinstance(result, RaggedTensor):
        trace.ragged_rows[id(result._row_splits)] = (result._row_splits,) + noted[1:]
        _note_part_shapes(trace, result, noted[2], values_open=True)


def note_partition(ragged, partition, extra=0):
    """Note ``ragged``'s rows as a tensor ``partition`` (row lengths, starts or limits; row splits with ``extra``
    1) counts them in the current trace: its traced length less ``extra``, open where that length is (TF 2.21:
    RaggedTensor.from_row_lengths(v, tf.ones_like(x)) of a (None,) x is (None, None))."""
    from . import trace_names
    from .ragged import RaggedTensor
    from .tensor import Tensor
    from .traced_shape_reads import input_shape as _input_shape
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None or not isinstance(partition, Tensor) or not isinstance(ragged, RaggedTensor):
        return
    shape = _input_shape(partition, trace)
    rows = shape[0] - extra if shape and shape[0] is not None else None
    notes = trace.__dict__.setdefault('ragged_rows', {})
    notes[id(ragged._row_splits)] = (ragged._row_splits, partition, rows)
    _note_part_shapes(trace, ragged, rows, values_open=False)     # (the values given keep their traced shape)


def per_row(ragged, vector):
    """``vector`` (one entry per row of ``ragged``: its row_lengths(), row_starts(), row_limits()), given the
    rows' traced count where the running trace noted one: (None,) for split lines in a TF 2.21 map, where
    the run's (3,) showed."""
    from . import trace_names
    trace = trace_names.current() if trace_names.ACTIVE else None
    noted = getattr(trace, 'ragged_rows', {}).get(id(ragged._row_splits)) if trace is not None else None
    if noted is not None:
        trace.note_shape(vector, (noted[2],))
    return vector


def per_value(ragged, vector):
    """``vector`` (one entry per value of ``ragged``: its value_rowids()), as long as the values are in the
    running trace ((None,) for a split's pieces, as TF 2.21's graph)."""
    from . import trace_names
    from .traced_shape_reads import input_shape as _input_shape
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is not None and id(ragged._row_splits) in getattr(trace, 'ragged_rows', {}):
        shape = trace_names.noted_shape(ragged._values) or _input_shape(ragged._values, trace)
        if shape:
            trace.note_shape(vector, (shape[0],))
    return vector


def rows_of(trace, ragged):
    """``ragged``'s row count in ``trace``'s graph: a noted one, else the run's (its row partition's own)."""
    noted = getattr(trace, 'ragged_rows', {}).get(id(ragged._row_splits))
    return noted[2] if noted is not None else ragged.nrows()._data.item()



def static_dims(ragged, depth=1):
    """``ragged``'s row count and each ragged level's uniform length (None for a ragged one) in its static shape
    (RaggedTensor.shape) as the code ``depth`` frames above the caller sees it in a trace: the noted ones (TF 2.21:
    (None, None) for tf.strings.split of a (None,) or (3,) input, (3, None) for tf.strings.unicode_split of a (3,)
    one, (1, None, None) for tf.expand_dims(rt, 0) of open rows), the run's where none was noted; False where the
    trace noted none or the code asking is tapeflow's own (it keeps the run's counts)."""
    import sys
    from . import trace_names
    from .ragged import RaggedTensor
    trace = trace_names.current()
    if trace is None:
        return False
    noted = getattr(trace, 'ragged_rows', {}).get(id(ragged._row_splits))
    uniform = getattr(trace, 'ragged_uniform', {})
    if noted is None and not any(id(splits) in uniform for splits in ragged.nested_row_splits):
        return False
    dims, level = [ragged.nrows()._data.item() if noted is None else noted[2]], ragged
    while isinstance(level, RaggedTensor):
        dims.append(uniform_length(trace, level))
        level = level._values
    if sys._getframe(depth + 1).f_globals.get('__name__', '').partition('.')[0] in trace_names._TAPEFLOW_PACKAGES:
        return False
    return dims


def uniform_length(trace, level):
    """The length ``trace``'s graph gives every row of one ragged ``level`` (its _uniform_row_length, None for a
    ragged one): a noted one (ragged_traced_nesting: tf.expand_dims(rt, 0) of open rows), else its own."""
    noted = getattr(trace, 'ragged_uniform', {}).get(id(level._row_splits))
    return level._uniform_row_length if noted is None else noted[1]


def keep_values(source, new_values):
    """``new_values`` (as many as ``source``'s values: an elementwise op's, rt + 1, tf.cast(rt), tf.ones_like(rt))
    have the traced length the running trace gave ``source``'s, as TF 2.21's graph carries it: (None,) for a map's
    ragged batch, where the run's (6,) showed."""
    from . import trace_names
    from .tensor import Tensor
    trace = trace_names.current() if trace_names.ACTIVE else None
    old = source._values
    if trace is None or not isinstance(new_values, Tensor) or not isinstance(old, Tensor):
        return
    shape = _traced_shape(old)
    if shape and shape[0] is None and new_values._data.shape[:1] == old._data.shape[:1]:
        trace.note_shape(new_values, (None,) + tuple(new_values._data.shape[1:]))


def note_op_result(trace, row, parameters, result):
    """A RaggedTensor made by the traced code's API call of graph_op_names' ``row`` over raggeds: its rows as
    TF 2.21's graph counts them, its values open. tf.concat on axis 0 adds the rows (None where one is open),
    on another axis keeps the first's; tf.gather's RaggedGather counts them at run time ((None, None) even for
    three known rows and two constant indices); tf.expand_dims and tf.stack as ragged_traced_nesting says.
    Others (a nested ragged) keep the run's."""
    from .ragged import RaggedTensor
    from . import ragged_traced_nesting, ragged_traced_values
    if not isinstance(result, RaggedTensor):
        return
    if row in ragged_traced_values.VALUES_OPS:      # (its values: the op's output, named as TF's graph names them)
        ragged_traced_values.name_values(trace, row, parameters, result)
    if row == 'ExpandDims' and isinstance(parameters.get('input'), RaggedTensor):
        ragged_traced_nesting.note_expanded(trace, parameters['input'], parameters.get('axis'), result)
        return
    if row == 'stack' and type(parameters.get('values')) in (list, tuple):
        ragged_traced_nesting.note_stacked(trace, parameters['values'], parameters.get('axis', 0), result)
        return
    if isinstance(result._values, RaggedTensor) or id(result._row_splits) in getattr(trace, 'ragged_rows', {}):
        return
    if row == 'GatherV2' and isinstance(parameters.get('params'), RaggedTensor):
        rows = None
    elif row == 'concat' and type(parameters.get('values')) in (list, tuple) and isinstance(
            parameters.get('axis'), int):
        counts = [_rows(trace, v) for v in parameters['values']]
        if any(c is False for c in counts):
            return
        if parameters['axis'] % result.ndim != 0:
            rows = counts[0]
        else:
            rows = None if None in counts else sum(counts)
    else:
        return
    notes = trace.__dict__.setdefault('ragged_rows', {})
    notes[id(result._row_splits)] = (result._row_splits, None, rows)
    _note_part_shapes(trace, result, rows, values_open=row == 'GatherV2' or any(
        _values_open(trace, v) for v in parameters['values']))


def _values_open(trace, value):
    """Whether a concat input's values (a dense input: its rows) have an open length in ``trace``."""
    from .ragged import RaggedTensor
    from .traced_shape_reads import input_shape as _input_shape
    values = value._values if isinstance(value, RaggedTensor) else value
    shape = _traced_shape(values) or _input_shape(values, trace)
    return not shape or shape[0] is None


def _traced_shape(tensor):
    """``tensor``'s traced shape in the running trace, named or noted (None where neither)."""
    from . import trace_names
    entry = trace_names.entry_of(tensor)
    return entry[1] if entry is not None else trace_names.noted_shape(tensor)


def _rows(trace, value):
    """A concat input's row count in ``trace``: a ragged's (noted or the run's), a dense tensor's traced first
    length; False where it is neither."""
    from .ragged import RaggedTensor
    from .tensor import Tensor
    from .traced_shape_reads import input_shape as _input_shape
    if isinstance(value, RaggedTensor):
        return rows_of(trace, value)
    shape = _input_shape(value, trace) if isinstance(value, Tensor) else None
    return shape[0] if shape else False


def slice_rows(source, result):
    """``result`` (``source``'s rows sliced: rt[1:], rt[::2]) has an open row count in the running trace
    where ``source``'s is open, as TF 2.21's graph (rt[1:] of a map's ragged batch: (None, None), row_splits
    (None,)); a known count stays the run's (three rows: rt[1:] is (2, None))."""
    from . import trace_names
    from .ragged import RaggedTensor
    trace = trace_names.current() if trace_names.ACTIVE else None
    noted = getattr(trace, 'ragged_rows', {}).get(id(source._row_splits)) if trace is not None else None
    if noted is None or not isinstance(result, RaggedTensor):
        return
    rows = None if noted[2] is None else result.nrows()._data.item()
    trace.ragged_rows[id(result._row_splits)] = (result._row_splits, None, rows)
    _note_part_shapes(trace, result, rows, values_open=True)
