"""The nodes of a functional model whose output more than one consumer reads.

TensorFlow's graph optimizer fuses a Dense layer's MatMul + BiasAdd with the activation that follows
(ops/fusable_outputs.py) only where the BiasAdd's output has that one consumer. Read twice (by an
Activation layer and by another layer, or by an Activation layer and as a model output), it stays
unfused and the activation is Eigen's op. Measured on TF 2.21: Dense(16) then Activation('tanh') /
('sigmoid') / ('elu') predicted with oneDNN's fused values (55, 74, 32 of 128 values off the eager
ones); the same model that also outputs the Dense's result predicted the eager values exactly.

Grappler's AddOpsRewrite likewise absorbs an Add only where its output has that one consumer: a
BatchNormalization output (``x * inv + shift``) that an Add layer and another layer both read stays one
leaf, so the Add sums in Keras's order (normalized_sums.py). Measured on TF 2.21 (notes progs/modelfuzz3
p6020, p6035: Add / Average of a BatchNormalization output and a Dense of it, fit an ulp off from the first
step while tapeflow regrouped it).
"""
from framework.ops.fusable_outputs import unmark

from ..normalized_sums import forget_parts


def shared_output_nodes(steps, outputs):
    """The nodes among ``steps`` with an output that two nodes, or a node and the model's ``outputs``,
    read (the nodes themselves, not their ids: a deep copy of the model maps them to its own)."""
    uses = {}
    for node in steps:
        for tensor in node.input_tensors:
            uses[id(tensor)] = uses.get(id(tensor), 0) + 1
    for tensor in outputs:
        uses[id(tensor)] = uses.get(id(tensor), 0) + 1
    return frozenset(node for node in steps if any(uses.get(id(t), 0) > 1 for t in node.outputs))


def unfuse(values):
    """Take the traced Dense outputs among ``values`` (a node's flat outputs) out of the fusable ones, and
    BatchNormalization outputs out of those an Add regroups."""
    for value in values:
        unmark(value)       # (the mark and its noted operands together: an id outlives its tensor)
    forget_parts(values)
