"""Node: one call of a layer on KerasTensors, recorded for the functional API.

Each layer keeps its nodes, in call order, in ``layer._inbound_nodes`` (the
list is created on the first symbolic call), and the calls that consumed its
outputs in ``layer._outbound_nodes``, as Keras 3's operations do; the
KerasTensors a call returns point back at it through ``_keras_history`` (layer,
node index, output index). An InputLayer has one node with no inputs.
"""
from framework import nest

from .keras_tensor import KerasHistory, KerasTensor


def inbound_nodes(layer):
    """The layer's recorded calls (an empty list for a layer never called symbolically)."""
    nodes = layer.__dict__.get('_inbound_nodes')
    if nodes is None:
        nodes = layer.__dict__['_inbound_nodes'] = []
    return nodes


class _OutboundNodes(list):
    """A layer's ``_outbound_nodes``. A pickle or deepcopy of the layer gets an empty list: the
    calls downstream of it belong to other models, which a SavedModel of this layer's model must
    not drag in (a downstream Lambda's lambda could not be pickled at all)."""

    def __reduce_ex__(self, protocol):
        return list, ()


def outbound_nodes(layer):
    """The recorded calls that took one of the layer's outputs as an input."""
    nodes = layer.__dict__.get('_outbound_nodes')
    if nodes is None:
        nodes = layer.__dict__['_outbound_nodes'] = _OutboundNodes()
    return nodes


class SymbolicArguments:
    """``node.arguments``: the call's arguments as Keras 3 keeps them (``args``, ``kwargs``, and
    ``keras_tensors``, the KerasTensors among them), for code that walks a functional graph."""
    __slots__ = ('args', 'kwargs', 'keras_tensors')

    def __init__(self, args, kwargs, keras_tensors):
        self.args, self.kwargs, self.keras_tensors = args, kwargs, keras_tensors


class Node:
    """``layer(*args, **kwargs)`` returning ``outputs``, where some arguments are KerasTensors.

    Attributes:
        layer: the layer called.
        args, kwargs: the call's arguments as given (KerasTensors in place of values).
        input_tensors: the KerasTensors among them, flattened in ``nest`` order.
        outputs: the flat list of KerasTensors it returned.
        output_structure: the outputs as the layer returned them (a list of two, ...).
        single_input: the KerasTensor when the call was ``layer(x)`` alone, else
            None; running the model then needs no structure mapping.
        keras_kwargs: for a call read from a config, its kwargs as written there (with the
            ``training`` default the call itself drops), which a config written again repeats.
    """
    __slots__ = ('layer', 'args', 'kwargs', 'input_tensors', 'outputs', 'output_structure', 'single_input',
                 'keras_kwargs')

    def __init__(self, layer, args=(), kwargs=None, outputs=()):
        self.layer = layer
        self.args = tuple(args)
        self.kwargs = dict(kwargs or {})
        self.input_tensors = [x for x in nest.flatten((list(self.args), self.kwargs)) if type(x) is KerasTensor]
        self.output_structure = outputs
        self.outputs = nest.flatten(outputs)
        # layer(x) alone: no other KerasTensor in the call (LSTM(...)(x, initial_state=[h, c]) is not)
        simple = len(self.args) == 1 and type(self.args[0]) is KerasTensor and len(self.input_tensors) == 1
        self.single_input = self.args[0] if simple else None
        self.keras_kwargs = None
        nodes = inbound_nodes(layer)
        nodes.append(self)
        for index, tensor in enumerate(self.outputs):
            tensor._keras_history = KerasHistory(layer, len(nodes) - 1, index)
        # every layer in a graph has both lists, as Keras 3's operations have from __init__ on
        outbound_nodes(layer)
        for tensor in self.input_tensors:
            if tensor._keras_history is not None:    # (not a raw KerasTensor of a build without data)
                outbound_nodes(tensor._keras_history[0]).append(self)

    @property
    def operation(self):
        """The layer (or keras.ops record) called: Keras 3's name for ``layer``."""
        return self.layer

    @property
    def output_tensors(self):
        return self.outputs

    @property
    def arguments(self):
        return SymbolicArguments(self.args, self.kwargs, self.input_tensors)

    @property
    def is_input(self):
        """An InputLayer's node: it has no inputs and starts the graph."""
        return not self.input_tensors

    @property
    def parent_nodes(self):
        """The nodes that made this node's input tensors."""
        return [producer(x) for x in self.input_tensors]

    def fill_in(self, values):
        """(args, kwargs) with each KerasTensor replaced by ``values[tensor]``."""
        swap = lambda x: values[x] if type(x) is KerasTensor else x          # noqa: E731
        return (nest.map_structure(swap, list(self.args)),
                nest.map_structure(swap, self.kwargs) if self.kwargs else {})

    def __repr__(self):
        return '<Node operation=%s, id=%d>' % (self.layer.name, id(self))      # Keras 3's repr


def producer(tensor):
    """The Node that made ``tensor``."""
    layer, node_index, _ = tensor._keras_history
    return inbound_nodes(layer)[node_index]


def first_call_tensors(layer, which):
    """``layer.input`` / ``layer.output``: the input or output KerasTensors of its first call
    (one tensor alone, else a list), as Keras 3 gives them.

    Raises:
        AttributeError: the layer was never called on KerasTensors.
    """
    nodes = inbound_nodes(layer)
    if not nodes:
        error = AttributeError('The layer %s has never been called and thus has no defined %s.' % (layer.name, which))
        error.add_note('Only calls on symbolic tensors (keras.Input) count; eager calls record no node')
        raise error
    tensors = nodes[0].input_tensors if which == 'input' else nodes[0].outputs
    return tensors[0] if len(tensors) == 1 else tensors
