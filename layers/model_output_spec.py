"""A model's ``compute_output_spec``, as Keras 3's Function and Sequential give it: each output's own dtype
(a StringLookup's int64, a float64 head's float64), not the model's compute dtype.

Keras's Function takes a shortcut where the given inputs' shapes are its Inputs' (a KerasTensor of each
output's shape and dtype, made in the outputs' flattened order), else 'the long road through the graph': its
nodes run deepest first, each op's compute_output_spec making KerasTensors of its outputs (names keras_tensor_N
in that order), and the outputs are some of them. A Sequential without a graph (no Input, not built) runs each
layer's compute_output_spec in turn.
"""
from framework import nest

from . import naming
from .functional.keras_tensor import KerasTensor


def model_output_spec(model, args, shape_of):
    """The KerasTensors ``model.compute_output_spec(*args)`` returns, or None for a layer that is neither a
    model with a graph nor an unbuilt Sequential (its spec comes from compute_output_shape)."""
    from .functional.symbolic_call import _graph_ends
    from .sequential import Sequential
    if isinstance(model, Sequential) and (model._graph_ends is None or not model.built):
        if len(args) != 1 or not model.layers:
            return None
        outputs = args[0]
        for layer in model.layers:
            outputs = layer.compute_output_spec(outputs)
        return outputs
    ends = _graph_ends(model) if isinstance(model, Sequential) or hasattr(model, '_outputs_struct') else None
    if ends is None:
        return None
    shapes = _flat_shapes(model.compute_output_shape(*[nest.map_structure(shape_of, arg) for arg in args]))
    specs = {id(t): (shape, t.dtype) for t, shape in zip(ends[1], shapes)}
    given = nest.flatten(args)
    if len(given) == len(ends[0]) and all(tuple(shape_of(x)) == tuple(ref.shape) for x, ref in zip(given, ends[0])):
        outputs = [KerasTensor(*specs[id(t)]) for t in ends[1]]
    else:
        made = _long_road(model, specs)
        outputs = [made[id(t)] if id(t) in made else given[ends[0].index(t)] for t in ends[1]]
    # in the structure of the model's outputs (Model(x, [y]) gives a list of one, as Keras's Function)
    structure = getattr(model, '_outputs_struct', None)
    return outputs[0] if structure is None and len(outputs) == 1 else \
        nest.pack_sequence_as(structure if structure is not None else ends[1], outputs)


def _long_road(model, specs):
    """{id(output): its KerasTensor}, made in the order Keras's run through the graph makes them, the
    names of the ops' other outputs (and of a nested model's own run) taken between them."""
    from .functional.symbolic_call import _graph_ends, _run_through_count
    graph = getattr(model, '_graph', None)
    if graph is None:       # a Sequential's chain: its last op gives the outputs
        ends = _graph_ends(model)
        _take_names(_run_through_count(ends) - len(ends[1]))
        return {id(t): KerasTensor(*specs[id(t)]) for t in ends[1]}
    made = {}
    for depth in sorted(graph.nodes_by_depth, reverse=True):
        for node in graph.nodes_by_depth[depth]:
            if node.is_input:
                continue
            inner = _graph_ends(node.layer)
            if inner is not None:
                _take_names(_run_through_count(inner) - len(inner[1]))
            for t in node.outputs:
                if id(t) in specs:
                    made[id(t)] = KerasTensor(*specs[id(t)])
                else:
                    _take_names(1)
    return made


def _take_names(count):
    for _ in range(count):
        naming.unique_name('keras_tensor')


def _flat_shapes(shapes):
    """The shapes in a structure of them (a dict's by sorted key, as nest flattens the outputs)."""
    if isinstance(shapes, tuple) and all(d is None or isinstance(d, int) for d in shapes):
        return [shapes]
    if isinstance(shapes, dict):
        return [s for key in sorted(shapes) for s in _flat_shapes(shapes[key])]
    return [s for value in shapes for s in _flat_shapes(value)]
