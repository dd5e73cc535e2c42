"""The ``mask`` argument of recorded calls, as Keras 3 writes it in a functional config and back.

Keras 3's ``Layer.__call__`` fills in ``mask`` for a layer whose ``call`` takes one (the
input's mask, ``None`` when it has none) and records it with the call. Its mask, when
there is one, is the output of a Keras op recorded in the graph (an Embedding with
``mask_zero`` gives ``NotEqual(tokens, 0)``, an entry whose module is ``keras.src.ops.*``).

Here masks ride on the KerasTensors themselves, so a rebuilt call needs neither: a
``None`` mask is dropped where the layer takes none, and an op's mask is dropped when
the call's input carries its own mask, which is the one Keras filled in.
"""
from framework import nest

from ..mask_propagation import takes_mask
from .keras_tensor import KerasTensor

OPS_MODULE_PREFIX = 'keras.src.ops.'


def with_keras_mask_argument(layer, args, kwargs):
    """The call's kwargs with ``mask`` as Keras 3 records it: a layer whose ``call`` takes ``mask``,
    called on one KerasTensor alone, gets ``mask=None`` when that tensor has no mask. (Keras 3.15
    records nothing for a list input, as Attention([query, value]) shows; and a mask's
    KerasTensor comes from no recorded call here.)"""
    if 'mask' in kwargs or not takes_mask(type(layer)) or len(args) != 1 or type(args[0]) is not KerasTensor:
        return kwargs
    if args[0]._mask is not None or any(type(x) is KerasTensor for x in nest.flatten(kwargs)):
        return kwargs
    return dict(kwargs, mask=None)


def is_keras_op_entry(entry):
    """Whether a functional config's entry is a Keras op (``keras.src.ops.numpy.NotEqual``, ...)."""
    return str(entry.get('module') or '').startswith(OPS_MODULE_PREFIX)


class KerasOpOutput:
    """Stands, while a config is rebuilt, for the output of a Keras op entry."""

    def __init__(self, entry):
        self.name, self.class_name = entry['name'], entry['class_name']


def readable_call(model_name, layer, args, kwargs):
    """``kwargs`` of a recorded call made fit for a call here (see the module docstring).

    Raises:
        ValueError: a Keras op's output used otherwise than as the mask of an input that
            carries its own, naming the op and the layer.
    """
    mask = kwargs.get('mask')
    flat = nest.flatten(mask) if 'mask' in kwargs else []
    if any(isinstance(m, KerasOpOutput) for m in flat) and _inputs_carry_masks(args):
        kwargs = {k: v for k, v in kwargs.items() if k != 'mask'}
    elif flat and all(m is None for m in flat) and not takes_mask(type(layer)):
        kwargs = {k: v for k, v in kwargs.items() if k != 'mask'}
    for value in nest.flatten((list(args), kwargs)):
        if isinstance(value, KerasOpOutput):
            raise ValueError("Functional model '%s': the call of layer '%s' takes the output of Keras op '%s' (%s), "
                             'a keras.ops call recorded in the graph; tapeflow rebuilds only the masks such ops '
                             'compute for an input that carries them. Rebuild the model in code and load its '
                             'weights with load_weights()' % (model_name, layer.name, value.name, value.class_name))
    return args, kwargs


def _inputs_carry_masks(args):
    tensors = [x for x in nest.flatten(args[0] if args else []) if type(x) is KerasTensor]
    return bool(tensors) and all(x._mask is not None for x in tensors)
