"""``keras.Operation``: the base class of a user-defined op, as Keras 3 exports it.

A subclass writes ``call(*args)`` (what the op computes on tensors) and may write
``compute_output_spec(*args)`` (the KerasTensor(s) it returns for KerasTensor arguments).
Called on tensors it runs ``call``; called on KerasTensors it records its call as a Node of the
functional graph, so ``keras.Function`` and functional models run it later. Without a
``compute_output_spec`` the output shapes are found by running ``call`` on stand-in tensors
(free axes 2, then 3 long), as tapeflow does for keras.ops on KerasTensors.

tapeflow's Layer (and its record of a keras.ops call) does not derive from this class, as Keras 3's
do; they are registered as virtual subclasses, so ``isinstance(layer, keras.Operation)`` is True,
as there.
"""
import abc

from framework import nest
from layers import naming
from layers.functional.keras_tensor import KerasTensor
from layers.functional.node import Node, first_call_tensors
from layers.functional.symbolic_ops import _free_output_axes, contains_keras_tensor, first_stand_in_run


class Operation(metaclass=abc.ABCMeta):
    """One op: ``call`` on tensors, a recorded Node on KerasTensors.

    Args:
        name: default the class name in snake case, made unique ('plus1', 'plus1_1').
    Raises:
        ValueError: a name that is not a string or contains '/'.
    """
    trainable = True
    built = True
    weights = trainable_weights = non_trainable_weights = variables = ()

    def __init__(self, name=None):
        if name is not None and (not isinstance(name, str) or '/' in name):
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. Received: "
                             "name=%r (of type %s)" % (name, type(name)))
        self.name = name if name is not None else naming.unique_name(naming.to_snake_case(type(self).__name__))
        # what tapeflow's error messages for stand-in runs name (as for a recorded keras.ops call)
        self.class_name = type(self).__name__
        self.function_name = type(self).__name__ + '.call'

    def __repr__(self):
        return '<Operation name=%s>' % self.name

    def __call__(self, *args, **kwargs):
        if contains_keras_tensor(args, kwargs):
            return self.symbolic_call(*args, **kwargs)
        return self.call(*args, **kwargs)

    def call(self, *args, **kwargs):
        raise NotImplementedError('%s: a keras.Operation subclass must implement call(...), what the op computes'
                                  % type(self).__name__)

    def symbolic_call(self, *args, **kwargs):
        """Record this call on KerasTensors as a Node; returns the output KerasTensor(s)."""
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, args, kwargs, outputs)
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        """The KerasTensor(s) ``call`` returns for these KerasTensor arguments (from stand-in runs)."""
        run = _CallOnly(self)
        first, ran_at = first_stand_in_run(run, args, kwargs)
        varying = _free_output_axes(run, args, kwargs, first, ran_at)
        specs = [KerasTensor(tuple(None if i in axes else d for i, d in enumerate(t.shape)), t._data.dtype)
                 for t, axes in zip(nest.flatten(first), varying)]
        return nest.pack_sequence_as(first, specs)

    def count_params(self):
        return 0

    @property
    def input(self):
        """The input KerasTensor(s) of the op's first symbolic call."""
        return first_call_tensors(self, 'input')

    @property
    def output(self):
        """The output KerasTensor(s) of the op's first symbolic call."""
        return first_call_tensors(self, 'output')

    def get_config(self):
        return {'name': self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _CallOnly:
    """The op seen through its ``call`` alone (stand-in runs must not record Nodes)."""

    def __init__(self, op):
        self.name, self.class_name, self.function_name = op.name, op.class_name, op.function_name
        self._op = op

    def __call__(self, *args, **kwargs):
        return self._op.call(*args, **kwargs)


def _register_keras_operations():
    from layers.functional.operation import Operation as RecordedOp
    from layers.layer import Layer
    Operation.register(Layer)
    Operation.register(RecordedOp)


_register_keras_operations()
