"""``weight_decay`` and ``loss_scale_factor`` as the step uses them.

Keras 3.15 stores both unchecked: ``weight_decay`` enters the update through ``ops.cast(weight_decay,
variable.dtype)`` and ``loss_scale_factor`` through ``grad / loss_scale_factor``. So True decays by 1.0,
a list or tensor broadcasts against each variable, and a string or a function fails at the first step
with TensorFlow's conversion errors, not in the constructor. These helpers give the same values and
errors; plain numbers (the common case) take the fast path.
"""
import numpy as np

from framework.errors import kernel_error
from framework.indexed_slices import RowGradients
from framework.ops.shapes import cast
from .keras_cast import keras_cast


def _is_number(value):
    return isinstance(value, (int, float, np.number)) and not isinstance(value, bool)


def weight_decay_operand(value, data):
    """``ops.cast(value, dtype)`` for the decay of ``data`` (a variable's array): TensorFlow's
    UnimplementedError for a string, its conversion ValueError for a function or a dict, and Mul's
    'Incompatible shapes' where a list does not broadcast against the variable."""
    if _is_number(value):
        return keras_cast(value, data.dtype)
    operand = cast(value, data.dtype)._data
    _check_broadcast('Mul', data, operand, 'weight_decay')
    return operand


def check_loss_scale_factor(value, grads):
    """Raise what ``grad / value`` raises in TensorFlow for a ``loss_scale_factor`` that is no number:
    a string is the dtype TypeError of TF's division, a function its conversion error, a list that
    does not broadcast against a gradient RealDiv's 'Incompatible shapes'. Keras divides with Python's
    ``/``, which a tf.IndexedSlices (an Embedding's gradient) does not define: TypeError, after the
    optimizer is built and before any variable changes."""
    if _is_number(value):
        if type(value) in (int, float):
            for grad in grads:
                if type(grad) is RowGradients:
                    raise TypeError("unsupported operand type(s) for /: 'IndexedSlices' and '%s'"
                                    % type(value).__name__)
        return
    if isinstance(value, (str, bytes)):
        error = TypeError('`x` and `y` must have the same dtype, got tf.float32 != tf.string.')
        error.add_note('loss_scale_factor=%r: the gradients are divided by it; pass a number' % (value,))
        raise error
    for grad in grads:
        data = getattr(grad, 'values', grad)
        _check_broadcast('RealDiv', data, cast(value, data.dtype)._data, 'loss_scale_factor')


def _check_broadcast(op_type, data, operand, what):
    try:
        np.broadcast_shapes(np.shape(data), np.shape(operand))
    except ValueError:
        sx, sy = tuple(np.shape(data)), tuple(np.shape(operand))
        raise kernel_error(op_type, 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, sx)),
                                                                           ','.join(map(str, sy))),
                           named=True, note='%s of shape %s does not broadcast against a variable of shape %s; '
                                            'pass a number' % (what, sy, sx)) from None
