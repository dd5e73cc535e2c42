"""What a step's Python sees while Keras 3 would trace it: graph tensors and a second trace.

On TensorFlow, fit / evaluate / predict trace their step function on the data's spec:
``train_step(data)`` gets placeholders named ``data``, ``data_1``, ... (x, y, sample weights
in flat order) whose batch axis is None when the spec leaves it open, so a print there, or in
a layer's ``call``, shows ``Tensor("data:0", shape=(None, 4), dtype=float32)``. And when a
function's first trace creates variables (an optimizer's slots, a subclassed model built in
its first step, metrics built on their first update), TensorFlow traces it again, so that
trace's prints show twice (build's once: the second trace finds the model built).

tapeflow runs the step on the batch itself; during a traced step its tensors are named so
(``framework.trace_names``), and the first trace's prints are written again when it created
variables (``framework.function_init``).
"""
import contextlib

from framework import assert_statements, nest, symbolic_iteration, trace_names, traced_ops
from framework.dtypes import display_name
from framework.graph_scopes import GraphScopes
from framework.function_init import initializing
from framework.tensor import Tensor


def traced_step(batch, open_axes, first, created=False, function_name='one_step_on_data'):
    """The context of a step Keras traces on ``batch``. ``open_axes``: for each flattened
    tensor of the batch, the axes the trace leaves open (None: its rank too); ``first``: whether it is its
    function's first trace; ``created``: whether variables its trace would make were made
    before it (fit builds the optimizer before its first step); ``function_name``: the tf.function TF 2.21
    calls eagerly for it, which its graph errors name ('[Op:__inference_multi_step_on_iterator_N]' in fit
    and evaluate, one_step_on_data in train_on_batch / test_on_batch, one_step_on_data_distributed in
    predict and predict_on_batch: progs/lead41/ge2.py)."""
    names, length, free = {}, None, False
    leaves = [t for t in nest.flatten(batch) if t is not None]
    for index, value in enumerate(leaves):
        if type(value) is not Tensor:
            continue
        shape = tuple(value._data.shape)
        axes = open_axes[index] if index < len(open_axes) else ()
        # (axes None: a trace on an input of unknown rank, whose shape TensorFlow leaves out)
        names[id(value)] = ('data' if index == 0 else 'data_%d' % index,
                            None if axes is None else tuple(None if i in axes else d for i, d in enumerate(shape)),
                            display_name(value._data.dtype))
        if length is None and shape:
            length, free = shape[0], axes is None or 0 in axes
    stack = contextlib.ExitStack()
    if first:
        stack.enter_context(initializing(created, graph=True))
    stack.enter_context(trace_names.naming(names, None if length is None else (length, free), graph=GraphScopes()))
    # the tensors the step's ops make (in a model's own step, a layer's call, a compiled loss) print as
    # graph tensors (traced_ops); the step's random state is entered next
    stack.enter_context(traced_ops.hooked(state_entered=False))
    # Keras marks its step functions do_not_convert: a tensor `if` / `for` in a model's or layer's call
    # meets TF's OperatorNotAllowedInGraphError in the trace (a replay of a trace that passed needs no check)
    assert_statements.install()
    symbolic_iteration.install()
    stack.enter_context(assert_statements.running(False, function_name))
    return stack


def batch_axis_open(batch, free):
    """``open_axes`` for a train / test step whose trace leaves the batch axis open or not."""
    return [(0,) if free else () for _ in nest.flatten(batch)]
