"""Which call() arguments Keras 3 counts as tensor arguments (its CallSpec's rule).

Keras 3's Layer.__call__ sorts each argument of ``call`` once: a tensor (a SparseTensor or RaggedTensor too),
or a non-empty structure whose leaves are all tensors or None, is a tensor argument; anything else is not.
That sorting decides what a first call builds from (the shapes of tensor arguments only) and which argument
an automatic ``mask`` follows, so both ask here; and a structure that mixes tensors with other values it
refuses (``refuse_mixed_arguments``).
"""
import inspect

from framework import nest
from framework.composite import CompositeTensor
from framework.extension_type import ExtensionType
from framework.tensor import Tensor

_TENSORS = (Tensor, CompositeTensor)


def is_tensor_argument(value):
    """Whether Keras 3's CallSpec counts ``value`` a tensor argument."""
    if isinstance(value, _TENSORS):
        return _is_tensor(value)
    if not isinstance(value, (list, tuple, dict)) or not value:
        return False
    return all(leaf is None or _is_tensor(leaf) for leaf in nest.flatten(value))


def _is_tensor(value):
    # (an ExtensionType is none: tf.is_tensor, which Keras asks, is False for it)
    return isinstance(value, _TENSORS) and not isinstance(value, ExtensionType)


def refuse_mixed_arguments(layer, inputs, args, kwargs):
    """Keras 3's CallSpec refusal of a non-empty list, tuple or dict argument whose leaves mix tensors with other
    values (None aside): ValueError 'In a nested call() argument, you cannot mix tensors and non-tensors.
    ...'. A functional model converts nothing, so ``model([tensor, array])`` meets it; other layers meet it
    after their arrays became tensors (``layer(x, extra=[tensor, 'a'])``)."""
    for position, value in enumerate((inputs,) + tuple(args)):
        if _mixes(value):
            raise _mixed_error(_positional_name(layer, position), value)
    for name, value in kwargs.items():
        if _mixes(value):
            raise _mixed_error(name, value)


def _mixes(value):
    if not isinstance(value, (list, tuple, dict)) or not value:
        return False
    leaves = nest.flatten(value)
    return any(map(_is_tensor, leaves)) and not all(leaf is None or _is_tensor(leaf) for leaf in leaves)


def _mixed_error(name, value):
    return ValueError('In a nested call() argument, you cannot mix tensors and non-tensors. Received invalid mixed '
                      'argument: %s=%s' % (name, value))


def _positional_name(layer, position):
    """The name ``call``'s signature binds the argument at ``position`` to (its *args' name past the named)."""
    names, rest = [], None
    for parameter in inspect.signature(layer.call).parameters.values():
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            names.append(parameter.name)
        elif parameter.kind is parameter.VAR_POSITIONAL:
            rest = parameter.name
    return names[position] if position < len(names) else rest or 'args'
