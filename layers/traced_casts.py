"""The Cast ops Keras adds in a traced step, named as TensorFlow's graph names them.

Keras 3 casts a layer's floating inputs to its dtype in ``Layer.__call__`` (before the layer's name scope
opens), and a Functional model (a built Sequential) casts its inputs to its Inputs' dtypes inside its call.
In a traced fit / evaluate / predict step those are graph ops, and an error further on prints their
outputs: a batch of rank 1 into ``Sequential([Input((3,)), ...])`` is refused as
``Tensor("sequential_1/Cast:0", shape=(None,), dtype=float32)`` for integer or string data and
``Tensor("Cast:0", ...)`` for float64 data (TF 2.21, notes/progs/lead42/e4.py). Eagerly the cast is a
value like any other.
"""
import numpy as np

from framework import trace_names, traced_ops
from framework.dtypes import display_name
from framework.ops import cast


def cast_as_keras(x, dtype):
    """``cast(x, dtype)``, named 'Cast' in the scope open now where a graph trace runs."""
    result = cast(x, dtype)
    name_cast(x, result)
    return result


def name_cast(x, result):
    """Name ``result``, the cast of ``x``, as the graph's next 'Cast' op where a graph trace runs."""
    trace = trace_names.current()
    if trace is None or result is x:
        return
    entry = trace_names.entry_of(x)
    if trace.graph is None:
        # a Keras build's symbolic run (its scratch graph): the cast keeps the traced shape of what it casts,
        # so a layer under 'mixed_float16' called on Input((None, 4)) sees (None, None, 4) in its call, as
        # on TF 2.21, not the lengths of the zeros that stand for it ((1, 1, 4))
        if entry is not None and trace.ops is not None:
            trace.name_output(result, trace.ops.unique('Cast'), entry[1], display_name(result._data.dtype))
        return
    shape = tuple(entry[1]) if entry is not None and entry[1] is not None else tuple(x._data.shape)
    name = trace.graph.unique(traced_ops.scope_prefix(trace) + 'Cast')
    trace.name_output(result, name, shape, display_name(result._data.dtype))


def symbolic_cast(x, dtype):
    """The graph tensor a traced Cast of ``x`` makes, without its values: a string batch that a traced step
    casts to numbers, refused by a shape check before its kernel runs (TensorFlow's Cast only fails when
    the graph runs). None outside a graph trace."""
    trace = trace_names.current()
    if trace is None or trace.graph is None:
        return None
    from framework.tensor import Tensor
    stand_in = Tensor(np.zeros(x._data.shape, dtype))
    name_cast(x, stand_in)
    return stand_in
