"""Python lists that hold tensors, packed into one tensor as TensorFlow packs them.

``tf.reduce_sum([loss_a, loss_b])``, ``tf.concat([[x * x], [3 * x]], 0)`` and
``x + [y, 2 * y]`` convert their lists through TensorFlow's auto-packing: the elements
are stacked by a Pack op, which tapes record, so gradients reach ``loss_a``, ``x`` and
``y`` (DeepDream's ``tf.reduce_sum(losses)`` over layer activations). The dtype is the
first tensor's, depth first (``[float64_tensor, 2.0]`` is float64, ``[int64_tensor, 2]``
int64); the other elements convert to it, and a tensor of another dtype is refused as
TensorFlow's Pack refuses it. An explicit dtype casts the tensors to it, as TensorFlow does.
"""
from .errors import InvalidArgumentError
from .tensor import Tensor, _to_array


def holds_tensor(value):
    """Whether the (nested) list or tuple ``value`` has a tensor among its elements."""
    for item in value:
        if isinstance(item, Tensor) or (isinstance(item, (list, tuple)) and holds_tensor(item)):
            return True
    return False


def pack(value, dtype=None):
    """``value``, a (nested) list or tuple holding tensors, stacked into one tensor with
    recorded ops; ``dtype`` (a numpy dtype) or else the first tensor's.

    Raises:
        InvalidArgumentError: tensors of two dtypes (without ``dtype``), or elements whose
            shapes do not stack.
    """
    from . import ops     # ops import this module's callers: a late import
    packed_dtype = dtype if dtype is not None else _first_tensor_dtype(value)

    def packed(item):
        if isinstance(item, Tensor):
            if item._data.dtype == packed_dtype:
                return item
            if dtype is not None:
                return ops.cast(item, dtype)
            raise InvalidArgumentError(
                'convert_to_tensor: cannot pack a %s tensor (shape %s) into a list of %s: TensorFlow packs '
                'a list in the dtype of its first tensor; cast the tensors to one dtype first'
                % (item.dtype.name, tuple(item.shape), packed_dtype.name))
        if isinstance(item, (list, tuple)) and holds_tensor(item):
            return ops.stack([packed(element) for element in item])
        return Tensor(_to_array(item, packed_dtype))

    return packed(value)


def _first_tensor_dtype(value):
    for item in value:
        if isinstance(item, Tensor):
            return item._data.dtype
        if isinstance(item, (list, tuple)):
            found = _first_tensor_dtype(item)
            if found is not None:
                return found
    return None
