"""Checks of the plain-Python arguments of ``keras.ops`` (counts, sizes, axes, flags).

Keras 3 on TensorFlow converts a count such as ``num_classes`` or ``k`` to an
int32 tensor, which refuses 1.5 (``Cannot convert 1.5 to EagerTensor of dtype
int32``), and it checks an axis against the rank. ``int(1.5)`` would quietly
make it 1 and numpy would quietly take some axes, so the ops check here and
name themselves, the argument and the value.
"""
import numbers
import operator

import numpy as np

from framework.tensor import Tensor


def integer(value, what, op, space='keras.ops'):
    """``value`` as a Python int: an int, a numpy integer or a 0-d integer tensor/array.

    Raises TypeError for floats (even 2.0, which TensorFlow's int32 conversion
    refuses too), strings, None and anything else; the message names ``space.op``.
    """
    if isinstance(value, (Tensor, np.ndarray)) and value.ndim == 0 and np.dtype(value.dtype).kind in 'iu':
        return int(np.asarray(value))
    if isinstance(value, numbers.Integral):
        return int(value)
    raise TypeError('%s.%s: %s must be an integer, got %s (of type %s); pass an int such as %d'
                    % (space, op, what, _short(value), type(value).__name__, _example(value)))


def integers(values, what, op):
    """An int, or a tuple/list of ints, each checked by ``integer``; returned as given (int or tuple)."""
    if isinstance(values, (tuple, list)):
        return tuple(integer(v, what, op) for v in values)
    return integer(values, what, op)


def axis_of(axis, ndim, op, what='axis', space='keras.ops'):
    """One axis of a rank-``ndim`` tensor as an int in [0, ndim); numpy's words when it lies outside."""
    axis = integer(axis, what, op, space)
    if not -ndim <= axis < ndim:        # numpy's AxisError words, which Keras 3's canonicalize_axis raises
        error = ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, ndim))
        error.add_note('%s.%s: %s must lie in [%d, %d)' % (space, op, what, -ndim, ndim))
        raise error
    return axis % ndim


def keras_axis(axis, ndim, op):
    """Keras 3's canonicalize_axis as its TF backend's moveaxis / unique / cross use it: operator.index(axis)
    (its TypeError for 1.0, '1', [1], np.float32(1); a float tensor's AttributeError), then numpy's words for an
    axis outside [-ndim, ndim); the axis in [0, ndim)."""
    try:
        axis = operator.index(axis)
    except (TypeError, AttributeError) as error:
        error.add_note('keras.ops.%s: an axis must be an int, got %s' % (op, _short(axis)))
        raise
    if not -ndim <= axis < ndim:
        error = ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, ndim))
        error.add_note('keras.ops.%s: axis %d lies outside [%d, %d)' % (op, axis, -ndim, ndim))
        raise error
    return axis % ndim


def keras_axes(value, ndim, op):
    """Keras 3's to_tuple_or_list and then canonicalize_axis of each (moveaxis' source and destination): an int
    or a tuple / list of them, else "`value` must be an integer, tuple or list." (np.int64(1) and tensors too)."""
    if value is not None and not isinstance(value, (int, tuple, list)):
        error = ValueError('`value` must be an integer, tuple or list. Received: value=%s' % format(value, ''))
        error.add_note('keras.ops.%s: give the axes as an int or a list of ints, got %s' % (op, _short(value)))
        raise error
    try:
        return tuple(keras_axis(a, ndim, op) for a in ((value,) if isinstance(value, int) else value))
    except TypeError as error:
        if value is None:       # Keras iterates the None it was given
            error.add_note('keras.ops.%s: the axes must be an int or a list of ints, got None' % op)
        raise


def flag(value, what, op):
    """A boolean switch (``compute_uv``): a bool or numpy bool, else TypeError as TensorFlow raises."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError('keras.ops.%s: expected bool for argument %r, not %s (of type %s)'
                    % (op, what, _short(value), type(value).__name__))


def _example(value):
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return 2


def _short(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + '...'


def float_multiples_error(repeats):
    """TF's Tile kernel registry refusing a list of repeats with a float in it (keras.ops.tile(x, (1.5, 1))): TF
    converts Python floats to float32 ('float'), numpy's float64 to 'double'."""
    from framework.errors import InvalidArgumentError
    from framework.random import shape_list_dtype_name
    dtype = 'double' if any(isinstance(r, np.float64) for r in repeats) else shape_list_dtype_name(repeats)
    error = InvalidArgumentError(
        "Value for attr 'Tmultiples' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node Tile}}; Op<name=Tile; signature=input:T, multiples:Tmultiples -> output:T; attr=T:type; "
        "attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Tile]" % dtype)
    error.add_note('keras.ops.tile: repeats are ints, got %r' % (list(repeats),))
    return error
