"""The gradient of a traced ``softmax(x / T)`` (a temperature) as grappler's ConstantPushDown regroups it.

TF's softmax gradient is ``Mul(g - sum(g * s), s)`` (nn_grad._SoftmaxGrad). In a traced step grappler
folds ``x / T`` into ``x * (1 / T)`` (graph_rewrites.py), so the gradient of x is
``Mul(Mul(g - sum(g * s), s), 1 / T)``; constant folding's ConstantPushDown then moves the constant
into the inner product, next to the softmax: ``(s * (1 / T)) * (g - sum(g * s))``. Measured on TF 2.21
(notes progs/tutorials41/t41_cpd_grad.py: all 320 values equal that product, 111 differ from the
eager ``((g - sum) * s) * (1 / T)``); keras.io's knowledge distillation (``ops.softmax(y_pred /
temperature)`` in compute_loss) trained an ulp off TF from its first step (distill.py).

tapeflow's softmax rule notes the product it returns while a trace runs (``product``); the folded
division's rule for x asks ``scaled`` for the regrouped value when the gradient it receives is that
product. Only that pair: a softmax over its last axis whose gradient reaches ``x / T`` unchanged.
"""
import weakref

from . import graph_rewrites

# id of a product the softmax rule returned in a trace -> (weakref to it, s, g - sum(g * s)); an entry goes
# when its product does (a step's sweep may pass several softmaxes before their divisions)
_NOTED = {}


def product(s, centred):
    """``s * centred`` (tensors or raw arrays), noted while a trace folds constants."""
    out = s * centred
    if graph_rewrites.GATE[0] and graph_rewrites.folds_constants():
        key = id(out)
        _NOTED[key] = (weakref.ref(out, lambda _, key=key: _NOTED.pop(key, None)), s, centred)
    return out


def scaled(g, c):
    """``(s * c) * centred`` when ``g`` is a noted product, else None."""
    noted = _NOTED.get(id(g))
    if noted is None or noted[0]() is not g:
        return None
    del _NOTED[id(g)]
    return (noted[1] * c) * noted[2]
