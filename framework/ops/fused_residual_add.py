"""The sum of a traced Dense output and another tensor, as TF's fused kernel computes it.

In a traced step on static shapes, TensorFlow's graph optimizer (the remapper, with oneDNN) fuses a
Dense layer's MatMul + BiasAdd with an Add that reads its output into one _FusedMatMul whose result
is ``(x @ kernel + other) + bias``, where Keras's graph says ``(x @ kernel + bias) + other``. The graph
is the same whether the sum is an Add layer, ``h + dense(h)`` or ``tf.add`` (TF 2.21 trains all three to
the same bits). Measured on TF 2.21 (notes progs/modelfuzz3, progs/me34/resid2.py): predict of
``Add()([h, Dense(6)(h)])`` on 16 rows had 32 of 96 values an ulp off the unfused order, all equal to
the fused one. The gradients are the unfused graph's (TF differentiates Keras's ops, then fuses the
forward): the bias's is the Dense's BiasAddGrad, so only the sum's value changes here, not what the
tape records. A trace on a None batch (a partial last batch) keeps Keras's order, as TF does. The
other input must have the Dense output's shape (no broadcast).
"""
from .. import onednn_policy
from ..tensor import Tensor
from .fusable_outputs import affine_parts
from . import graph_rewrites


def fused_residual_value(x, y):
    """The array TF's fused kernel gives for ``x + y`` in a trace where one of them is a marked Dense
    output and the other a tensor of its shape and dtype; else None. Call only while AFFINE_PARTS
    holds something (outside traced steps it is empty)."""
    for z, other in ((x, y), (y, x)):
        parts = affine_parts(z)
        if parts is not None:
            break
    else:
        return None
    if type(other) is not Tensor or other is z or other._data.shape != z._data.shape \
            or other._data.dtype != z._data.dtype:
        return None
    if not (graph_rewrites.static_shapes() and onednn_policy.enabled()):
        return None
    from ..tape import paused
    from .linalg import matmul
    inputs, kernel, bias = parts
    with paused():
        return ((matmul(inputs, kernel) + other) + bias)._data
