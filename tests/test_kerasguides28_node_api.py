"""Walking a functional graph through its Nodes, with Keras 3's Node API (values printed by TF 2.21 /
Keras 3.15 for the same program): ``node.operation``, ``node.arguments``, ``node.output_tensors``,
``parent_nodes`` and the layers' ``_outbound_nodes``, and Keras 3's repr."""
import copy
import pickle
import re

import framework as tf  # noqa: F401
from framework import keras
from framework.keras import layers


def _graph():
    keras.backend.clear_session()
    inp = keras.Input((4,), name='x')
    d1 = layers.Dense(3, name='d1')
    a = d1(inp)
    b = layers.Dense(3, name='d2')(inp)
    c = layers.add([a, b], name='addl')
    d = d1(layers.Dense(4, name='d3')(c))
    return keras.Model(inp, [c, d], name='g'), d1


def test_node_repr_names_operation_and_id():
    model, _ = _graph()
    node = model.get_layer('addl')._inbound_nodes[0]
    # TF: <Node operation=addl, id=140633469202832>
    assert re.fullmatch(r'<Node operation=addl, id=%d>' % id(node), repr(node))


def test_node_operation_arguments_and_outputs():
    model, _ = _graph()
    node = model.get_layer('addl')._inbound_nodes[0]
    assert node.operation is model.get_layer('addl')
    assert [t.shape for t in node.input_tensors] == [(None, 3), (None, 3)]
    assert [t.shape for t in node.output_tensors] == [(None, 3)]
    assert node.output_tensors == node.outputs
    assert [p.operation.name for p in node.parent_nodes] == ['d1', 'd2']
    assert type(node.arguments).__name__ == 'SymbolicArguments'
    assert len(node.arguments.keras_tensors) == 2
    assert [type(a).__name__ for a in node.arguments.args] == ['list']
    assert node.arguments.kwargs == {}
    assert node.is_input is False


def test_outbound_nodes_link_consumers():
    model, d1 = _graph()
    assert len(d1._inbound_nodes) == 2
    assert len(d1._outbound_nodes) == 1          # TF: d1's first output feeds addl
    assert d1._outbound_nodes[0].operation.name == 'addl'
    x_node = model.get_layer('x')._inbound_nodes[0]
    assert x_node.is_input is True
    assert [t.name for t in x_node.output_tensors] == ['x']
    assert [n.operation.name for n in model.get_layer('x')._outbound_nodes] == ['d1', 'd2']
    assert model.get_layer('d3')._outbound_nodes[0].operation is d1


def test_output_layer_has_empty_outbound_list():
    keras.backend.clear_session()
    inp = keras.Input((3,))
    out = layers.Dense(2, name='last')(inp)
    model = keras.Model(inp, out)
    assert model.get_layer('last')._outbound_nodes == []


def test_copies_drop_downstream_nodes():
    # a deepcopy of a sub-model starts with no downstream calls (TF 2.21: 0); tapeflow's SavedModel
    # pickles layers, and must not drag in the models that use them (a downstream Lambda's lambda
    # cannot be pickled)
    keras.backend.clear_session()
    inp = keras.Input((3,))
    enc = keras.Model(inp, layers.Dense(2, name='e')(inp), name='enc')
    x = keras.Input((3,))
    keras.Model(x, layers.Lambda(lambda t: t * 2)(enc(x)))
    assert len(enc.get_layer('e')._outbound_nodes) == 0
    assert len(enc._outbound_nodes) == 1
    # (a deepcopy is a model reloaded from its .keras archive, as in Keras 3: tapeflow makes its
    # _outbound_nodes list at its first downstream call)
    assert copy.deepcopy(enc).__dict__.get('_outbound_nodes', []) == []
    assert pickle.loads(pickle.dumps(enc)).__dict__.get('_outbound_nodes', []) == []
    assert pickle.loads(pickle.dumps(enc.get_layer('e')._outbound_nodes)) == []
