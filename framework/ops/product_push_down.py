"""``(t * v) * C`` in a traced step, computed as grappler's ConstantPushDown regroups it: ``t * (C * v)``.

A custom layer's ``x * self.g * 1.5`` (a scale weight, then a constant factor) runs in TF 2.21's fit,
predict and tf.function as ``x * (1.5 * g)``: constant folding moves the constant next to the variable's
read, whatever the order written (``g * x * 1.5``, ``1.5 * (x * g)``), in a layer or not. ``/ C`` is
first ``* (1 / C)`` there (graph_rewrites.constant_reciprocal), so ``x * g / 1.5`` is ``x * ((1 / 1.5) * g)``.
The regrouped product rounds differently: kerasio41's probes (p5b, p5c: a Scale layer before a Dense)
trained to other last bits than TF's from the first step (notes/progs/me39/push_mul.py, push_mul2.py).

Only the forward value changes. TF builds the gradient from the graph as written, before grappler runs,
so the node is recorded as ``out * C`` with multiply's own rules (``g * C`` for the product).

tapeflow runs the trace eagerly and cannot count a product's later readers (grappler leaves a product
read twice alone), so it regroups only the product made by the multiply just before this one. A variable
read directly (not cast by a mixed policy), a float32 / float64 tensor (grappler leaves half and bfloat16
alone), and a constant that would not broadcast the variable to a larger shape (grappler's check).
Products of two tensors or two variables (where the constant joins the operand whose node name sorts
first) are left as written.
"""
import weakref

import numpy as np

from . import graph_rewrites

# (weakrefs to the output of t * v or v * t made by the last traced multiply, to v and to t), else None
_NOTED = [None]
_CONSTANTS = (float, int, np.floating, np.ndarray)
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def note_product(x, y, out):
    """After a traced ``out = x * y``: remember it when one operand is a variable, the other a tensor."""
    from ..tensor import Tensor
    from ..variable import Variable
    if type(x) is Variable and type(y) is Tensor:
        _NOTED[0] = (weakref.ref(out), weakref.ref(x), weakref.ref(y))
    elif type(y) is Variable and type(x) is Tensor:
        _NOTED[0] = (weakref.ref(out), weakref.ref(y), weakref.ref(x))
    else:
        _NOTED[0] = None


def regrouped(x, y):
    """The array of ``x * y`` as ``t * (C * v)`` when one side is the noted ``t * v`` and the other a
    constant C (a Python number, numpy scalar or array), in a traced step that folds constants; else None."""
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
    variable, other = noted[1](), noted[2]()
    if variable is None or other is None or not graph_rewrites.folds_constants():
        return None
    dtype = product._data.dtype
    if dtype not in _FLOATS or variable._data.dtype != dtype or type(product._data) is not np.ndarray:
        return None
    constant = np.asarray(c).astype(dtype, copy=False)
    if constant.size > variable._data.size or any(m > n for m, n in zip(constant.shape, variable._data.shape)):
        return None         # grappler's check: C may not broadcast the leaf it joins
    return other._data * (constant * variable._data)
