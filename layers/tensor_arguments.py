"""Which call() arguments Keras 3 counts as tensor arguments (its CallSpec's rule).

Keras 3's Layer.__call__ sorts each argument of ``call`` once: a tensor (a SparseTensor or RaggedTensor too),
or a non-empty structure whose leaves are all tensors or None, is a tensor argument; anything else is not.
That sorting decides what a first call builds from (the shapes of tensor arguments only) and which argument
an automatic ``mask`` follows, so both ask here.
"""
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
