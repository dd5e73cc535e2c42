"""``tf.strings.join``: element-wise concatenation of string tensors of one shape (scalars join every
element), as TensorFlow's StringJoin.

Their own module (tf.strings re-exports it) so that it carries TF 2.21's Python name, string_join, in
Python's argument errors, repr and pickle: tf_named binds that name here, which tf.strings lacks.
"""
import builtins

import numpy as np

from .composite import CompositeTensor
from .errors import InvalidArgumentError, OpError, kernel_error
from .given_op_name import given_name
from .strings import _dims, _fast, _strings, _tensor
from .ops.graph_input_errors import fixed_list_mismatch
from .tensor import Tensor, convert_to_tensor
from .tf_python_names import tf_named


@tf_named('string_join')
def join(inputs, separator='', name=None):
    """Element-wise concatenation of string tensors of one shape (scalars join every element)."""
    if not isinstance(inputs, (list, tuple, Tensor, bytes)):      # the op wrapper's list argument (TF 2.21's words)
        raise TypeError("Expected list for 'inputs' argument to 'string_join' Op, not %r." % (inputs,))
    if isinstance(inputs, (Tensor, bytes)):
        inputs = _iterated(inputs)
    try:
        return _join(inputs, separator)
    except OpError as error:
        given_name(error, name)
        raise


def _list_refusal(error, inputs):
    """StringJoin's ``error`` for a tensor of numbers among ``inputs``; in a tf.function op_def_library's
    TypeError, which lists every input's dtype (TF 2.21)."""
    try:
        dtypes = [x.dtype if isinstance(x, Tensor) else convert_to_tensor(x).dtype for x in inputs]
    except (TypeError, ValueError):
        return error
    return fixed_list_mismatch(error, 'StringJoin', 'inputs', dtypes, 'string')


def _iterated(inputs):
    """A tensor or bytes given as join's list of inputs, as TF 2.21's fast path takes a sequence: iterated (a
    tensor's rows, joined element-wise; bytes' ints, which fail their conversion to strings). A scalar tensor
    is no sequence: the slow path's words."""
    if isinstance(inputs, bytes):
        if inputs:
            raise TypeError('Cannot convert %d to EagerTensor of dtype string' % inputs[0])
        return []
    if inputs.ndim == 0:
        raise TypeError("Expected list for 'inputs' argument to 'string_join' Op, not %r." % (inputs,))
    return list(inputs)


def _join(inputs, separator):
    separator = '' if separator is None else separator         # an unset attribute: its default
    if not isinstance(separator, (str, bytes)):                 # StringJoin's string attribute
        error = TypeError("Expected string for argument 'separator' not %r." % (separator,))
        error.add_note('strings.join: separator must be a Python string, got %r' % (separator,))
        raise error
    if any(isinstance(x, CompositeTensor) for x in inputs):     # RaggedTensors of one layout
        from .ragged.ragged_ops import map_flat_values
        return map_flat_values(lambda *flat: _join(list(flat), separator), *inputs)
    try:
        parts = [_strings(x, 'join', position=i) for i, x in enumerate(inputs)]
    except InvalidArgumentError as error:       # a tensor of numbers: in a tf.function, the list's TypeError
        raise _list_refusal(error, inputs) from None
    shaped = [p.shape for p in parts if p.ndim]
    other = next((s for s in shaped if s != shaped[0]), None)
    if other is not None:       # StringJoin compares each input with the first that is not a scalar
        raise kernel_error('StringJoin', 'Input shapes do not match: %s vs. %s' % (_dims(shaped[0]), _dims(other)),
                           named=_fast(*inputs), node='StringJoin_N_%d' % builtins.len(inputs),
                           note='join: the inputs must have one shape (or be scalars)')
    shape = shaped[0] if shaped else ()
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    out = np.empty(shape, dtype=object)
    flat = out.reshape(-1)
    columns = [np.broadcast_to(p, shape).reshape(-1) for p in parts]
    for i in range(flat.size):
        flat[i] = sep.join(c[i] for c in columns)
    return _tensor(out)
