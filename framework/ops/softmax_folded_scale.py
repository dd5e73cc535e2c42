"""softmax(z * c) for a float32 constant c in a traced step, whose gradient takes grappler's regrouping.

keras.ops.dot_product_attention computes ``softmax(einsum(q, k) * scale)``. Eagerly the gradient
reaching z is ``((g - s) * y) * c`` (SoftmaxGrad, then Mul's gradient; s = sum(g * y) per row).
In a traced step TF 2.21's grappler regroups the two products around the constant:
``(g - s) * (y * c)``. Measured (grid13 fg2.py, 16x2x6x6 logits): the traced q and k gradients
equal that form's, none of the eager one's; with a mask between the product and the softmax it
is not applied here (not measured).
"""
import numpy as np

from .. import graph_random_ops
from ..tensor import Tensor
from .activations import softmax
from .operands import ACTIVE, record


def folds_scale(z):
    """Whether ``softmax(z * c)`` runs in a traced step with a tape, where grappler regroups its gradient."""
    return bool(ACTIVE) and z._data.dtype == np.float32 and graph_random_ops.pushes_constants()


def scaled_softmax(z, scale, axis=-1):
    """``softmax(z * scale)`` as one op of ``z`` (the same forward bits) with the regrouped gradient."""
    c = np.float32(scale)
    y = softmax(Tensor(z._data * c), axis)
    record('scaled_softmax', (z,), y, (lambda g, y, z: _regrouped(g, y, c, axis),))
    return y


def _regrouped(g, y, c, axis):
    from .reductions import reduce_sum
    return (g - reduce_sum(g * y, axis, keepdims=True)) * (y * c)
