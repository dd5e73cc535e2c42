"""softmax(z * c) for a float32 constant c in a traced step, whose gradient takes grappler's regrouping.

keras.ops.dot_product_attention computes ``softmax(einsum(q, k) * scale)``. Eagerly the gradient
reaching z is ``((g - s) * y) * c`` (SoftmaxGrad, then Mul's gradient; s = sum(g * y) per row).
In a traced step TF 2.21's grappler (ConstantPushDown) regroups the two products around the
constant, c joining the operand whose node name sorts first: ``(g - s) * (y * c)`` when the Softmax
node's scope sorts before 'gradient_tape/' (a Keras model named 'functional', a bare tf.function),
``((g - s) * c) * y`` after it ('sequential', 'multi_head_attention', most names past 'g'). Measured
(grid13 fg2.py, mha3/mha5.py, bh.py, gold2/gold3.py, grid case 20): each context's traced q and k
gradients equal its form's. With a mask between the product and the softmax it is not applied
(not measured).
"""
import sys

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
    rule = _with_softmax if _softmax_sorts_first() else _with_difference
    record('scaled_softmax', (z,), y, (lambda g, y, z: rule(g, y, c, axis),))
    return y


def _softmax_sorts_first():
    """Whether the Softmax node's name sorts before its gradient's ``gradient_tape/.../sub``: grappler
    hands the products' operands to ConstantPushDown in name order and c joins the first. The layer
    scope decides ('functional_1/.../Softmax' first, 'sequential_1/...' or 'tblock_1/...' after):
    grid13 measured both forms in Keras fits (bh.py mha, grid case 20) and custom loops (gold2.py)."""
    call_context = sys.modules.get('layers.call_context')      # (framework does not import layers)
    layer = call_context.current_layer() if call_context is not None else None
    # the layers' names stand for their graph scopes ('tblock' for 'tblock_1'): the first letters decide
    prefix = '/'.join(call_context.enclosing_names(layer) + [layer.name]) + '/' if layer is not None else ''
    return prefix + 'Softmax' < 'gradient_tape/' + prefix + 'sub'


def _with_softmax(g, y, c, axis):
    from .reductions import reduce_sum
    return (g - reduce_sum(g * y, axis, keepdims=True)) * (y * c)


def _with_difference(g, y, c, axis):
    from .reductions import reduce_sum
    return ((g - reduce_sum(g * y, axis, keepdims=True)) * c) * y
