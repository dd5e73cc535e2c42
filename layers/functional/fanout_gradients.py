"""A tensor that three or more layers of a functional model read: its gradient added in grappler's order
in a traced step.

The tensor's gradient is an AddN of its readers' gradients. Eager TensorFlow adds them in its tape's
visiting order, which tapeflow's sweep follows (framework/backward_order.py). In a graph (Keras's train
step, a tf.function) grappler's canonicalization sorts the inputs of a commutative op such as AddN by
node name first, and each reader's gradient op is named in its layer's scope
('gradient_tape/<model>/<layer>/MatMul/MatMul'): the layers' names decide the order. Measured on
TF 2.21 (notes progs/histories3/d4.py, d5.py): three Dense heads named cls / reg / bin on one hidden
Dense add as (bin, cls, reg); named a / b / c in that order, or c / b / a, as sorted too. A three-output
model compiled with three losses trained an ulp off TF from its first step (g09.py, d3.py).

tapeflow reproduces the sorted AddN ``((g0 + g1) + g2) + ...`` with a chain of identities: the
first two readers in name order read the last identity, each later one the identity before, the last
the tensor itself. Every link then adds two gradients (in either order the same sum), from the first
readers' outwards. Only in a traced step under a tape, for 3 to 9 readers (AddN adds more in chunks of
eight), each a distinct layer that reads the tensor once and has ops of its own on it (an Add layer
passes its gradient on unchanged: no op in its scope to sort by), and not for a model output or a
tensor with notes (a Keras mask rides on the tensor itself).
"""
from framework.ops import graph_rewrites
from framework.ops.operands import ACTIVE
from framework.ops.shapes import identity

from .operation import Operation

_MOST = 9               # AddN adds up to nine inputs as one running sum (framework/addn_chunks.py)
# Layers whose gradient reaches their input as the output's own tensor (no op in the layer's scope)
_PASS_THROUGH = frozenset({'Add', 'Subtract', 'Identity', 'InputLayer'})


def fanout_readers(steps, outputs):
    """{producer node: [(output index, readers in name order)]} for the outputs of ``steps`` that
    3 to 9 layers read as described above (nodes, not ids: a deep copy of the model maps them)."""
    readers = {}
    for node in steps:
        for tensor in node.input_tensors:
            readers.setdefault(id(tensor), []).append(node)
    model_outputs = {id(t) for t in outputs}
    found = {}
    for node in steps:
        for index, tensor in enumerate(node.outputs):
            nodes = readers.get(id(tensor), ())
            if not 3 <= len(nodes) <= _MOST or id(tensor) in model_outputs or not _sortable(nodes, tensor):
                continue
            ordered = sorted(nodes, key=lambda reader: reader.layer.name + '/')
            found.setdefault(node, []).append((index, ordered))
    return found


def _sortable(nodes, tensor):
    layers = [node.layer for node in nodes]
    if len({id(layer) for layer in layers}) != len(layers):
        return False
    for node in nodes:
        if isinstance(node.layer, Operation) or type(node.layer).__name__ in _PASS_THROUGH:
            return False
        if sum(t is tensor for t in node.input_tensors) != 1:
            return False
    return True


def applies():
    """Whether the running call is a traced step that a tape records."""
    return bool(ACTIVE) and bool(graph_rewrites.GATE[0]) and graph_rewrites.tracing()


def reader_values(value, ordered):
    """{reader node: the value it reads}: ``value`` and a chain of its identities, so that its gradient
    adds the readers' gradients in the order of ``ordered``."""
    chain = [value]
    for _ in range(len(ordered) - 2):
        chain.append(identity(chain[-1]))
    last = len(ordered) - 1
    return {reader: chain[min(last - position, last - 1)] for position, reader in enumerate(ordered)}
