"""A gradient whose shape is not its variable's (a reversed zip, a summed gradient): what TF 2.21 does.

Keras 3's TensorFlow optimizers never compare the shapes; each update's first op meets the gradient.
Elementwise updates broadcast a gradient of shape (1,) or () onto a (10, 1) kernel and train; a gradient
that broadcasts to a bigger shape fails where the first slot is written; an incompatible one fails in the
first arithmetic op. Plain SGD and Adagrad write the gradient itself first (assign_sub / assign_add),
which refuses any other shape. Each class's first op and its operand order decide TF's text.
"""
import numpy as np

from framework import backend
from framework.errors import kernel_error

from .adafactor_gradient_shapes import checked_adafactor_gradient

# class name -> (what the first slot write is, the slot's name, the first binary op, gradient first in it,
# whether its error ends in ' name: ') for the optimizers whose update broadcasts
_BROADCASTING = {
    'Adam': ('AssignAddVariableOp', None, 'Sub', True, False),
    'Nadam': ('AssignAddVariableOp', None, 'Sub', True, False),
    'AdamW': ('AssignAddVariableOp', None, 'Sub', True, False),
    'Adamax': ('AssignAddVariableOp', None, 'Sub', True, False),
    'Lamb': ('AssignAddVariableOp', None, 'Sub', True, False),
    'Ftrl': ('AssignAddVariableOp', None, 'AddV2', True, True),
    'Lion': ('AssignSubVariableOp', None, 'AddV2', False, True),
    'RMSprop': ('assign', 'velocity', 'AddV2', False, True),
    'Adadelta': ('assign', 'accumulated_grad', 'AddV2', False, True),
    'SGD': ('assign', 'momentum', 'Sub', False, True),      # with momentum (plain SGD writes the gradient itself)
}


def _dims(shape):
    return ','.join(map(str, shape))


def _update_refused(kernel, variable_shape, shape, note):
    return kernel_error(kernel, 'Cannot update variable with shape [%s] using a Tensor with shape [%s], shapes '
                                'must be equal.' % (_dims(variable_shape), _dims(shape)), named=True, note=note)


def _behaviour(optimizer):
    """The _BROADCASTING row of ``optimizer``'s nearest Keras class; None where TF writes the gradient as it is."""
    for cls in type(optimizer).__mro__:
        row = _BROADCASTING.get(cls.__name__)
        if row is not None:
            if cls.__name__ == 'SGD' and not getattr(optimizer, 'momentum', 0):
                return None
            return row
    return None


def mismatched_gradient(data, variable, optimizer):
    """``data`` broadcast to ``variable``'s shape where TF 2.21's ``optimizer`` trains with it; else TF's error.

    Raises:
        InvalidArgumentError (a ValueError): the kernel that refuses the gradient in TF.
        ValueError: RMSprop's, Adadelta's and momentum SGD's slot assignment, in TF's words.
    """
    target = tuple(variable._data.shape)
    note = ('apply_gradients: the gradient for variable %r has shape %s but the variable has shape %s'
            % (variable.path, tuple(data.shape), target))
    if optimizer is not None and any(cls.__name__ == 'Adafactor' for cls in type(optimizer).__mro__):
        return checked_adafactor_gradient(data, variable, optimizer, note)      # (its first ops are reductions)
    row = _behaviour(optimizer) if optimizer is not None else None
    if row is None:       # plain SGD's assign_sub, Adagrad's assign_add, and classes not measured
        adagrad = any(cls.__name__ == 'Adagrad' for cls in type(optimizer).__mro__)
        kernel = 'AssignAddVariableOp' if adagrad else 'AssignSubVariableOp'
        raise _update_refused(kernel, target, data.shape, note)
    first_write, slot, binary_op, gradient_first, named = row
    try:
        shape = np.broadcast_shapes(tuple(data.shape), target)
    except ValueError:
        sides = (data.shape, target) if gradient_first else (target, data.shape)
        raise kernel_error(binary_op, 'Incompatible shapes: [%s] vs. [%s]' % tuple(map(_dims, sides)),
                           named=named, note=note) from None
    if shape == target:
        # TF's elementwise update gives every element the broadcast gradient: train with that
        return backend.broadcast_copy(data, target)
    if first_write == 'assign':
        key = variable.path if variable._path is not None else variable.name
        error = ValueError("Cannot assign value to variable ' %s/%s_%s:0': Shape mismatch.The variable shape %s, "
                           'and the assigned value shape %s are incompatible.'
                           % (optimizer.name, key.replace('/', '_').replace(':', '_'), slot, target, shape))
        error.add_note(note)
        raise error
    raise _update_refused(first_write, target, shape, note)


def accumulated_gradient(data, variable, optimizer, updating):
    """``data`` broadcast to ``variable``'s shape where Keras 3's step with gradient_accumulation_steps takes it;
    else the error that step meets, which Keras's Cond operation then words (optim/gradients.py). A call that
    only accumulates (``updating`` False) runs TF's ``acc.assign(acc + grad)``: AddV2 refuses shapes that do not
    broadcast (the accumulator's first), the assignment a sum of another shape. The update call adds
    ``grad + acc`` (the gradient's first) and updates with the sum as with any gradient of its shape.

    Raises:
        InvalidArgumentError (a ValueError): AddV2's 'Incompatible shapes', or the update's kernel.
        ValueError: an assignment of another shape, in TF's words.
    """
    target = tuple(variable._data.shape)
    note = ('apply_gradients: the gradient for variable %r has shape %s but the variable has shape %s'
            % (variable.path, tuple(data.shape), target))
    sides = (data.shape, target) if updating else (target, data.shape)
    try:
        shape = np.broadcast_shapes(*sides)
    except ValueError:
        raise kernel_error('AddV2', 'Incompatible shapes: [%s] vs. [%s]' % tuple(map(_dims, sides)), named=True,
                           note=note) from None
    if shape == target:
        return backend.broadcast_copy(data, target)
    if updating:
        return mismatched_gradient(backend.array_module(data).broadcast_to(data, shape), variable, optimizer)
    key = variable.path if variable._path is not None else variable.name
    error = ValueError("Cannot assign value to variable ' %s/%s_gradient_accumulator:0': Shape mismatch.The variable "
                       'shape %s, and the assigned value shape %s are incompatible.'
                       % (optimizer.name, key.replace('/', '_').replace(':', '_'), target, shape))
    error.add_note(note)
    raise error
