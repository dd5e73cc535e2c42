"""The operands of TensorFlow's list kernels (Pack for tf.stack, ConcatV2 for tf.concat), converted
and checked as their eager wrappers do, with their errors in TensorFlow's words: programs print
these errors (the custom-training walkthrough's ``tf.stack([labels, predictions], axis=1)`` of an
int32 and an int64 tensor is the usual slip).

TensorFlow takes the dtype of the list from its first tensor (a Variable counts) and converts every
other item (Python numbers and lists, numpy arrays) to it; a tensor of another dtype is refused by
the kernel, naming its position in the list.
"""
from ..errors import _EAGER_CPU, InvalidArgumentError, fast_path
from ..tensor import Tensor, convert_to_tensor
from .graph_input_errors import eager_input_error, list_mismatch
from .operands import as_tensor
from ..keras_operands import list_conversion_refusal



def list_operands(values, op, kernel, name):
    """``values`` as tensors of one dtype.

    Args:
        values: the list given to ``op``.
        op: tapeflow's op name ('stack', 'concat'), for tapeflow's own notes.
        kernel: TensorFlow's kernel ('Pack', 'ConcatV2'), which its messages name.
        name: the ``name`` TensorFlow's error tail shows (the op's default when None was given).
    Raises:
        InvalidArgumentError: an empty or non-list ``values``, or a tensor of another dtype.
        TypeError: an item that cannot take the list's dtype ('Cannot convert [1.5] to EagerTensor
            of dtype int32'), or a composite tensor (the caller dispatches those).
    """
    if isinstance(values, (Tensor, str, dict)) or not hasattr(values, '__len__') or len(values) == 0:
        raise InvalidArgumentError('%s: expected a non-empty list of tensors, got %r' % (op, values))
    first = next((v for v in values if isinstance(v, Tensor)), None)
    if first is not None and all(isinstance(v, Tensor) and v.dtype == first.dtype for v in values):
        return list(values)         # the common case: nothing to convert
    dtype = None if first is None else first.dtype
    tensors = []
    for index, value in enumerate(values):
        if isinstance(value, Tensor):
            tensors.append(value)
            continue
        try:
            tensors.append(as_tensor(value, op) if dtype is None else convert_to_tensor(value, dtype=dtype))
        except (TypeError, ValueError) as error:      # TensorFlow's words first; ours in a note
            if dtype is not None:
                error.add_note('%s: values[%d] cannot take the dtype %s of the list; make every item one dtype '
                               '(framework.cast)' % (op, index, dtype.name))
            raise
        dtype = tensors[0].dtype
    for index, tensor in enumerate(tensors[1:], 1):
        if tensor.dtype != dtype:
            refusal = list_conversion_refusal(tensors, op)      # a Keras variable converts itself, and refuses
            if refusal is not None:
                raise refusal
            error = eager_input_error(kernel, index, dtype, tensor.dtype, name=name)
            error.add_note('%s: values[%d] is %s, values[0] %s: all items must share one dtype; cast one with '
                           'framework.cast' % (op, index, tensor.dtype.name, dtype.name))
            raise list_mismatch(error, kernel, [t.dtype for t in tensors])     # (a TypeError where TF traces)
    return tensors


def list_tail_name(values, name):
    """The name a list kernel's error tail shows for ``values`` given to the op named ``name``: None (no
    tail) where a Python list, tuple or numpy scalar among them sends the call to TF's slow path."""
    return name if fast_path(*values) else None


def shape_text(shape):
    """A shape as TensorFlow's TensorShape::DebugString writes it: [2,3]."""
    return '[%s]' % ','.join(str(d) for d in shape)


def list_kernel_error(kernel, count, text, name, note, node=None):
    """An InvalidArgumentError as a list kernel's eager wrapper words it: its wrapped function is
    named with the list's length (``__wrapped__Pack_N_3``); ``node``: the kernel that ran where it is
    not ``kernel`` (oneDNN's '__MklEinsum'); ``name`` None: no ' name: ' tail (the slow path's words,
    where a Python list sat among the values)."""
    error = InvalidArgumentError('{{function_node __wrapped__%s_N_%d_device_%s}} %s [Op:%s]%s'
                                 % (node or kernel, count, _EAGER_CPU, text, kernel,
                                    '' if name is None else ' name: ' + name))
    error.add_note(note)
    return error
