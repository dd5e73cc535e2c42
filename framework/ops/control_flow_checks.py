"""TensorFlow 2.21's argument checks and eager semantics of tf.cond, tf.case and tf.while_loop.

Their words are TF's (cond.py, control_flow_case.py, while_loop.py); tapeflow's own explanation of
each refusal rides along as a note. Eagerly TF reads a cond's predicate as NumPy reads the tensor
it converts it to (``tf.cond(2.0, ...)`` takes the true branch), lets an eager loop's variables change
dtype, and builds tf.case as nested conds whose last pair stands in for a missing default, guarded by
eager Asserts: their InvalidArgumentErrors are these, to the letter.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor, convert_to_tensor


def callable_argument(fn, what, op):
    """``fn`` when callable, else TF's TypeError "'true_fn' must be callable." (cond's, while_loop's)."""
    if not callable(fn):
        error = TypeError("'%s' must be callable." % what)
        error.add_note('%s: %s must be callable, got %r (of type %s)' % (op, what, fn, type(fn).__name__))
        raise error
    return fn


def eager_truth(pred):
    """An eager cond's predicate as TF reads it: converted to a tensor, then NumPy's truth of its value
    (a float, an int, a string, a one-element list all go; several elements raise NumPy's ValueError)."""
    if not isinstance(pred, Tensor):
        try:
            pred = convert_to_tensor(pred)
        except (TypeError, ValueError) as error:
            error.add_note('cond: pred must be a scalar bool tensor (or a value NumPy can read as one), got %r'
                           % (pred,))
            raise
    value = backend.to_host(pred._data)
    try:
        return bool(np.asarray(value))
    except ValueError:
        error = ValueError('The truth value of an array with more than one element is ambiguous. '
                           'Use a.any() or a.all()')
        error.add_note('cond: pred must be a scalar (bool) tensor, got shape %s; reduce it with '
                       'reduce_all/reduce_any' % (tuple(np.shape(value)),))
        raise error from None


def case_pairs(pred_fn_pairs):
    """TF's checks of tf.case's pairs (eager: a pair's predicate must be a bool tensor, its fn callable;
    TF words those last two with ``pred.name``, which an eager tensor refuses): (preds, fns)."""
    note = 'case: pred_fn_pairs must be a list of (scalar bool tensor, callable) pairs'
    if not isinstance(pred_fn_pairs, (list, tuple, dict)):
        raise _noted(TypeError("'pred_fn_pairs' must be a list, tuple, or dict. Received: %s" % type(pred_fn_pairs)),
                     note)
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise _noted(TypeError("Each entry in 'pred_fn_pairs' must be a 2-tuple. Received %s." % (pair,)), note)
        pred, fn = pair
        if not isinstance(pred, Tensor):
            raise _noted(TypeError('pred must be a Tensor, got: %s' % (pred,)), note)
        if pred.dtype.name != 'bool' or not callable(fn):
            error = AttributeError('Tensor.name is undefined when eager execution is enabled.')
            error.add_note('case: each pair needs a scalar bool tensor and a callable, got %s and %r'
                           % (pred.dtype.name, fn))
            raise error
    if not pred_fn_pairs:
        raise ValueError('not enough values to unpack (expected 2, got 0)')
    return [p for p, _ in pred_fn_pairs], [f for _, f in pred_fn_pairs]


def _noted(error, note):
    error.add_note(note)
    return error


def assert_at_most_one(preds, truth):
    """exclusive=True: TF's eager Assert that at most one of ``preds`` holds (``truth``: their values)."""
    from ..assertions import Assert
    if sum(truth) > 1:
        names = ', '.join('?' for _ in preds)       # (eager tensors have no name: TF writes '?')
        Assert(convert_to_tensor(False), ['Input error: exclusive=True: more than 1 conditions (%s) evaluated '
                                          'as True:' % names, convert_to_tensor(np.array(truth))],
               summarize=len(preds))


def assert_one_holds(truth):
    """The default action TF makes from the last pair when tf.case has no default: its Assert that its
    predicate holds, listing every predicate's value."""
    from ..assertions import Assert
    if not truth[-1]:
        Assert(convert_to_tensor(False), ['Input error: None of conditions evaluated as True:',
                                          convert_to_tensor(np.array(truth))])


def eager_loop_vars(loop_vars):
    """TF's eager tf.while_loop reading of ``loop_vars``: ``not loop_vars`` refuses an empty (or false)
    one, and ``len(loop_vars)`` any other that is no sequence (a bare number or scalar tensor)."""
    from ..composite import CompositeTensor
    if isinstance(loop_vars, (list, tuple)) or isinstance(loop_vars, CompositeTensor):
        if not loop_vars:
            raise ValueError("'loop_vars' must be provided.")
        return
    note = 'while_loop: pass the loop variables in a list, as [x] (body returning [new_x])'
    if isinstance(loop_vars, Tensor):
        if loop_vars.ndim == 0:
            error = ValueError("'loop_vars' must be provided.") if not bool(backend.to_host(loop_vars._data)) \
                else TypeError('Scalar tensor has no `len()`')
        else:
            return      # (a vector: TF takes its len() and iterates its rows; tapeflow keeps it one variable)
    elif not loop_vars:
        error = ValueError("'loop_vars' must be provided.")
    else:
        error = TypeError("object of type '%s' has no len()" % type(loop_vars).__name__)
    error.add_note(note)
    raise error


def same_structure(loop_vars, result, limited=False):
    """TF's eager loop check after each body call: ``nest.assert_same_structure`` of the type specs of
    the variables that went in with what the body returned, as a list; with maximum_iterations
    (``limited``) TF loops over (counter, loop_vars), so the body's own sequence type must match too."""
    from .. import nest
    from ..nest_compare import assert_same_structure
    if limited:     # (TF's structure: [counter, loop_vars as given])
        assert_same_structure([_spec(0), nest.map_structure(_spec, loop_vars)], [1, result])
        return
    assert_same_structure(nest.map_structure(_spec, list(loop_vars)), list(result))


def _spec(value):
    from ..type_spec import type_spec_from_value
    try:
        return type_spec_from_value(value)
    except TypeError:       # (a TensorArray: a leaf of its own here)
        return value


def traced_dtype_change(before, after):
    """A graph loop's variable whose dtype the body changed: TF 2.21's while_v2 TypeError, naming the
    graph tensor that entered the loop (when the trace named it)."""
    from ..trace_names import entry_of
    entry = entry_of(before)
    if entry is None:
        return
    name = entry[0] if ':' in entry[0] else entry[0] + ':0'
    raise TypeError("Loop var %s enters the loop with type <dtype: '%s'> but has type <dtype: '%s'> after 1 "
                    'iteration. %s type should remain constant.' % (name, before.dtype.name, after.dtype.name, name))


def traced_shape_change(before, after, invariants):
    """A graph loop's first turn: TF 2.21's while_v2 ValueError for a variable whose traced shape after the
    body is not within its shape invariant (or, without invariants, the shape it entered with). Only
    tensors the trace named are compared (their traced shapes, None where the trace leaves a length open)."""
    from ..tensor_shape import TensorShape
    from ..trace_names import entry_of
    if invariants is not None and len(invariants) != len(before):
        return      # (nested loop variables: their invariants are not listed one per tensor here)
    for index, (a, b) in enumerate(zip(before, after)):
        entered, came = entry_of(a), entry_of(b)
        if entered is None or came is None:
            continue
        shape = entered[1] if invariants is None else invariants[index]
        if shape is None or _within(came[1], shape):
            continue
        name = entered[0] if ':' in entered[0] else entered[0] + ':0'
        raise ValueError('Input tensor `%s` enters the loop with shape %s, but has shape %s after one iteration. To '
                         'allow the shape to vary across iterations, use the `shape_invariants` argument of '
                         'tf.while_loop to specify a less-specific shape.' % (name, TensorShape(shape),
                                                                              TensorShape(came[1])))


def _within(shape, bound):
    """TF's _ShapeLessThanOrEqual: ``shape`` fits ``bound`` (its None lengths take anything)."""
    if shape is None or len(shape) != len(bound):
        return False
    return all(b is None or a == b for a, b in zip(shape, bound))
