"""The output shapes of a Lambda without output_shape whose inputs or outputs are a structure (a list, tuple
or dict), as Keras 3 infers them on TF 2.21 by tracing its call on KerasTensors of the input shapes:
Lambda(lambda x: [x, x * 2]).compute_output_shape((None, 3)) is [(None, 3), (None, 3)] there. The layer's
base inference (layer_output_shapes) takes one input and one output, so this runs the function on zeros of
each input shape, open lengths once as 1 and once as 2: an output axis that follows them is open too."""
from framework import nest
from framework.ops import zeros
from framework.tape import paused
from framework.tensor import Tensor

from . import call_context


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


def _map_shapes(fn, shapes):
    if _is_shape(shapes):
        return fn(tuple(shapes))
    if isinstance(shapes, dict):
        return {key: _map_shapes(fn, value) for key, value in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(_map_shapes(fn, value) for value in shapes)
    raise TypeError('not a shape or a structure of shapes: %r' % (shapes,))


def _output_shapes(layer, input_shape, inner):
    """The call's outputs on zeros (a None batch as 1, other None lengths as ``inner``), and their shapes."""
    def stand_in(shape):
        return zeros(tuple((1 if i == 0 else inner) if d is None else d for i, d in enumerate(shape)),
                     layer.compute_dtype)
    inputs = _map_shapes(stand_in, input_shape)
    with paused(), call_context.probe():
        out = layer.call(inputs)
    return out, [tuple(t.shape) for t in nest.flatten(out)]


def structured_output_shapes(layer, input_shape):
    """The structure ``layer.call`` returns for inputs of ``input_shape``, each tensor as its shape.

    Raises: whatever the function raises on the stand-ins, or TypeError where an output is no tensor."""
    out, shapes = _output_shapes(layer, input_shape, 1)
    if not all(isinstance(t, Tensor) for t in nest.flatten(out)):
        raise TypeError('Lambda %r: an output is no tensor' % layer.name)
    open_inner = any(_map_flat(input_shape, lambda s: None in s[1:]))
    if open_inner:
        try:
            _, longer = _output_shapes(layer, input_shape, 2)
        except Exception:       # noqa: BLE001 -- a call that only works at length 1: keep what it gave
            longer = shapes
        shapes = [tuple(None if m != n else m for m, n in zip(a, b)) if len(a) == len(b) else a
                  for a, b in zip(shapes, longer)]
    if _map_flat(input_shape, lambda s: bool(s) and s[0] is None)[0]:     # Keras's batch stays open
        shapes = [(None,) + s[1:] if s else s for s in shapes]
    return nest.pack_sequence_as(out, shapes)


def _map_flat(shapes, fn):
    """``fn`` of each shape in a structure of them, in order."""
    found = []
    _map_shapes(lambda s: found.append(fn(s)) or s, shapes)
    return found
