"""``keras.Function(inputs, outputs)``: the recorded computation from some KerasTensors to others,
callable on new values, as Keras 3's ``keras.Function``.

Like a functional Model without the Layer API: it tracks no weights, trains nothing and has no
summary. Its inputs may be bare ``keras.KerasTensor(shape)`` objects or ``keras.Input`` tensors;
everything between them and the outputs (layer calls, keras.ops calls, keras.Operation calls)
is replayed in order on the values given.
"""
from framework import nest
from layers.functional.keras_tensor import KerasTensor
from layers.functional.node import producer

from .operation import Operation


class Function(Operation):
    """Replays the calls linking ``inputs`` to ``outputs`` (each a KerasTensor or nested structure).

    Raises:
        ValueError: empty inputs or outputs (Keras's messages), an output that needs a tensor
            that is not among the inputs ("Graph disconnected"), or a call with another
            structure or incompatible shapes.
    """

    def __init__(self, inputs, outputs, name=None):
        super().__init__(name=name)
        self._inputs_struct, self._outputs_struct = inputs, outputs
        self._inputs, self._outputs = nest.flatten(inputs), nest.flatten(outputs)
        if not self._inputs:
            raise ValueError('`inputs` argument cannot be empty. Received:\ninputs=%s\noutputs=%s' % (inputs, outputs))
        if not self._outputs:
            raise ValueError('`outputs` argument cannot be empty. Received:\ninputs=%s\noutputs=%s' % (inputs, outputs))
        for what, tensors in (('inputs', self._inputs), ('outputs', self._outputs)):
            for tensor in tensors:
                if type(tensor) is not KerasTensor:
                    raise ValueError('keras.Function: every one of %s must be a KerasTensor; got %r (of type %s)'
                                     % (what, tensor, type(tensor).__name__))
        self._nodes = _calls_between(self._inputs, self._outputs)

    @property
    def inputs(self):
        """Flat list of the symbolic inputs."""
        return self._inputs

    @property
    def outputs(self):
        """Flat list of the symbolic outputs."""
        return self._outputs

    @property
    def operations(self):
        """The layers and ops called, in the order they run (each once)."""
        seen = []
        for node in self._nodes:
            if all(node.layer is not op for op in seen):
                seen.append(node.layer)
        return seen

    def call(self, inputs):
        """The outputs' values (in the outputs' structure) for these input values."""
        self._assert_input_compatibility(inputs)
        values = {id(ref): value for ref, value in zip(self._inputs, nest.flatten(inputs))}
        for node in self._nodes:
            args, kwargs = node.fill_in(_ById(values))
            results = node.layer(*args, **kwargs)
            for ref, value in zip(node.outputs, nest.flatten(results)):
                values[id(ref)] = value
        return nest.pack_sequence_as(self._outputs_struct, [values[id(x)] for x in self._outputs])

    def compute_output_shape(self, input_shape):
        """The outputs' shapes for inputs of these shapes (in the inputs' structure)."""
        flat = [KerasTensor(tuple(shape), ref.dtype) for shape, ref in zip(_shapes(input_shape), self._inputs)]
        spec = self.compute_output_spec(nest.pack_sequence_as(self._inputs_struct, flat))
        return nest.map_structure(lambda x: x.shape, spec)

    def _assert_input_compatibility(self, inputs):
        try:
            nest.assert_same_structure(inputs, self._inputs_struct, check_types=False)
        except (ValueError, TypeError):
            raise ValueError('Function was called with an invalid input structure. Expected input structure: %s\n'
                             'Received input structure: %s' % (self._inputs_struct, inputs)) from None
        for x, ref in zip(nest.flatten(inputs), self._inputs):
            shape = tuple(getattr(x, 'shape', ()))
            if len(shape) != len(ref.shape) or any(d is not None and r is not None and d != r
                                                   for d, r in zip(shape, ref.shape)):
                raise ValueError("%s was passed incompatible inputs. For input '%s', expected shape %s, but "
                                 'received instead a tensor with shape %s.'
                                 % (type(self).__name__, ref.name, ref.shape, shape))


class _ById(dict):
    """``values[tensor]`` for Node.fill_in, keyed by the tensor's id (KerasTensors define ==)."""

    def __init__(self, values):
        super().__init__()
        self._values = values

    def __getitem__(self, tensor):
        return self._values[id(tensor)]


def _shapes(input_shape):
    """The flat list of shapes in a nest of shape tuples (a tuple of ints is one shape)."""
    if isinstance(input_shape, (tuple, list)) and all(d is None or isinstance(d, int) for d in input_shape):
        return [input_shape]
    if isinstance(input_shape, dict):
        return [s for key in sorted(input_shape) for s in _shapes(input_shape[key])]
    return [s for item in input_shape for s in _shapes(item)]


def _calls_between(inputs, outputs):
    """The Nodes leading from ``inputs`` to ``outputs``, each after the Nodes it needs (a depth-first
    walk back from the outputs, stopping at the inputs; no recursion, so deep graphs fit)."""
    given = {id(x) for x in inputs}
    finished, order, done_ops = set(), [], []
    for output in outputs:
        stack = [(output, False, None)]
        while stack:
            tensor, expanded, consumer = stack.pop()
            if id(tensor) in given:
                continue
            history = getattr(tensor, '_keras_history', None)
            node = producer(tensor) if history is not None else None
            if node is None or node.is_input:
                raise ValueError("Graph disconnected: cannot find parent for tensor %s at operation '%s'. The "
                                 'following previous operations were accessed without issue: %s. Pass every '
                                 'tensor the outputs need in `inputs`.'
                                 % (tensor, consumer.layer if consumer is not None else None, done_ops))
            if expanded:
                if id(node) not in finished:
                    finished.add(id(node))
                    order.append(node)
                    done_ops.append(node.layer.name)
                continue
            if id(node) in finished:
                continue
            stack.append((tensor, True, consumer))
            stack.extend((x, False, node) for x in reversed(node.input_tensors))
    return order
