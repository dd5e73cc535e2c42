"""A gradient whose shape is not its variable's, given to Adafactor: what TF 2.21's Keras 3 step does.

Adafactor's first ops on the gradient are reductions, not elementwise updates (keras/src/optimizers/
adafactor.py): for a variable of rank >= 2 it assigns ``beta * r + (1 - beta) * mean(g**2 + eps, axis=-1)``
to the row slot r (the variable's shape less its last axis), then the same over axis -2 to the column
slot c (less its second last axis); for a lower rank ``beta * v + (1 - beta) * (g**2 + eps)`` to the
velocity. So the first op to refuse a gradient is the Mean of an axis it lacks, the AddV2 of a slot and
its reduced square, or the slot's assignment of a larger shape; a gradient that passes them broadcasts
onto the variable and trains (progs/optimtraj29/p11_adafactor_shapes.py). tapeflow refused every other
shape with SGD's AssignSubVariableOp error.
"""
import numpy as np

from framework import backend
from framework.errors import kernel_error


def _dims(shape):
    return ','.join(map(str, shape))


def _assign_refused(optimizer, variable, slot, target, shape, note):
    key = (variable.path if variable._path is not None else variable.name).replace('/', '_').replace(':', '_')
    error = ValueError("Cannot assign value to variable ' %s/%s:0': Shape mismatch.The variable shape %s, and the "
                       'assigned value shape %s are incompatible.' % (optimizer.name, key + slot, target, shape))
    error.add_note(note)
    return error


def _slot_update(optimizer, variable, slot, slot_shape, reduced_shape, note):
    """The AddV2 of a slot (shape ``slot_shape``) and the gradient's reduced square, then its assignment."""
    try:
        shape = np.broadcast_shapes(slot_shape, reduced_shape)
    except ValueError:
        raise kernel_error('AddV2', 'Incompatible shapes: [%s] vs. [%s]' % (_dims(slot_shape), _dims(reduced_shape)),
                           named=True, note=note) from None
    if shape != slot_shape:
        raise _assign_refused(optimizer, variable, slot, slot_shape, shape, note)


def _mean_refused(axis, rank, note):
    # (TF's text leaves its parenthesis open)
    return kernel_error('Mean', 'Invalid reduction dimension (%d for input with %d dimension(s)' % (axis, rank),
                        named=True, note=note)


def checked_adafactor_gradient(data, variable, optimizer, note):
    """``data`` broadcast onto ``variable`` where TF 2.21's Adafactor step trains with it; else its error.

    Raises:
        InvalidArgumentError (a ValueError): Mean's or AddV2's kernel error.
        ValueError: a slot's assignment of another shape, in TF's words.
    """
    target, shape = tuple(variable._data.shape), tuple(data.shape)
    if len(target) >= 2:
        if not shape:
            raise _mean_refused(-1, 0, note)
        # (the row and column slots are named as the variable itself: ' adafactor/kernel:0')
        _slot_update(optimizer, variable, '', target[:-1], shape[:-1], note)
        if len(shape) < 2:
            raise _mean_refused(-2, len(shape), note)
        _slot_update(optimizer, variable, '', target[:-2] + target[-1:], shape[:-2] + shape[-1:], note)
    else:
        _slot_update(optimizer, variable, '_velocity', target, shape, note)
    return backend.broadcast_copy(data, target)
