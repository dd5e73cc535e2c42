"""The static shapes TF 2.21's graph gives a RaggedTensor that tf.expand_dims or tf.stack nest in a trace.

TF builds them from the input's row count (ragged_array_ops.expand_dims: from_uniform_row_length(rt,
rt.nrows(), nrows=1) at axis 0, (rt, 1, nrows=rt.nrows()) at axis 1) and, for tf.stack, from a concat of
the inputs' splits (axis 0) or a ragged gather of the concatenated rows (axis 1): where a row count is open
the graph's lengths are open too. tapeflow's RaggedTensor holds the run's values, so these notes give the
trace's code TF's shapes: tf.expand_dims(rt, 0) of open rows is (1, None, None) (the run's (1, 3, None)
showed), tf.stack([rt, rt], axis=1).values (None, None) even for three known rows.
"""
from .ragged_traced_rows import _note_part_shapes, _rows, _traced_shape, _values_open, rows_of


def note_expanded(trace, ragged, axis, result):
    """``result`` = tf.expand_dims(``ragged``, ``axis``) in ``trace``: at axis 0 a uniform level as long as
    ``ragged``'s rows, at axis 1 as many rows, deeper the values' traced shape with the new 1 ((None, 1) for
    open values, where the run's (6, 1) showed)."""
    from .ragged import RaggedTensor
    if not isinstance(axis, int) or not isinstance(result, RaggedTensor):
        return
    axis %= ragged.ndim + 1
    rows = rows_of(trace, ragged)
    if axis == 0:
        trace.__dict__.setdefault('ragged_uniform', {})[id(result._row_splits)] = (result._row_splits, rows)
        result.traced_shape = (1, rows) + tuple(result.shape)[2:]
    elif axis == 1:
        trace.__dict__.setdefault('ragged_rows', {})[id(result._row_splits)] = (result._row_splits, None, rows)
        _note_part_shapes(trace, result, rows, values_open=False)
    elif isinstance(ragged._values, RaggedTensor):
        note_expanded(trace, ragged._values, axis - 1, result._values)
    else:
        from .traced_shape_reads import input_shape as _input_shape
        shape = _traced_shape(ragged._values) or _input_shape(ragged._values, trace)
        if shape:
            shape = tuple(shape)
            trace.note_shape(result._values, shape[:axis - 1] + (1,) + shape[axis - 1:])


def note_stacked(trace, values, axis, result):
    """``result`` = tf.stack(``values``, ``axis``) of raggeds in ``trace``: at axis 0 its values (the inputs'
    rows concatenated) as many rows as they have together, open where one is; at axis 1 as many rows as the
    first input of known rows (TF's _copy_row_shape), its values gathered (open)."""
    from .ragged import RaggedTensor
    if not isinstance(axis, int) or not any(isinstance(v, RaggedTensor) for v in values) \
            or not isinstance(result._values, RaggedTensor):
        return
    counts = [_rows(trace, v) for v in values]
    if any(c is False for c in counts):
        return
    notes = trace.__dict__.setdefault('ragged_rows', {})
    joined = result._values
    if axis % result.ndim == 0:
        rows = None if None in counts else sum(counts)
        result.traced_shape = (len(values),) + tuple(result.shape)[1:]     # (a map's spec keeps the stacked count)
        notes[id(joined._row_splits)] = (joined._row_splits, None, rows)
        _note_part_shapes(trace, joined, rows, values_open=any(_values_open(trace, v) for v in values))
    elif axis % result.ndim == 1:
        rows = next((c for c in counts if c is not None), None)
        notes[id(result._row_splits)] = (result._row_splits, None, rows)
        _note_part_shapes(trace, result, rows, values_open=False)
        notes[id(joined._row_splits)] = (joined._row_splits, None, None)
        _note_part_shapes(trace, joined, None, values_open=True)
