"""``keras.ops`` control flow and gradient control, executed eagerly.

tapeflow runs Python as written, so ``cond`` is an ``if`` and the loops are
Python loops: every op inside records on the active GradientTape as usual,
and gradients flow through loop bodies and the branch taken.
"""
import numbers

import numpy as np

from framework import nest
from framework import ops as _ops
from framework.graph_random_ops import inside, subgraph
from framework.nest_compare import assert_same_structure
from framework.ops.tensor_array import TensorArray
from framework.tensor import Tensor, convert_to_tensor
from framework.custom_gradient import custom_gradient  # noqa: F401  (keras.ops.custom_gradient)
from .cond_call_errors import in_cond_call
from .ops_arguments import integer
from .ops_dtypes import tensor

__all__ = ['cond', 'custom_gradient', 'fori_loop', 'map', 'scan', 'stop_gradient', 'switch',
           'vectorized_map', 'while_loop']


def stop_gradient(variable):
    """The same value, with no gradient flowing back through it."""
    return _ops.stop_gradient(tensor(variable, 'stop_gradient'))


def cond(pred, true_fn, false_fn):
    """``true_fn()`` if ``pred`` holds, else ``false_fn()``; ``pred`` is a bool, 0, 1 or a one-value tensor.
    A branch's error comes back worded by Keras 3's Cond operation (cond_call_errors.py)."""
    _callable(true_fn, 'cond', 'true_fn')
    _callable(false_fn, 'cond', 'false_fn')
    branch = true_fn if _predicate(pred) else false_fn
    try:
        return branch()
    except Exception as error:
        worded = in_cond_call(error, pred, true_fn, false_fn)
        if worded is error:
            raise
        raise worded.with_traceback(error.__traceback__) from None


def _callable(fn, op, what):
    if not callable(fn):
        words = 'keras.ops.%s: argument `%s` must be callable. Received %s of type %s' % (
            op, what, _short(fn), type(fn).__name__)
        keras_words = _NOT_CALLABLE.get((op, what))
        if keras_words is None:
            raise TypeError(words)
        error = TypeError(keras_words.format(fn=fn, kind=type(fn).__name__))
        error.add_note(words)
        raise error


# Keras 3.15 on TF's TypeError where the argument is no function: its own check, or Python's at the call
_NOT_CALLABLE = {('fori_loop', 'body_fun'): "'{kind}' object is not callable",
                 ('while_loop', 'body'): "'{kind}' object is not callable",
                 ('while_loop', 'cond'): "'cond' must be callable.",
                 ('map', 'f'): "'{kind}' object is not callable",
                 ('scan', 'f'): '`f` should be a callable. Received: f={fn}'}


def _predicate(pred):
    # Keras 3 takes a Python bool, 1 or 0, or a tensor; 1.5, None or a string is a mistake, not "true".
    if isinstance(pred, (bool, np.bool_)) or (isinstance(pred, (int, np.integer)) and pred in (0, 1)):
        return bool(pred)
    if isinstance(pred, (Tensor, np.ndarray, np.generic)) and np.dtype(pred.dtype).kind in 'biuf':
        if int(np.prod(pred.shape)) != 1:
            raise ValueError('keras.ops.cond: pred must hold one value, got a tensor of shape %s; reduce it first '
                             '(e.g. keras.ops.all or keras.ops.any)' % (tuple(pred.shape),))
        return bool(np.asarray(pred).reshape(()))
    raise TypeError('keras.ops.cond: argument `pred` must be a Tensor, or a Python bool, or 1 or 0. '
                    'Received: pred=%s of type %s' % (_short(pred), type(pred).__name__))


def _short(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + '...'


def switch(index, branches, *operands):
    """``branches[index](*operands)``, the index clamped into range as Keras 3 does."""
    if not branches:
        raise ValueError('keras.ops.switch: branches must be a non-empty list of callables')
    return branches[max(0, min(int(index), len(branches) - 1))](*operands)


def while_loop(cond, body, loop_vars, maximum_iterations=None):  # noqa: A002  (Keras 3's names)
    """Apply ``body`` to ``loop_vars`` while ``cond`` holds (at most ``maximum_iterations`` times).

    ``cond`` and ``body`` take the loop variables as separate arguments when
    ``loop_vars`` is a tuple or list; ``body`` returns them in the same structure.
    Returns the final variables as tensors (a tuple for a tuple or list), as Keras 3 on
    TensorFlow does: its eager tf.while_loop converts them after the last iteration.
    """
    _callable(cond, 'while_loop', 'cond')
    _callable(body, 'while_loop', 'body')
    is_sequence = isinstance(loop_vars, (tuple, list))
    # Keras's body wrapper makes a tuple of what body returns (so a bare value for two variables
    # is Python's TypeError from tuple(), not a structure error)
    wrapped = (lambda *state: tuple(body(*state))) if is_sequence else (lambda *state: (body(*state),))
    state = _run_while(cond, wrapped, tuple(loop_vars) if is_sequence else (loop_vars,), maximum_iterations)
    return state if is_sequence else state[0]


def _run_while(cond, body, state, maximum_iterations):
    """TensorFlow's eager while loop over the tuple ``state``: the structure is checked after each
    body call (tf.nest's errors), the leaves become tensors only at the end."""
    steps = 0
    # Keras runs tf.while_loop: in a traced function its cond and body are graphs of their own
    cond_graph, body_graph = subgraph('while_cond'), subgraph('while_body')

    def holds():
        with inside(cond_graph):
            return bool(cond(*state))
    structure = list(state)
    while (maximum_iterations is None or steps < maximum_iterations) and holds():
        with inside(body_graph):
            state = body(*state)
        assert_same_structure(structure, list(state))
        steps += 1
    return nest.map_structure(_as_tensor, state)


def _as_tensor(leaf):
    return leaf if isinstance(leaf, TensorArray) else convert_to_tensor(leaf)


def fori_loop(lower, upper, body_fun, init_val):
    """``val = body_fun(i, val)`` for i = lower, lower + 1, ... while i < upper; returns the final ``val``
    as tensors. The bounds are numbers (Keras 3 counts from a float lower bound in steps of 1 too)."""
    _callable(body_fun, 'fori_loop', 'body_fun')
    lower, upper = _bound(lower, 'lower'), _bound(upper, 'upper')
    return _run_while(lambda i, val: i < upper, lambda i, val: (i + 1, body_fun(i, val)), (lower, init_val),
                      None)[1]


def _bound(value, what):
    if isinstance(value, (Tensor, np.ndarray, np.generic)) and np.ndim(value) == 0 \
            and np.dtype(value.dtype).kind in 'iuf':
        return np.asarray(value).item()
    if isinstance(value, numbers.Real):
        return value
    raise TypeError('keras.ops.fori_loop: %s must be a number or a scalar tensor, got %s of type %s'
                    % (what, _short(value), type(value).__name__))


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """``carry, y = f(carry, x)`` over the leading axis of ``xs``; returns (carry, stacked ys).

    ``xs`` may be a nested structure of tensors sharing their first axis, or None
    with ``length`` steps; ys are stacked structure by structure.
    """
    # Keras 3 on TF keeps the carry in TensorArrays: f sees tensors from the first step (an init of 0 is an
    # int32 tensor), the final carry comes back as tensors, and the ys live in arrays shaped like the carry,
    # so an f that returns no ys gives zeros of the carry's shape per step (not None)
    carry = nest.map_structure(convert_to_tensor, init)
    carry, ys = _scan(f, carry, xs, length, reverse, 'scan')
    carry = nest.map_structure(convert_to_tensor, carry)
    if ys is None:
        steps = integer(length, 'length', 'scan') if xs is None else tensor(nest.flatten(xs)[0], 'scan').shape[0]
        ys = nest.map_structure(lambda c: _ops.zeros((steps,) + tuple(c.shape), c.dtype), carry)
    return carry, ys


def _scan(f, init, xs, length, reverse, _op):
    _callable(f, _op, 'f')
    leaves = [tensor(x, _op) for x in nest.flatten(xs)] if xs is not None else []
    if any(leaf.ndim == 0 for leaf in leaves):
        raise ValueError('keras.ops.%s: xs must have a leading axis to run over, got shapes %s'
                         % (_op, [tuple(leaf.shape) for leaf in leaves]))
    if leaves:
        n = leaves[0].shape[0]
        if length is not None and integer(length, 'length', _op) != n or any(leaf.shape[0] != n for leaf in leaves):
            raise ValueError('keras.ops.%s: every xs and length must agree on the leading axis, got %s and '
                             'length=%r' % (_op, [tuple(leaf.shape) for leaf in leaves], length))
    elif length is None:
        raise ValueError('keras.ops.%s: give xs or length' % _op)
    else:
        n = integer(length, 'length', _op)
    carry, ys = init, []
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        x = nest.pack_sequence_as(xs, [leaf[i] for leaf in leaves]) if leaves else None
        carry, y = f(carry, x)
        ys.append(y)
    if reverse:
        ys.reverse()
    return carry, _stack_structures(ys)


def _stack_structures(ys):
    if not ys or ys[0] is None:
        return None
    columns = zip(*[nest.flatten(y) for y in ys])
    return nest.pack_sequence_as(ys[0], [_ops.stack([tensor(v, 'scan') for v in column]) for column in columns])


def map(f, xs):  # noqa: A001  (Keras 3's name)
    """``f`` applied to each slice of ``xs`` along its first axis; the results stacked."""
    _callable(f, 'map', 'f')
    if xs is None:
        raise ValueError('keras.ops.map: xs must be a tensor (or a structure of them), got None')
    return _scan(lambda carry, x: (carry, f(x)), None, xs, None, False, 'map')[1]


def vectorized_map(function, elements):
    """``function`` over the first axis of ``elements``, results stacked (a loop here). Keras's
    TF backend calls tf.vectorized_map: a pfor call, counted for TF's tracing warnings."""
    from ..pfor_tracing import pfor_called
    pfor_called()
    return map(function, elements)
