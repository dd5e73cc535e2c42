"""sigmoid_cross_entropy_with_logits in a traced step: its logits gradient adds as TensorFlow's graph does.

The loss is ``relu_x - x * z + log1p(exp(neg_abs_x))`` with ``relu_x = where(x >= 0, x, 0)`` and
``neg_abs_x = where(x >= 0, -x, x)`` (losses_nn.py). ``x`` reaches the loss four ways, so its
gradient is an AddN of four terms: relu's select ``where(x >= 0, g, 0)``, the product's ``-g * z``,
and, with ``m = exp(neg_abs_x) * (g * reciprocal(1 + exp(neg_abs_x)))`` (Log1pGrad, ExpGrad),
neg_abs's select ``where(x >= 0, 0, m)`` and the negation's ``-where(x >= 0, m, 0)``. Eager
TensorFlow adds them in its tape's order (relu's, the product's, neg_abs's, the negation's), which
tapeflow's sweep repeats. In a graph (a tf.function, Keras's train step) grappler canonicalizes the
AddN first, sorting its inputs by node name (``.../Neg``, ``.../Select``, ``.../Select_3``,
``.../mul/Mul``): where ``x >= 0`` the sum is ``(g - m) - g * z`` instead of ``(g - g * z) - m``.
Measured on TF 2.21: a train step's gradient for 16 logits (Keras's BinaryCrossentropy(from_logits=True),
fit or a tf.function) differed from eager's in 7 values; these rules give all 16
(tests/test_sigmoid_xent_graph.py). So in a traced step the loss is recorded as one node with
that sum; eager, the composition stays (its AddN also takes the logits' other readers' gradients).
A sigmoid output the loss scores from its logits and something else reads too: its Sigmoid's gradient
may sort before the four terms (sigmoid_reader_first.py).
"""
import contextlib
import threading

import numpy as np

from .. import backend
from ..tape import array_rule, paused
from ..tensor import Tensor
from .arithmetic import add, multiply, negative
from .creation import zeros_like
from .operands import record
from . import sigmoid_reader_first
from .selection import where
from .unary import _exp_value, _reciprocal_value, exp, reciprocal


_SIGMOID_FIRST = threading.local()


@contextlib.contextmanager
def sigmoid_first(output):
    """Within: the Sigmoid that made ``output`` from the logits sorts before the four terms
    (sigmoid_reader_first.py)."""
    _SIGMOID_FIRST.output = output
    try:
        yield
    finally:
        _SIGMOID_FIRST.output = None


def record_traced(labels, logits, loss_of):
    """``loss_of(labels, logits)`` (the composition), recorded as one node with the graph's gradients."""
    with paused():
        out = loss_of(labels, logits)
    output = getattr(_SIGMOID_FIRST, 'output', None)
    record('sigmoid_cross_entropy_with_logits', (labels, logits), out, _VJPS if output is None else
           (_VJPS[0], sigmoid_reader_first.joined_vjp(_logits_grad, _logits_terms, output)))
    return out


def _logits_grad(g, y, labels, logits):
    neg, select, select_3, mul = _terms_as_ops(g, labels, logits)
    return add(add(add(neg, select), select_3), mul)


def _terms_as_ops(g, labels, logits):
    """The four terms with framework ops (a recording sweep), in the AddN's order."""
    positive = logits >= 0
    e = exp(where(positive, negative(logits), logits))
    m = multiply(e, multiply(g, reciprocal(add(1.0, e))))
    zero = zeros_like(g)
    return [negative(where(positive, m, zero)), where(positive, g, zero), where(positive, zero, m),
            multiply(negative(g), labels)]


def _logits_terms(g, y, labels, logits):
    """The four terms on raw arrays, in the AddN's order (Neg, Select, Select_3, mul/Mul)."""
    xp = backend.array_module(logits)
    positive = logits >= 0
    e = _exp_value(xp, xp.where(positive, -logits, logits))
    m = e * (g * _reciprocal_value(xp, e.dtype.type(1) + e))
    zero = xp.zeros_like(g)
    return [-xp.where(positive, m, zero), xp.where(positive, g, zero), xp.where(positive, zero, m), (-g) * labels]


def _logits_grad_arrays(g, y, labels, logits):
    neg, select, select_3, mul = _logits_terms(g, y, labels, logits)
    return ((neg + select) + select_3) + mul


def _labels_grad(g, y, labels, logits):
    return multiply(negative(g), logits)


_VJPS = (array_rule(_labels_grad, lambda g, y, labels, logits: (-g) * logits),
         array_rule(_logits_grad, _logits_grad_arrays))
