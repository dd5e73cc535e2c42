"""Which tensors of a graph trace have values TensorFlow's shape inference cannot fold.

TF 2.21 infers a slice's length from its bounds when it can evaluate them while building the graph
(a constant, ``tf.shape(x)[0] - 1`` of a fully known x, ``tf.rank(x)``): ``x[:tf.shape(x)[0] - 1]`` of a
(3,) argument is (2,). A bound that depends on what only a run gives (an argument's value, a variable,
a random op, a loop body's tensor) leaves the length open: ``x[1:n + 1]``, ``x[:tf.reduce_max(idx)]``,
``x[:v]`` are (None,) (/work/notes/progs/autograph11/p11.py). While a trace names its ops
(traced_ops), each op's output that has such an input, or is random, is noted here; a Shape / Size / Rank
of an input whose traced shape is fully known folds to a constant, as TF's does.
"""
import re

from . import trace_names
from .tensor import Tensor
from .variable import Variable

_LOOP_BODY = re.compile(r'(^|/)while(_\d+)?/')     # (a tensor a tensor loop's body made: 'while/add')
_SHAPE_OPS = ('Shape', 'Size', 'Rank')


def note(trace, op_name, parameters, outputs):
    """The op ``op_name`` of ``trace`` made ``outputs`` from ``parameters``: note the outputs whose values
    only a run gives."""
    folded = getattr(trace, 'folded', ())
    if folded and all(id(tensor) in folded for tensor in outputs):
        return      # (TF folds it: traced_shape_values)
    if op_name in _SHAPE_OPS:
        source = parameters.get('input')
        entry = trace_names.entry_of(source) if isinstance(source, Tensor) else None
        shape = entry[1] if entry is not None else getattr(getattr(source, '_data', None), 'shape', None)
        if shape is not None and None not in shape:
            return      # (folded: the input's shape is known)
    elif 'andom' not in op_name and not any(known_at_run(trace, value) for value in _tensors(parameters)):
        return
    found = trace.__dict__.setdefault('run_values', set())
    found.update(id(tensor) for tensor in outputs)


def known_at_run(trace, tensor):
    """Whether the value of ``tensor`` (in the running ``trace``) is known only when the graph runs."""
    if isinstance(tensor, Variable):
        return True
    if id(tensor) in getattr(trace, 'run_values', ()):
        return True
    entry = trace_names.entry_of(tensor)
    return entry is not None and (_LOOP_BODY.search(entry[0]) is not None or trace_names.is_argument(trace, tensor))


def _tensors(parameters):
    for value in parameters.values():
        if isinstance(value, Tensor):
            yield value
        elif type(value) in (list, tuple):
            yield from (item for item in value if isinstance(item, Tensor))
