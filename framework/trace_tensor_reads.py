"""The eager tensors a tf.function's trace hands to its ops from outside it: the tensors it captures.

TensorFlow's trace captures each eager tensor one of its ops takes that the graph did not make (a
global's, a closure's, ``self.prediction_mask``) and lists it under 'Captures:' by its id and spec,
beside the variables' resource handles (TF 2.21: ``<id>: TensorSpec(shape=(3,), dtype=tf.float32,
name=None)``). tapeflow's trace runs on the real arrays, so its hook (traced_ops) notes here the ids of
the tensors the traced code hands to an API call that the trace has not named (no argument, nothing
the trace made); concrete_function_variables lists those its scan of the code finds, so a tensor the
code names without handing it to an op (``c.shape``) is not captured, as on TensorFlow.
"""
from . import trace_names
from .tensor import Tensor
from .variable import Variable

# one set of tensor ids per trace running now (a stack: nested traces also note into the outer ones,
# as TensorFlow's outer graph captures what an inner function's graph captured)
OPEN = []


def note(parameters):
    """Note the outside tensors among an API call's ``parameters`` (by name; a list or tuple's items too)."""
    for value in parameters.values():
        if type(value) in (list, tuple):
            for item in value:
                _note_one(item)
        else:
            _note_one(value)


def _note_one(value):
    if isinstance(value, Tensor) and not isinstance(value, Variable) and trace_names.entry_of(value) is None:
        for reads in OPEN:
            reads.add(id(value))
