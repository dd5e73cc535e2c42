"""``(v + t) - C`` in a traced training step, regrouped as grappler's ConstantPushDown regroups it
(and ``C - (v + t)``, ``(v + t) + C``, ``C + (v + t)``: ``pushed_down``).

A blog's tf.function step often reads its data from numpy arrays outside the function, which
TF's graph holds as constants: ``pred = w * X + b; loss = mean(square(pred - Y))``. Grappler's
constant folding rewrites ``Sub(Add(x, y), C)`` into ``Add(x, Sub(y, C))`` when the Add feeds
nothing else; the Add's inputs are first sorted by node name, and C joins the second. A
variable's read is ``ReadVariableOp`` and an operator's output ``mul`` / ``add`` / ``sub`` /
``truediv``, so the variable stays outside: ``b + ((w * X) - Y)``, other float32 roundings than
the eager ``(w * X + b) - Y`` (TF 2.21: 15 of 32 differences; a Newton-cooling fit's loss
0.03938567 where eager gives 0.03938541, notes/progs/blogs28/p26.py, p31.py). The rewrite is
skipped where C would broadcast ``y`` to a larger shape (a scalar bias beside data-sized C).

tapeflow runs the trace eagerly and cannot count a tensor's later readers, so it applies the
rewrite only in the shape it can identify: C a Python number or numpy value, the other operand
the output of the op just recorded on a tape, an ``add`` of a variable (read directly)
and an operator's product, sum, difference or quotient (the tape names the op). Outside a
layer's call only (layers' ops carry their scopes' names, sorted otherwise). Two cases differ
from TF (notes/progs/blogs28/q_push.py): a sum the function reads again (TF keeps it), and
``tf.multiply(w, X) + b - Y``, whose 'Mul' sorts before the variable (the tape names it as it
names ``*``); ``X @ W + b - Y`` ('matmul', where tf.matmul is 'MatMul') is left as written.
"""
import weakref

import numpy as np

from . import graph_rewrites

# (weakrefs to the output of v + t or t + v in a trace, to v and to t): weak, so that a variable the
# trace made dies with it (TF's check for a variable made on every trace needs it gone)
_ADDED = [None]
_CONSTANTS = (float, int, np.floating, np.ndarray)
_OPERATOR_OPS = frozenset(('multiply', 'add', 'subtract', 'divide'))    # graph names 'mul', 'add', ...


def note_add(x, y, out):
    """After ``out = x + y`` in a trace: remember it when one operand is a variable, the other a tensor."""
    from ..variable import Variable
    from ..tensor import Tensor
    if type(x) is Variable and type(y) is Tensor:
        _ADDED[0] = (weakref.ref(out), weakref.ref(x), weakref.ref(y))
    elif type(y) is Variable and type(x) is Tensor:
        _ADDED[0] = (weakref.ref(out), weakref.ref(y), weakref.ref(x))


def pushed_down(op, left, right):
    """The regrouped ``left - right`` (op 'subtract') or ``left + right`` (op 'add') when one side is
    the noted ``v + t`` and the other a constant C, else None:

    - ``(v + t) - C`` is ``v + (t - C)`` and ``C - (v + t)`` is ``(C - t) - v``;
    - ``(v + t) + C`` and ``C + (v + t)`` are ``v + (C + t)``.
    """
    noted = _ADDED[0]
    if noted is None:
        return None
    out = noted[0]()
    if out is right and isinstance(left, _CONSTANTS):
        c, constant_first = left, True
    elif out is left and isinstance(right, _CONSTANTS):
        c, constant_first = right, False
    else:
        return None
    _ADDED[0] = None
    variable, other = noted[1](), noted[2]()
    if variable is None or other is None or not _wanted(out, other, c):
        return None
    from .arithmetic import add, subtract
    if op == 'add':
        return add(variable, add(c, other))
    if constant_first:
        return subtract(subtract(c, other), variable)
    return add(variable, subtract(other, c))


def _wanted(x, other, c):
    data = other._data
    if data.dtype not in _FLOATS or not graph_rewrites.folds_constants() or not graph_rewrites.static_shapes():
        return False
    c_shape = np.shape(c)
    if np.prod(c_shape, dtype=np.int64) > data.size:
        return False        # grappler's check: C may not broadcast the leaf it joins
    if any(cd > od for cd, od in zip(c_shape, data.shape)):
        return False
    return _last_recorded(x) and _made_by_operator(other) and not graph_rewrites.in_layer_call()


_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _last_recorded(x):
    """Whether ``x`` is the output a recording tape took last (the Add read by this Sub alone, as far
    as tapeflow can tell)."""
    from ..tape import ACTIVE
    return any(tape._last is x for tape in ACTIVE)


def _made_by_operator(t):
    """Whether a recording tape holds ``t`` as the output of an operator's op (named in lower case in
    TF's graph, so sorted after the variable's ReadVariableOp)."""
    from ..tape import ACTIVE
    for tape in ACTIVE:
        for node in reversed(tape._nodes[-16:]):
            if node[0] is t:
                return node[3] in _OPERATOR_OPS
    return False
