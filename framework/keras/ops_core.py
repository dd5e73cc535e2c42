"""``keras.ops`` control flow and gradient control, executed eagerly.

tapeflow runs Python as written, so ``cond`` is an ``if`` and the loops are
Python loops: every op inside records on the active GradientTape as usual,
and gradients flow through loop bodies and the branch taken.
"""
from framework import nest
from framework import ops as _ops
from framework.custom_gradient import custom_gradient  # noqa: F401  (keras.ops.custom_gradient)
from .ops_dtypes import tensor

__all__ = ['cond', 'custom_gradient', 'fori_loop', 'map', 'scan', 'stop_gradient', 'switch',
           'vectorized_map', 'while_loop']


def stop_gradient(variable):
    """The same value, with no gradient flowing back through it."""
    return _ops.stop_gradient(tensor(variable, 'stop_gradient'))


def cond(pred, true_fn, false_fn):
    """``true_fn()`` if ``pred`` holds, else ``false_fn()``."""
    return true_fn() if bool(pred) else false_fn()


def switch(index, branches, *operands):
    """``branches[index](*operands)``, the index clamped into range as Keras 3 does."""
    if not branches:
        raise ValueError('keras.ops.switch: branches must be a non-empty list of callables')
    return branches[max(0, min(int(index), len(branches) - 1))](*operands)


def while_loop(cond, body, loop_vars, maximum_iterations=None):  # noqa: A002  (Keras 3's names)
    """Apply ``body`` to ``loop_vars`` while ``cond`` holds (at most ``maximum_iterations`` times).

    ``cond`` and ``body`` take the loop variables as separate arguments when
    ``loop_vars`` is a tuple or list; ``body`` returns them in the same structure.
    """
    is_sequence = isinstance(loop_vars, (tuple, list))
    state = tuple(loop_vars) if is_sequence else (loop_vars,)
    steps = 0
    while (maximum_iterations is None or steps < maximum_iterations) and bool(cond(*state)):
        result = body(*state)
        state = tuple(result) if is_sequence and isinstance(result, (tuple, list)) else (result,)
        if len(state) != (len(loop_vars) if is_sequence else 1):
            raise ValueError('keras.ops.while_loop: body must return the loop variables in their structure; '
                             'it returned %d value(s) for %d' % (len(state), len(loop_vars) if is_sequence else 1))
        steps += 1
    return (list(state) if isinstance(loop_vars, list) else state) if is_sequence else state[0]


def fori_loop(lower, upper, body_fun, init_val):
    """``val = body_fun(i, val)`` for i in range(lower, upper); returns the final ``val``."""
    val = init_val
    for i in range(int(lower), int(upper)):
        val = body_fun(i, val)
    return val


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """``carry, y = f(carry, x)`` over the leading axis of ``xs``; returns (carry, stacked ys).

    ``xs`` may be a nested structure of tensors sharing their first axis, or None
    with ``length`` steps; ys are stacked structure by structure.
    """
    leaves = [tensor(x, 'scan') for x in nest.flatten(xs)] if xs is not None else []
    if leaves:
        n = leaves[0].shape[0]
        if length is not None and int(length) != n or any(leaf.shape[0] != n for leaf in leaves):
            raise ValueError('keras.ops.scan: every xs and length must agree on the leading axis, got %s and '
                             'length=%r' % ([tuple(leaf.shape) for leaf in leaves], length))
    elif length is None:
        raise ValueError('keras.ops.scan: give xs or length')
    else:
        n = int(length)
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
    return scan(lambda carry, x: (carry, f(x)), None, xs)[1]


def vectorized_map(function, elements):
    """``function`` over the first axis of ``elements``, results stacked (a loop here)."""
    return map(function, elements)
