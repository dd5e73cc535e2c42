"""A layer's outputs during a Keras build or traced step, named as graph tensors.

Keras 3 builds a functional model and runs fit / evaluate / predict steps in TensorFlow
graphs, so the tensors a layer hands on are graph tensors: ``print(h.shape)`` in the next
layer's ``call`` shows ``(None, 3)``. tapeflow runs them on arrays (stand-ins one sample long
for a build, the batch for a step); while such a trace runs (``trace_names.naming`` with a
``batch`` length), each layer's outputs whose first axis has that length are named with that
axis open, so that the shape and text user code reads follow Keras's.

In a trace TensorFlow runs as a graph (a Keras step, a tf.function) an output is named after the
last op its layer ran, in the layer's unique graph scope (``sequential_1/dense_1/BiasAdd:0``;
framework/graph_scopes.py, traced_op_names.py); in a Keras build, after the layer's path
(``sequential/dense``). Ops run inside a ``call`` (``tf.matmul(x, w)``) give tensors of the
arrays' shapes, as before, and a layer whose last op is not known here is named by its scope alone.
"""
from framework import nest, trace_names
from framework.dtypes import display_name
from framework.tensor import Tensor

from . import call_context
from .traced_op_names import last_op_name


def name_traced_outputs(layer, outputs, inputs=None):
    """Name ``layer``'s outputs in the trace running now, if it is a Keras build or step (or, in
    another graph trace, where they keep an open length of ``inputs``: ``_keep_open_lengths``)."""
    trace = trace_names.current()
    if trace is None:
        return
    if trace.batch is None:
        if trace.graph is not None:
            _keep_open_lengths(layer, outputs, inputs, trace)
            for value in nest.flatten(outputs):
                if type(value) is Tensor and value._data.ndim and trace_names.entry_of(value) is None:
                    _note_shape_from_input(value, inputs, trace)
        return
    length, free = trace.batch
    path = None
    if trace.graph is not None:
        # every call takes its scope, named outputs or not, as each takes its graph's names
        path = trace.graph.scope_of(call_context.enclosing_calls(layer))
        op = last_op_name(layer)
        if op is not None:
            path += '/' + op
    for value in nest.flatten(outputs):
        if type(value) is not Tensor or not value._data.ndim:
            continue
        if value._data.shape[0] != length:
            if trace.graph is not None:
                _note_shape_from_input(value, inputs, trace)
            continue
        if path is None:
            path = '/'.join((call_context.enclosing_names(layer) + [layer.name])[trace.scope_start:]) or layer.name
        shape = tuple(value._data.shape)
        trace.name_output(value, path, (None,) + shape[1:] if free else shape, display_name(value._data.dtype))


def _note_shape_from_input(value, inputs, trace):
    """In a graph trace, the shape of an output that is not one row per batch element (a Dense on
    ``x[:1]``), as TensorFlow's shape inference gives it: its first axis follows the first input's where
    their lengths agree (open there if the input's is), the other axes its own. Noted, not named, so that
    the ops it feeds, and a traced loop's check of its variables, know it (``for i in tf.range(n): s +=
    d(x[:1])[0, 0]`` keeps s a scalar)."""
    first = next((t for t in nest.flatten(inputs) if type(t) is Tensor), None)
    entry = trace_names.entry_of(first) if first is not None else None
    if entry is None or not entry[1] or not first._data.ndim or first._data.shape[0] != value._data.shape[0]:
        return
    trace.note_shape(value, (entry[1][0],) + tuple(value._data.shape[1:]))


def _keep_open_lengths(layer, outputs, inputs, trace):
    """In a graph trace without a batch (a Dataset.map function's), an output of the same shape as
    the layer's first input keeps the lengths that input's graph shape leaves open: a StringLookup of
    a label's characters is ``(None,)`` on TensorFlow, so the mapped dataset's spec is too (the
    keras.io captcha OCR's ``char_to_num(tf.strings.unicode_split(label, ...))``)."""
    first = next((t for t in nest.flatten(inputs) if type(t) is Tensor), None)
    entry = trace_names.entry_of(first) if first is not None else None
    if entry is None or entry[1] is None or None not in entry[1]:
        return
    path = trace.graph.scope_of(call_context.enclosing_calls(layer))
    op = last_op_name(layer)
    if op is not None:
        path += '/' + op
    for value in nest.flatten(outputs):
        if type(value) is Tensor and value._data.shape == first._data.shape:
            trace.name_output(value, path, entry[1], display_name(value._data.dtype))


def name_open_tokens(layer, output, inputs):
    """In a graph trace without a batch (a Dataset.map function's), name ``output`` (one row of token ids
    per input string) with its token axis open: TensorFlow's TextVectorization pads to the longest
    string only when the graph runs, so ``ds.batch(2).map(vectorize)`` has the spec ``(None, None)``
    (``(None,)`` unbatched) whatever the first batch's longest string."""
    trace = trace_names.current()
    if trace is None or trace.batch is not None or trace.graph is None or type(output) is not Tensor:
        return
    entry = trace_names.entry_of(inputs) if type(inputs) is Tensor else None
    leading = tuple(output._data.shape[:-1])
    if entry is not None and entry[1] is not None and len(entry[1]) >= len(leading):
        leading = tuple(entry[1][:len(leading)])
    path = trace.graph.scope_of(call_context.enclosing_calls(layer))
    trace.name_output(output, path, leading + (None,), display_name(output._data.dtype))
