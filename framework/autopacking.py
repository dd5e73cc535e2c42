"""Python lists that hold tensors, packed into one tensor as TensorFlow packs them.

``tf.reduce_sum([loss_a, loss_b])``, ``tf.concat([[x * x], [3 * x]], 0)`` and
``x + [y, 2 * y]`` convert their lists through TensorFlow's auto-packing: the elements
are stacked by a Pack op, which tapes record, so gradients reach ``loss_a``, ``x`` and
``y`` (DeepDream's ``tf.reduce_sum(losses)`` over layer activations). The dtype is the
first tensor's, depth first (``[float64_tensor, 2.0]`` is float64, ``[int64_tensor, 2]``
int64); the other elements convert to it, and a tensor of another dtype is refused as
TensorFlow's Pack refuses it. An explicit dtype casts the tensors to it, as TensorFlow does.
"""
from .dtypes import of_numpy
from .tensor import Tensor
from .tensor_conversion import _to_array


def holds_tensor(value):
    """Whether the (nested) list or tuple ``value`` has a tensor among its elements."""
    for item in value:
        if isinstance(item, Tensor) or (isinstance(item, (list, tuple)) and holds_tensor(item)):
            return True
    return False


def pack(value, dtype=None, name=None):
    """``value``, a (nested) list or tuple holding tensors, stacked into one tensor with
    recorded ops; ``dtype`` (a numpy dtype) or else the first tensor's. The outer Pack is named
    ``name`` (convert_to_tensor's; TF's errors end 'name: t' for clip_by_norm's), else 'packed'.

    Raises:
        InvalidArgumentError: tensors of two dtypes (without ``dtype``), or elements whose
            shapes do not stack.
    """
    from . import ops     # ops import this module's callers: a late import
    first_dtype = first_tensor_dtype(value)
    packed_dtype = dtype if dtype is not None else first_dtype

    only_tensors = all(isinstance(leaf, Tensor) for leaf in _leaves(value))

    def packed(item, pack_name):
        if isinstance(item, Tensor):
            if item._data.dtype == packed_dtype or only_tensors:      # (a list of tensors: Pack checks below)
                return item
            if dtype is not None:
                return ops.cast(item, dtype)
            # with Python values among them, TensorFlow converts each element to the list's dtype
            error = TypeError('Cannot convert a list containing a tensor of dtype %s to %s (Tensor is: %r)'
                              % (item.dtype, of_numpy(packed_dtype), item))
            error.add_note(_note(item, packed_dtype))
            raise error
        if isinstance(item, (list, tuple)) and holds_tensor(item):
            items = [packed(element, str(index)) for index, element in enumerate(item)]
            # TF's eager fast path packs a list of tensors alone under its own name ('packed' at the top,
            # an inner list's index); any other list packs in a name scope, which eager names ''
            if not all(isinstance(element, Tensor) for element in item):
                pack_name = ''
            if only_tensors and dtype is None:
                _check_one_dtype(items, pack_name)
            return ops.stack(items, name=pack_name)
        return Tensor(_to_array(item, packed_dtype))

    return packed(value, name or 'packed')


def _check_one_dtype(items, pack_name):
    """TensorFlow's Pack kernel refuses inputs of two dtypes (the first's is the list's), in its words;
    each inner list was packed on its own first, so an outer list sees their dtypes."""
    first = items[0]._data.dtype
    for i, item in enumerate(items):
        if item._data.dtype != first:
            from .ops.graph_input_errors import eager_input_error, list_mismatch     # (the ops import this module)
            error = eager_input_error('Pack', i, first, item._data.dtype, name=pack_name)
            error.add_note(_note(item, first))
            raise list_mismatch(error, 'Pack', [i._data.dtype for i in items])     # (a TypeError where TF traces)


def _note(item, dtype):
    return ('convert_to_tensor: cannot pack a %s tensor (shape %s) into a list of %s: TensorFlow packs a list in '
            'the dtype of its first tensor; cast the tensors to one dtype first'
            % (item.dtype.name, tuple(item.shape), of_numpy(dtype).name))


def _leaves(value):
    for item in value:
        if isinstance(item, (list, tuple)):
            yield from _leaves(item)
        else:
            yield item


def first_tensor_dtype(value):
    """The dtype of the first tensor in ``value`` (depth first), None if it holds none.

    Raises:
        AttributeError: the first is a Keras variable, as TF 2.21's packing reads its dtype's base_dtype
            and a Keras 3 variable's dtype is a string (tf.stack([layer.kernel, ...]) fails there).
    """
    for item in value:
        if isinstance(item, Tensor):
            if getattr(item, '_path', None) is not None:
                error = AttributeError("'str' object has no attribute 'base_dtype'")
                error.add_note("packing a list whose first tensor is the Keras variable '%s' fails in TensorFlow 2.21; "
                               "read it first (tf.convert_to_tensor(variable)) or use tf.stack(..., axis=1) / tf.concat"
                               % item._path)
                raise error
            return item._data.dtype
        if isinstance(item, (list, tuple)):
            found = first_tensor_dtype(item)
            if found is not None:
                return found
    return None
