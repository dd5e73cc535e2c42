"""A functional model's ``input_spec`` as Keras 3.15's Functional.input_spec gives it.

One InputSpec per Input: its shape with the batch axis free, ``allow_last_axis_squeeze=True``, named
after its InputLayer, optional where that Input is; a dict of Inputs by sorted key (named by key), a
deeper structure none (TF 2.21 prints ``[InputSpec(shape=(None, 3), ndim=2)]`` for ``keras.Model(i, o)``).
"""
from ..input_spec import InputSpec
from .keras_tensor import KerasTensor


def _spec(tensor, name=None):
    layer = tensor._keras_history[0]
    shape = list(tensor.shape)
    if shape:
        shape[0] = None
    return InputSpec(shape=tuple(shape), allow_last_axis_squeeze=True,
                     name=layer.name if name is None else name, optional=bool(getattr(layer, 'optional', False)))


def functional_input_specs(model):
    """Keras's list of InputSpecs for ``model``'s Inputs (None for a nested dict of them)."""
    struct = model._inputs_struct
    if isinstance(struct, dict):
        if all(isinstance(x, KerasTensor) for x in struct.values()):
            return [_spec(struct[name], name) for name in sorted(struct)]
        return None
    return [_spec(x) for x in model._inputs]
