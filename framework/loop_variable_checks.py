"""AutoGraph's check of a tensor loop's variables after its body's one trace, in a tf.function.

AutoGraph traces a ``for i in tf.range(n)`` / ``for row in x`` / ``while x > 1`` body once and makes it
a tf.while_loop, whose variables must keep their dtype and a shape within what they entered with
(control_flow.py's verify_tf_loop_vars). TF 2.21 raises, while tracing:
``TypeError: 's' has dtype int32 before the loop, but dtype float32 after one iteration`` and
``ValueError: 'x' has shape (2,) before the loop, but shape (4,) after one iteration. Use
tf.autograph.experimental.set_loop_options to set shape invariants.`` (the accumulating
``x = tf.concat([x, y], 0)`` users are told to write with a TensorArray), in AutoGraph's order of the
variables. tapeflow runs the turns on the real values: the loop modules hand the variables here
when the first turn ends, with their values before the loop. Shapes are the traced ones (a length
the trace leaves open is None there and takes any length), and ``set_loop_options``'s
shape_invariants, recorded per frame, replace the entry shapes as in TF. A Python bool / int / float / str
or numpy array is compared as the tensor TF converts it to (``k = 0`` then ``k = 0.5``: int32, float32).
"""
import threading

import numpy as np

from . import trace_names
from .tensor_shape import shape_accepts

_local = threading.local()      # .invariants: {frame: {id(tensor): (tensor, shape tuple or None)}}


def set_loop_options(frame, shape_invariants):
    """``tf.autograph.experimental.set_loop_options`` called in ``frame``'s loop body: its shape_invariants,
    a list of (tensor, shape) pairs, bound the loop's check (its other options change nothing tapeflow runs)."""
    if not shape_invariants or not trace_names.tracing():
        return
    from .tensor_shape import TensorShape
    table = _invariants().setdefault(frame, {})
    for tensor, shape in shape_invariants:
        shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        table[id(tensor)] = (tensor, None if shape.rank is None else tuple(shape.as_list()))


# id(a loop variable's entry tensor) -> (weak reference to it, its shape invariant): the loop's outputs take
# that shape (TF 2.21: ``Tensor("while:3", shape=(None,), ...)`` after the loop); leaves with its tensor
_EXIT_SHAPES = {}


def exit_shape(entry):
    """The shape invariant set_loop_options gave the loop variable that entered the loop as ``entry`` (a tuple
    with None, or None for an unknown rank), taken once; False without one."""
    found = _EXIT_SHAPES.get(id(entry))
    if found is None or found[0]() is not entry:
        return False
    del _EXIT_SHAPES[id(entry)]
    return found[1]


def _keep_exit_shapes(invariants):
    import weakref
    for tensor, shape in invariants.values():
        ident = id(tensor)
        try:
            ref = weakref.ref(tensor, lambda _, ident=ident: _EXIT_SHAPES.pop(ident, None))
        except TypeError:       # (not a tensor: nothing names it after the loop)
            continue
        _EXIT_SHAPES[ident] = (ref, shape)


def refusal(frame, names, before):
    """TF's error for the first turn of the loop whose variables ``names`` (AutoGraph's order) had the values
    ``before`` when it started, as ``frame`` holds them now; None when they fit."""
    invariants = _invariants().pop(frame, {})
    _keep_exit_shapes(invariants)
    values = frame.f_locals
    for name, entry in zip(names, before):
        if name not in values:
            continue
        exit_ = values[name]
        if _nested(entry) or _nested(exit_):
            error = _structure_refusal(name, entry, exit_)
            if error is not None:
                return error
            from .nest import flatten   # (late: nest imports tensor, whose truth test leads here)
            pairs = zip(flatten(entry), flatten(exit_))
        else:
            pairs = ((entry, exit_),)
        for entry_leaf, exit_leaf in pairs:
            error = _leaf_refusal(name, entry_leaf, exit_leaf, invariants)
            if error is not None:
                return error
    return None


def _nested(value):
    return type(value) in (tuple, list, dict)


def _structure_refusal(name, entry, exit_):
    """TF's TypeError where a tuple / list / dict loop variable nests otherwise after the turn (``d = {'a': x}``
    then ``d = {'a': x, 'b': y}``; ``x = [a]`` then ``x = [a, a]``): nest's words over the graph tensors."""
    from .branch_structures import shown_traced     # (late: both import nest, which imports tensor)
    from .nest_compare import assert_same_structure
    try:
        assert_same_structure(shown_traced(entry), shown_traced(exit_))
    except (ValueError, TypeError) as error:
        return TypeError("'%s' does not have the same nested structure after one iteration.\n\n%s" % (name, error))
    return None


def _leaf_refusal(name, entry, exit_, invariants):
    """TF's _verify_single_loop_var for one tensor of the variable ``name``, or None."""
    from .tensor import Tensor     # (late: tensor imports the loop modules)
    if exit_ is None and (type(entry) is Tensor or isinstance(entry, _CONVERTED)):
        return ValueError("'%s' is None at the end of the iteration." % name)
    entry_dtype, exit_dtype = _dtype_name(entry, Tensor), _dtype_name(exit_, Tensor)
    if entry_dtype is None or exit_dtype is None:
        return None
    if entry_dtype != exit_dtype:
        return TypeError("'%s' has dtype %s before the loop, but dtype %s after one iteration"
                         % (name, entry_dtype, exit_dtype))
    entry_shape, exit_shape = _traced(entry), _traced(exit_)
    if entry_shape is False or exit_shape is False:
        return None        # (a tensor the trace does not know the shape of)
    invariant = invariants.get(id(entry))
    if invariant is None:
        if not _within(exit_shape, entry_shape):
            return ValueError("'%s' has shape %s before the loop, but shape %s after one iteration. Use "
                              'tf.autograph.experimental.set_loop_options to set shape invariants.'
                              % (name, _text(entry_shape), _text(exit_shape)))
    elif not _within(entry_shape, invariant[1]):
        return ValueError("'%s' has shape %s before the loop, which does not conform with the shape invariant %s."
                          % (name, _text(entry_shape), _text(invariant[1])))
    elif not _within(exit_shape, invariant[1]):
        return ValueError("'%s' has shape %s after one iteration, which does not conform with the shape "
                          'invariant %s.' % (name, _text(exit_shape), _text(invariant[1])))
    return None


# The Python values AutoGraph's _verify_single_loop_var converts before comparing (the loop enters with
# them as tensors: ``k = 0`` then ``k = 0.5`` is int32 against float32); numpy scalars other than np.float64
# (a float) are not among them and reach tf.while_loop's own check.
_CONVERTED = (bool, int, float, str, np.ndarray)


def _dtype_name(value, tensor_type):
    """The dtype name ``value`` has as a loop variable: a tensor's, or the one TF's conversion gives a
    Python scalar, string or numpy array (int32, or int64 past its range; float32; string); None otherwise."""
    if type(value) is tensor_type:
        return value.dtype.name
    if not isinstance(value, _CONVERTED):
        return None
    from . import dtypes
    from .tensor_conversion import _to_array
    data = _to_array(value, None)
    return 'string' if data.dtype.kind in 'OSU' else dtypes.of_numpy(data.dtype).name


def forget(frame):
    """Drop what ``set_loop_options`` recorded for ``frame`` (a loop that ended without its check)."""
    _invariants().pop(frame, None)


def _invariants():
    found = getattr(_local, 'invariants', None)
    if found is None:
        found = _local.invariants = {}
    return found


def _traced(tensor):
    """``tensor``'s traced shape (a tuple with None where open, None for an unknown rank), or False when
    the trace did not name it."""
    if not hasattr(tensor, '_data'):
        return tuple(np.shape(tensor))     # (a converted Python value: its own shape, () for a scalar)
    entry = trace_names.entry_of(tensor)
    if entry is None:
        entry_shape = trace_names.noted_shape(tensor)
        return False if entry_shape is None else entry_shape
    return entry[1]


def _within(shape, bound):
    """TF's _is_subshape: ``shape`` at least as specific as ``bound`` (whose None lengths take any)."""
    return shape_accepts(bound, shape)


def _text(shape):
    from .tensor_shape import TensorShape
    return str(TensorShape(shape))
