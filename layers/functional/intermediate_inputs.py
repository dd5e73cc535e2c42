"""A functional model that starts at intermediate KerasTensors (Keras 3's ``clone_graph_nodes``).

``keras.Model(inputs=encoded, outputs=predictions)``, where ``encoded`` is a layer's output rather
than a ``keras.Input``, gets a new Input in its place, named '<tensor name>CLONE' as Keras names it,
and the calls between it and the outputs are recorded again on it (new nodes of the same layers,
on copies of the KerasTensors named '<name>_clone'), so the model's graph starts there while the
original graph, and the models already made on it, stay as they were.
"""
from framework import nest

from .keras_tensor import KerasTensor
from .node import Node, producer


def _is_input_tensor(tensor):
    return type(tensor) is not KerasTensor or tensor._keras_history is None or producer(tensor).is_input


def start_at_inputs(inputs, outputs):
    """(inputs, outputs) unchanged when every input comes from ``keras.Input``; otherwise the same
    structures with each intermediate input replaced by a new Input and the outputs by their copies
    computed from it."""
    flat_inputs = nest.flatten(inputs)
    if all(_is_input_tensor(t) for t in flat_inputs):
        return inputs, outputs
    from ..input_layer import Input, InputLayer          # input_layer imports the layer machinery
    copies = {}
    for tensor in flat_inputs:
        if _is_input_tensor(tensor):
            copies[id(tensor)] = tensor
            continue
        layer = tensor._keras_history[0]
        copies[id(tensor)] = Input(batch_shape=tensor.shape, dtype=tensor.dtype, name=tensor.name + 'CLONE',
                                   optional=isinstance(layer, InputLayer) and layer.optional)
    flat_outputs = nest.flatten(outputs)
    swap = lambda x: _copy(x, copies) if type(x) is KerasTensor else x      # noqa: E731
    for node in _nodes_between(set(id(t) for t in flat_inputs), flat_outputs):
        given = [t for t in node.outputs if id(t) in copies]
        if given:
            # An Input's call, or the call that made an intermediate input: recorded again on the
            # (new) InputLayer, as Keras does, so a given Input reads 'b[1][0]' in summaries.
            tensor = copies[id(given[0])]
            Node(tensor._keras_history[0], (), {}, tensor)
        elif not node.is_input:
            args = nest.map_structure(swap, list(node.args))
            kwargs = nest.map_structure(swap, node.kwargs) if node.kwargs else {}
            copy = Node(node.layer, args, kwargs, nest.map_structure(swap, node.output_structure))
            if node.keras_kwargs is not None:       # a call read from a config is written again as read
                copy.keras_kwargs = nest.map_structure(swap, node.keras_kwargs)
    return (nest.pack_sequence_as(inputs, [copies[id(t)] for t in flat_inputs]),
            nest.pack_sequence_as(outputs, [_copy(t, copies) for t in flat_outputs]))


def _copy(tensor, copies):
    if id(tensor) not in copies:
        if tensor._keras_history is not None and producer(tensor).is_input:
            return tensor              # an Input the model was not given: map_graph names it
        copies[id(tensor)] = KerasTensor(tensor.shape, tensor.dtype, name=tensor.name + '_clone')
    return copies[id(tensor)]


def _nodes_between(input_ids, outputs):
    """The calls the outputs depend on back to the given inputs, each after the calls it needs
    (Keras's ``_build_map``: the call that made a given input is included, not those before it)."""
    done, order = set(), []
    for output in outputs:
        stack = [(output, False)]
        while stack:
            tensor, expanded = stack.pop()
            node = producer(tensor)
            if expanded:
                if node not in done:
                    done.add(node)
                    order.append(node)
                continue
            if node in done:
                continue
            stack.append((tensor, True))
            if not node.is_input and id(tensor) not in input_ids:
                stack.extend((x, False) for x in reversed(node.input_tensors))
    return order
