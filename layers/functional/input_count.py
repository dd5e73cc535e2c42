"""A functional model called with another number of arrays than it has Inputs, where Keras 3's input_spec
check does not catch it (a nested input structure, {'p': [a, b], 'q': c}): Keras flattens the call's
inputs and zips them with its Inputs, so extra arrays go unused (after its structure warning), and missing
ones leave the outputs that need them uncomputed: "Output with path `` is not connected to `inputs`"
naming the first (its path in the outputs' structure, '' for a single output, '1' for a list's second)."""
from framework.keras.tree import flatten_with_path


def fit_input_count(model, flat):
    """``flat`` as Keras 3 runs it through ``model``: cut to the Inputs' number, or refused where an output
    cannot be computed without the missing ones."""
    expected = model._inputs
    if len(flat) > len(expected):
        return flat[:len(expected)]
    known = set(expected[:len(flat)])
    for node in model._graph.steps:
        if all(tensor in known for tensor in node.input_tensors):
            known.update(node.outputs)
    paths = [path for path, _ in flatten_with_path(model._outputs_struct)]
    for tensor, path in zip(model._outputs, paths):
        if tensor not in known:
            raise ValueError('Output with path `%s` is not connected to `inputs`' % '.'.join(str(p) for p in path))
    # (every output computable without them: Keras runs; tapeflow's call runs every layer, so it refuses)
    raise ValueError("Model '%s' expects %d input(s) %s, but it was called with %d input tensor(s); pass a list in "
                     'this order, or a dict keyed by these names'
                     % (model.name, len(expected), [t.name for t in expected], len(flat)))
