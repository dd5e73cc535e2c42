"""``(a * b) * C`` in a traced step, computed as grappler regroups it: ``a * (C * b)``.

A custom layer's ``x * self.g * 1.5`` (a scale weight, then a constant factor) runs in TF 2.21's fit,
predict and tf.function as ``x * (1.5 * g)``: the constant moves next to one of the product's operands,
whatever the order written (``g * x * 1.5``, ``1.5 * (x * g)``), in a layer or not; ``/ C`` is first
``* (1 / C)`` there (graph_rewrites.constant_reciprocal), so ``x * g / 1.5`` is ``x * ((1 / 1.5) * g)``.
The constant joins the operand of fewer elements (g of shape (16,) beside a (64, 16) batch; a (16,)
tensor beside a (64, 16) variable); of equal sizes, the one whose graph node's name sorts first (a
variable read on the left is 'ReadVariableOp', on the right 'mul/ReadVariableOp'; beside it an argument
'a' or 'x', an 'Exp'). The regrouped product rounds differently: kerasio41's probes (p5b, p5c: a Scale
layer before a Dense) trained to other last bits than TF's from the first step (notes/progs/me39/push_mul*.py).
The arithmetic optimizer's order decides it (with it off, constant folding's ConstantPushDown alone puts C
with the product's right operand: push_which.py).

Only the forward value changes. TF builds the gradient from the graph as written, before grappler runs,
so the node is recorded as ``out * C`` with multiply's own rules (``g * C`` for the product).

tapeflow runs the trace eagerly and cannot count a product's later readers (grappler leaves a product
read twice alone), so it regroups only the product made by the multiply just before this one. float32 /
float64 only (grappler leaves half and bfloat16 alone), and not where C would broadcast the operand it
joins to a larger shape (grappler's check). Equal sizes inside a layer's call, where tapeflow does not
know the graph names, are left as written.
"""
import os
import sys
import weakref

import numpy as np

from .. import trace_names
from ..array_sweep import array_rule
from ..tensor import Tensor
from ..variable import Variable
from . import graph_rewrites

# (weakrefs to the output of a * b made by the last traced multiply, to a and to b), else None
_NOTED = [None]
_CONSTANTS = (float, int, np.floating, np.ndarray)
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_OPERANDS = frozenset((Tensor, Variable))
# (call site, 'forward') -> 'a' / 'b'; (call site, 'backward', whether a's gradient) -> the rule's order:
# what the graph names decided while the function traced, for its later calls (run without names)
_DECIDED = {}
_OPS_DIRECTORY = os.path.dirname(os.path.abspath(__file__)) + os.sep
_TENSOR_FILE = os.path.join(os.path.dirname(_OPS_DIRECTORY.rstrip(os.sep)), 'tensor.py')


def note_product(x, y, out):
    """After a traced ``out = x * y``: remember it when both operands are tensors (or variables)."""
    if type(x) in _OPERANDS and type(y) in _OPERANDS:
        _NOTED[0] = (weakref.ref(out), weakref.ref(x), weakref.ref(y))
    else:
        _NOTED[0] = None


def regrouped(x, y):
    """(the array of ``x * y`` as ``a * (C * b)``, the inputs and rules to record it with or None: see
    _one_sided_rules) when one side is the noted product ``a * b`` and the other a constant C (a Python
    number, numpy scalar or array), in a traced step that folds constants; else None."""
    noted = _NOTED[0]
    if noted is None:
        return None
    _NOTED[0] = None
    product = noted[0]()
    if product is x and isinstance(y, _CONSTANTS):
        c = y
    elif product is y and isinstance(x, _CONSTANTS):
        c = x
    else:
        return None
    a, b = noted[1](), noted[2]()
    if a is None or b is None or not graph_rewrites.folds_constants():
        return None
    dtype = product._data.dtype
    if dtype not in _FLOATS or a._data.dtype != dtype or b._data.dtype != dtype \
            or type(product._data) is not np.ndarray:
        return None
    site = _call_site()
    joined = _joined(product, a, b, site)
    if joined is None:
        return None
    other = b if joined is a else a
    constant = np.asarray(c).astype(dtype, copy=False)
    if constant.size > joined._data.size or any(m > n for m, n in zip(constant.shape, joined._data.shape)):
        return None         # grappler's check: C may not broadcast the operand it joins
    value = other._data * (constant * joined._data)
    inputs, rules = _one_sided_rules(product, a, b, constant, site)
    return value, inputs, rules


def _one_sided_rules(product, a, b, constant, site):
    """((a, b), their rules) for recording ``(a * b) * C`` as one node on a tape that needs the gradient of
    one operand only, else (None, None): the node is then recorded as written, ``product * C``.

    TF's gradient of the operand o is ``Mul(Mul(g, C), p)`` (p the other operand), a chain grappler's
    arithmetic optimizer rebuilds in its order, smallest first, ties by name (the gradient's
    'gradient_tape/...'): ``(C * x) * g`` for a Scale layer's weight in fit, whose input is 'data' or
    'functional_1/...'. Where both operands need a gradient, ``Mul(g, C)`` has two readers and is kept."""
    from ..tape import ACTIVE, GradientTape
    if len(ACTIVE) != 1 or type(ACTIVE[0]) is not GradientTape or constant.size != 1:
        return None, None
    tracked = ACTIVE[0]._tracked
    on_a, on_b = id(a) in tracked, id(b) in tracked
    if on_a == on_b:
        return None, None
    other = b if on_a else a
    size = product._data.size
    if other._data.size == 1:
        return None, None
    name = None
    if other._data.size == size:        # a tie: the other operand's graph name decides (known while tracing)
        name = _graph_name(other, product, left=other is a, in_layers=True)
        if name is None:
            order = _DECIDED.get((site, 'backward', on_a))
            return (None, None) if order is None else ((a, b), _rules(order, constant, on_a))
    leaves = [(1, '', 'c'), (size, 'gradient_tape', 'g'), (other._data.size, name, 'p')]
    order = _DECIDED[(site, 'backward', on_a)] = tuple(key for _, _, key in sorted(leaves))
    return (a, b), _rules(order, constant, on_a)


def _rules(order, constant, on_a):
    """The node's rules: the gradient of the operand that needs it as ``(first * second) * third`` in
    ``order`` of 'g' (the output's gradient), 'c' (the constant) and 'p' (the other operand); None for the other."""
    factor = float(constant.reshape(()))    # (a Python float: a float32 array times it stays float32)

    def rule(g, out, a, b):
        values = {'g': g, 'c': factor, 'p': b if on_a else a}
        first, second, third = (values[key] for key in order)
        return (first * second) * third
    rule = array_rule(rule)
    return (rule, None) if on_a else (None, rule)


def _joined(product, a, b, site):
    """The operand of ``product = a * b`` that the constant joins: the one of fewer elements; of equal sizes,
    the one whose graph node's name sorts first. Names are known while a function traces; its later calls
    run the same code without them, so the choice is kept per call site (None where never known)."""
    if a is b:
        return a
    if a._data.size != b._data.size:
        return a if a._data.size < b._data.size else b
    if graph_rewrites.in_layer_call():
        return None
    name_a, name_b = _graph_name(a, product, left=True), _graph_name(b, product, left=False)
    if name_a is None or name_b is None:
        first = _DECIDED.get((site, 'forward'))
        return None if first is None else (a if first == 'a' else b)
    _DECIDED[(site, 'forward')] = 'a' if name_a <= name_b else 'b'
    return a if name_a <= name_b else b


def _call_site():
    """(code, instruction) of the code that asked for the product times the constant: the first frame
    outside framework/ops and the Tensor operators (a decision's key across a function's calls)."""
    frame = sys._getframe(2)
    while frame is not None and (_OPS_DIRECTORY in frame.f_code.co_filename
                                 or frame.f_code.co_filename == _TENSOR_FILE):
        frame = frame.f_back
    return None if frame is None else (frame.f_code, frame.f_lasti)


def _graph_name(t, product, left, in_layers=False):
    """The name of the node ``t`` is in the traced graph. TF's ``v * x`` reads a variable on the left before
    the product's name scope opens ('ReadVariableOp'), one on the right inside it ('mul/ReadVariableOp',
    'Mul/ReadVariableOp' for tf.multiply); a tensor the trace named has its entry's name ('x', 'Exp',
    'functional_1/dense_1/BiasAdd' in a Keras step). A variable read in a layer's call: None (its scope is
    not known here); ``in_layers`` False: None for anything in one."""
    if type(t) is Variable:
        if graph_rewrites.in_layer_call():
            return None
        if left:
            return 'ReadVariableOp'
        entry = trace_names.entry_of(product)
        return None if entry is None else entry[0] + '/ReadVariableOp'
    if not in_layers and graph_rewrites.in_layer_call():
        return None
    entry = trace_names.entry_of(t)
    return None if entry is None else entry[0]
