"""The tanh gelu (approximate=True) in a traced function, as grappler rewrites TF's graph of it.

tf.nn.gelu(x, approximate=True) is ``0.5 * x * (1 + tanh(k * (x + c * pow(x, 3))))`` (k = sqrt(2/pi),
c = 0.044715 as a float32 constant). In a graph, ConvertPow makes pow(x, 3) ``x * Square(x)`` and
ConstantPushDown moves c inside, ``c * (x * Square(x))`` becoming ``(c * Square(x)) * x``; eager TF (and
tapeflow eagerly) takes Eigen's pow. Its gradient in the graph folds PowGrad's constants too: with
``gs = k * TanhGrad(t, g * 0.5x)``, the input's gradient is ``(0.5 * (g * (1 + t)) + gs * ((3c) * Square(x))) + gs``
(the 0.5x branch, then the cube's, then the direct one; 3c one float32 rounding).
Measured on TF 2.21 (progs/modelfuzz20/gl2.py, gl5.py): tf.function(gelu) of 16x16 normals had 6 of 256
values off this eager form, and every one of 6 x 256 values and gradients equals the forms here.
"""
import numpy as np

from .. import graph_random_ops
from ..tensor import Tensor
from .operands import ACTIVE, record
from .unary import square, tanh, tanh_grad

_K = 0.7978845608028654
_C = float(np.float32(0.044715))       # nn_ops.gelu casts 0.044715 from a float32 constant


def rewritten(x):
    """Whether ``x``'s tanh gelu runs in a graph that grappler optimizes (a tf.function returning a value,
    a Keras step); 16-bit gelu keeps its own paths."""
    return graph_random_ops.pushes_constants() and x._data.dtype.kind == 'f' and x._data.dtype.itemsize >= 4


def gelu(x):
    """The graph's forward value, with the graph's gradient recorded as one op of ``x``."""
    if not ACTIVE:
        return _value(x)
    out = Tensor(_value(Tensor(x._data))._data)      # an unwatched copy: its ops go to no tape
    record('gelu', (x,), out, (_grad,))
    return out


def _value(x):
    # Square, not x * x: a traced product times a constant would be regrouped (product_push_down.py)
    return 0.5 * x * (1.0 + tanh(_K * (x + (_C * square(x)) * x)))


def _grad(g, y, x):
    x2 = square(x)
    t = tanh(_K * (x + (_C * x2) * x))
    gs = _K * tanh_grad(t, g * (0.5 * x))
    three_c = float(np.asarray(_C * 3, x._data.dtype))     # the folded Const, in x's dtype
    return (0.5 * (g * (1.0 + t)) + gs * (three_c * x2)) + gs
