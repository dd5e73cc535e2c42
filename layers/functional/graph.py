"""The layer calls between a functional model's inputs and outputs, sorted once.

The order is Keras 3's (``ops/function.py``'s ``map_graph``), because a
model's ``layers`` order names its weights in saved files: a depth-first
walk back from the outputs numbers the layers as it first meets them; each
call's depth is the longest path from it to an output (a shared layer takes
its deepest call's); layers are listed deepest first, ties in walk order,
and the calls run deepest first.
"""
import collections

from framework.errors import noted

from .keras_tensor import KerasTensor
from .node import inbound_nodes, producer


class Graph:
    """What ``map_graph`` found.

    Attributes:
        layers: the layers in Keras's order (InputLayers included).
        nodes: the set of the model's own nodes (calls).
        nodes_by_depth: {depth: [nodes]}, depth 0 at the outputs.
        layers_by_depth: {depth: [layers]} in Keras's ``operations_by_depth`` order (a saved
            model's loader walks it: ``saving.depth_list_warnings``).
        steps: the non-input nodes in the order they run.
    """
    __slots__ = ('layers', 'nodes', 'nodes_by_depth', 'layers_by_depth', 'steps')

    def __init__(self, layers, nodes, nodes_by_depth, layers_by_depth, steps):
        self.layers = layers
        self.nodes = nodes
        self.nodes_by_depth = nodes_by_depth
        self.layers_by_depth = layers_by_depth
        self.steps = steps


def map_graph(model_name, inputs, outputs, output_paths=None):
    """The Graph from the flat lists ``inputs`` and ``outputs`` of KerasTensors (``output_paths``:
    each output's path in the model's outputs structure, as Keras joins it: '', '1', 'y', '0.0').

    Raises:
        ValueError: an input that is not an ``Input`` tensor, an output that
            depends on an Input not among ``inputs`` (Keras 3's words, naming the output's
            path; a note names both tensors), or two layers with one name.
    """
    _check_inputs(model_name, inputs)
    order, first_seen, disconnected = _walk(model_name, inputs, outputs, output_paths)
    in_graph = set(order)
    node_depth, layer_depth = {}, {}
    for node in reversed(order):                    # outputs first: a node's consumers are done
        depth = max(node_depth.setdefault(node, 0), layer_depth.get(node.layer, 0))
        layer_depth[node.layer] = node_depth[node] = depth
        for parent in node.parent_nodes:
            if parent in in_graph:
                node_depth[parent] = max(depth + 1, node_depth.get(parent, 0))
    for tensor in inputs:                           # an Input no output uses is still a model input
        layer = tensor._keras_history[0]
        if layer not in layer_depth:
            layer_depth[layer] = 0
            first_seen[layer] = -1
            node_depth[producer(tensor)] = 0

    nodes_by_depth, layers_by_depth = {}, {}
    for node, depth in node_depth.items():
        nodes_by_depth.setdefault(depth, []).append(node)
    for layer, depth in layer_depth.items():
        layers_by_depth.setdefault(depth, []).append(layer)
    layers = sorted(layer_depth, key=lambda layer: (-layer_depth[layer], first_seen[layer]))
    steps = [node for depth in sorted(nodes_by_depth, reverse=True) for node in nodes_by_depth[depth]
             if not node.is_input]
    _check_names(model_name, layers)
    if disconnected is not None:    # Keras 3 checks the names first, counting the Inputs not given too
        raise disconnected
    return Graph(layers, set(node_depth), nodes_by_depth, layers_by_depth, steps)


def _check_inputs(model_name, inputs):
    # One Input given twice is accepted, as Keras 3 accepts it: a call feeds it the last of its values.
    for index, tensor in enumerate(inputs):
        if type(tensor) is not KerasTensor:
            raise ValueError("Model '%s': inputs[%d] is %r (of type %s); every input must be a KerasTensor made "
                             'by keras.Input(...)' % (model_name, index, tensor, type(tensor).__name__))
        if not producer(tensor).is_input:
            raise ValueError("Model '%s': inputs[%d] is tensor '%s', an output of layer '%s', not an Input; start "
                             'the model at keras.Input(...) tensors (to reuse layers on a new input, call them '
                             'on a new keras.Input)' % (model_name, index, tensor.name, tensor._keras_history[0].name))


def _walk(model_name, inputs, outputs, output_paths=None):
    """The nodes the outputs depend on, each after its parents (a depth-first
    walk, without recursion so deep models fit), {layer: order first met}, and the error for the
    first output (in flat order) that depends on an Input not among ``inputs``, or None; the
    walk goes on past such Inputs, as Keras 3.15's map_graph does before it checks names."""
    declared = set(inputs)
    finished, order, first_seen = set(), [], {}
    disconnected = None
    for index, output in enumerate(outputs):
        if type(output) is not KerasTensor:
            raise ValueError("Model '%s': outputs[%d] is %r (of type %s); every output must be a KerasTensor "
                             'returned by a layer called on keras.Input tensors'
                             % (model_name, index, output, type(output).__name__))
        stack = [(output, False)]
        while stack:
            tensor, expanded = stack.pop()
            node = producer(tensor)
            if expanded:
                finished.add(node)
                order.append(node)
                continue
            if node in finished:
                continue
            if node.is_input and tensor not in declared and disconnected is None:
                # Keras 3.15's Function finds the first output (in flat order) its inputs do not reach
                path = output_paths[index] if output_paths is not None else str(index)
                error = ValueError('Output with path `%s` is not connected to `inputs`' % path)
                error.add_note(
                    "Model '%s': output tensor '%s' (shape %s, from layer '%s') is not connected to the inputs: "
                    "it depends on Input '%s', which is not in inputs %s. Pass every Input the outputs use in "
                    'Model(inputs=[...])' % (model_name, output.name, output.shape, output._keras_history[0].name,
                                             tensor.name, [x.name for x in inputs]))
                disconnected = error
            first_seen.setdefault(node.layer, len(first_seen))
            stack.append((tensor, True))
            stack.extend((x, False) for x in reversed(node.input_tensors))
    return order, first_seen, disconnected


def _check_names(model_name, layers):
    counts = collections.Counter(layer.name for layer in layers)
    for name, count in counts.items():
        if count > 1:
            raise noted(ValueError('The name "%s" is used %d times in the model. All operation names should be '
                                   'unique.' % (name, count)),
                        "tapeflow: model '%s' needs unique layer names (pass name=... to the layers)" % model_name)


def own_node_indices(layer, nodes):
    """[(index in layer._inbound_nodes, node)] for the layer's calls that belong to ``nodes``."""
    return [(index, node) for index, node in enumerate(inbound_nodes(layer)) if node in nodes]
