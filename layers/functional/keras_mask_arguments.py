"""The ``mask`` argument of recorded calls, as Keras 3 writes it in a functional config and back.

Keras 3's ``Layer.__call__`` fills in ``mask`` for a layer whose ``call`` takes one (the
input's mask, ``None`` when it has none) and records it with the call. Its mask, when
there is one, is the output of a Keras op recorded in the graph (an Embedding with
``mask_zero`` gives ``NotEqual(tokens, 0)``, an entry whose module is ``keras.src.ops.*``).

Here masks ride on the KerasTensors themselves; an op's mask is also recorded with the
call, as Keras does (see symbolic_call), and a ``None`` mask read from a file is dropped
where the layer takes none.
"""
from framework import nest

from ..mask_propagation import takes_mask
from .keras_tensor import KerasTensor

OPS_MODULE_PREFIX = 'keras.src.ops.'


def with_keras_mask_argument(layer, args, kwargs):
    """The call's kwargs with ``mask`` as Keras 3 records it: a layer whose ``call`` takes ``mask``,
    called on one KerasTensor alone, gets ``mask=None`` when that tensor has no mask; a nested model
    called on a list or dict of them (whose call Keras records as given: keras_filled_arguments) gets
    that structure of Nones. (Keras 3.15 records nothing for Attention([query, value]): it copies
    the kwargs of a list call before filling them in.)"""
    if 'mask' in kwargs or not takes_mask(type(layer)) or len(args) != 1:
        return kwargs
    flat = nest.flatten(args[0])
    if not flat or any(type(x) is not KerasTensor or x._mask is not None for x in flat):
        return kwargs
    if any(type(x) is KerasTensor for x in nest.flatten(kwargs)):
        return kwargs
    return dict(kwargs, mask=None if type(args[0]) is KerasTensor else nest.map_structure(lambda x: None, args[0]))


def is_keras_op_entry(entry):
    """Whether a functional config's entry is a Keras op (``keras.src.ops.numpy.NotEqual``, ...).
    A legacy .h5 config names the class alone: an op class, whose config (unlike any layer's,
    even of a layer class of the same name, Add or Concatenate) has no 'trainable'."""
    module = entry.get('module')
    if module:
        # (keras.activations.relu on a KerasTensor records Keras's ReLU op, 'keras.src.activations.activations')
        from .keras_op_names import MODULES
        return str(module).startswith(OPS_MODULE_PREFIX) or module in MODULES.values()
    from .keras_op_names import function_for_class
    name, config = entry.get('class_name'), entry.get('config')
    return isinstance(name, str) and isinstance(config, dict) and 'trainable' not in config and \
        function_for_class(name) is not None


def readable_call(layer, args, kwargs):
    """``kwargs`` of a recorded call made fit for a call here: a ``None`` mask is dropped where
    the layer takes none. (A mask from an op, Embedding's NotEqual, is kept: the op is in the
    config, and the call keeps it in the graph as Keras's does.)"""
    mask = kwargs.get('mask')
    flat = nest.flatten(mask) if 'mask' in kwargs else []
    if flat and all(m is None for m in flat) and not takes_mask(type(layer)):
        kwargs = {k: v for k, v in kwargs.items() if k != 'mask'}
    return args, kwargs
