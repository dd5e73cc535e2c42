"""A hard_sigmoid or hard_silu activation, then BatchNormalization's ``x * inv`` at inference, in a traced
step: the product chain grappler's arithmetic optimizer rebuilds (its MinimizeBroadcasts stage).

In TF 2.21's graph hard_sigmoid ends in a product once constant folding made its ``/ 6`` a ``* (1 / 6)``
(``Mul(Relu6, C)``), and hard_silu is ``Mul(x, Mul(Relu6, C))``. Where the next op multiplies that product
again and nothing else reads it, as BatchNormalization's ``x * inv`` does in predict, evaluate and
validation (training's moments read x too, and so does a gradient), MinimizeBroadcasts takes the chain's
leaves in graph order (each Mul's two inputs sorted by node name), sorts them by size, stably, and
multiplies the two smallest first: ``(C * inv) * relu6`` for hard_sigmoid, ``(C * inv) * (x * relu6)`` for
hard_silu, where the eager order is ``(relu6 * C) * inv``. Measured (notes/progs/modelfuzz26/red/kbn.py,
Dense, Activation layer and Conv1D before the normalization, static and None-batch predict traces): every
value equals the rebuilt chain, 55 to 322 of them differ from the eager order; fuzz seed 45's first
val_loss was an ulp off for it.

Sizes: the scalar C first, then ``inv`` (one value per feature) before the batch-sized leaves; with a None
batch axis the batch-sized ones count as larger (grappler's symbolic comparison). A static batch of one
row ties ``inv`` with them; the stable sort then keeps graph order, where ``inv`` ('<bn layer>/batchnorm/mul')
comes before the activation's leaves when the normalization layer's name sorts first.

tapeflow cannot count a tensor's readers: an activation output read by the normalization and by another
layer too (kept as written by TF) is rebuilt here all the same. silu and mish before the normalization are
rebuilt by TF as well (``(inv * x) * sigmoid(x)``, the order of x and sigmoid(x) by node names) but run
here as oneDNN's fused kernels, and are not handled.
"""
import weakref

import numpy as np

from framework.ops import relu6
from framework.ops import graph_rewrites
from framework.tape import ACTIVE

from . import call_context

# (weakref to the activation's output, 'hard_sigmoid' / 'hard_silu', its input, the name of the layer whose
# call made it, whether x was made in that call too), for the latest such traced activation (the input held:
# a Dense's x @ kernel + b has no other holder, and the normalization recomputes relu6(x + 3) from it)
_LAST = [None]
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def note(out, kind, x):
    """After a traced ``kind`` activation that no tape records: remember it for a normalization reading it."""
    if ACTIVE or x._data.dtype not in _FLOATS or type(x._data) is not np.ndarray:
        _LAST[0] = None
        return
    layer = call_context.current_layer()
    name = None if layer is None else layer.name
    # a layer with weights made x there ('BiasAdd', 'MatMul', 'convolution', all before 'truediv')
    made_here = layer is not None and hasattr(layer, 'kernel')
    _LAST[0] = (weakref.ref(out), kind, x, name, made_here)


def times_inv(x, inv, layer_name):
    """The array of ``x * inv`` as TF's optimized graph computes it where ``x`` is the noted activation's
    output (see the module's docstring), else None."""
    noted = _LAST[0]
    if noted is None or noted[0]() is not x:
        return None
    _LAST[0] = None
    source, inv_data = noted[2], inv._data
    if ACTIVE or inv_data.dtype != x._data.dtype or not graph_rewrites.tracing():
        return None
    kind, act_layer, made_here = noted[1], noted[3], noted[4]
    a = source._data
    c = a.dtype.type(1 / 6)
    r6 = relu6(source + 3.0)._data
    leaves = [r6, c] if kind == 'hard_sigmoid' else [a, r6, c]
    static = graph_rewrites.static_shapes()
    if static and r6.size == inv_data.size:
        # one row: inv ties with the activation's leaves, whose graph order then decides
        if act_layer is None or (kind == 'hard_silu' and not made_here):
            return None
        inv_first = layer_name + '/' < act_layer + '/'
    else:
        inv_first = True        # (inv is smaller: where it goes in graph order does not matter)
    leaves = [inv_data] + leaves if inv_first else leaves + [inv_data]
    big = r6.size

    def size(leaf):
        n = np.size(leaf)
        return n if static or n < big else np.inf      # (a None batch axis: larger than any known size)
    return _minimized(leaves, size)


def _minimized(leaves, size):
    """The product of ``leaves`` (in graph order) as MinimizeBroadcasts rebuilds the chain: stably sorted
    by size; with an odd count the largest kept for last; the two first multiplied, their product put
    back in front where the next two are of increasing size, else at the back; until one is left."""
    order = sorted(((size(leaf), leaf) for leaf in leaves), key=lambda pair: pair[0])
    leftover = order.pop() if len(order) % 2 else None
    while len(order) > 1:
        (_, lhs), (_, rhs) = order.pop(0), order.pop(0)
        product = (1, lhs * rhs)     # (the stage gives a rebuilt node an empty shape proto: a scalar's size)
        if len(order) >= 2 and order[0][0] < order[1][0]:
            order.insert(0, product)
        else:
            order.append(product)
    value = order[0][1]
    return value if leftover is None else value * leftover[1]
