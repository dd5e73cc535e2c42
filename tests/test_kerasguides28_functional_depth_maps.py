"""A functional model's ``_nodes_by_depth`` / ``_operations_by_depth``, which graph-walking code reads,
as TF 2.21 / Keras 3.15 prints them for the same model (depth 0 at the outputs; keys in the order
Keras's walk finds them; a depth's operations in ``operations`` order, its nodes as found)."""
import collections

import framework as tf  # noqa: F401
from framework import keras
from framework.keras import layers


def _model():
    keras.backend.clear_session()
    inp = keras.Input((4,), name='x')
    inp2 = keras.Input((4,), name='x2')
    d1 = layers.Dense(3, name='d1')
    a = d1(inp)
    b = layers.Dense(3, name='d2')(inp2)
    c = layers.add([a, b], name='addl')
    d = d1(layers.Dense(4, name='d3')(c))
    e = layers.concatenate([d, keras.ops.relu(c)], name='cat')
    return keras.Model([inp, inp2], [c, e], name='g'), inp, a


def test_nodes_by_depth():
    model, _, _ = _model()
    nodes = model._nodes_by_depth
    assert type(nodes) is collections.defaultdict
    assert list(nodes.keys()) == [0, 1, 3, 2, 4, 5]
    names = {depth: [node.operation.name for node in nodes[depth]] for depth in sorted(nodes)}
    assert names == {0: ['cat'], 1: ['d1', 'relu'], 2: ['d3'], 3: ['addl'], 4: ['d1', 'd2'], 5: ['x2', 'x']}


def test_operations_by_depth():
    model, _, _ = _model()
    ops = model._operations_by_depth
    names = {depth: [op.name for op in ops[depth]] for depth in sorted(ops)}
    # d1, called at depths 1 and 4, sits at its deepest; the Inputs in walk order
    assert names == {0: ['cat'], 1: ['relu'], 2: ['d3'], 3: ['addl'], 4: ['d1', 'd2'], 5: ['x', 'x2']}
    assert [layer.name for layer in model.layers] == ['x', 'x2', 'd1', 'd2', 'addl', 'd3', 'cat']


def test_nested_model_depths():
    _, inp, a = _model()
    inner = keras.Model(inp, a, name='inner')
    x = keras.Input((4,), name='outer_in')
    outer = keras.Model(x, layers.Dense(1, name='o')(inner(x)))
    names = {depth: [node.operation.name for node in nodes] for depth, nodes in outer._nodes_by_depth.items()}
    assert names == {0: ['o'], 1: ['inner'], 2: ['outer_in']}
    assert [node.operation.name for node in inner._inbound_nodes] == ['inner']
    assert len(inner._outbound_nodes) == 1
