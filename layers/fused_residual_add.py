"""An Add layer of a traced Dense output and another tensor, summed as TF's fused kernel sums it.

In a traced step on static shapes, TensorFlow's graph optimizer (the remapper, with oneDNN) fuses a
Dense layer's MatMul + BiasAdd with an Add that reads its output alone into one _FusedMatMul whose
result is ``(x @ kernel + other) + bias``, where Keras's graph says ``(x @ kernel + bias) + other``.
Measured on TF 2.21 (notes progs/modelfuzz3): predict of ``Add()([h, Dense(6)(h)])`` on 16 rows had
32 of 96 values an ulp off the unfused order and all equal to the fused one; fit on full batches
matched TF line for line with it (t2-t6), while a trace on a None batch (a partial last batch) keeps
Keras's order, as TF does. The other input must have the Dense output's shape (no broadcast).
"""
from framework import onednn_policy
from framework.ops import graph_rewrites
from framework.ops.fusable_outputs import AFFINE_PARTS, is_fusable
from framework.ops.linalg import matmul


def fused_residual_sum(inputs):
    """``(x @ kernel + other) + bias`` for an Add of a marked Dense output and ``other``; else None."""
    if not AFFINE_PARTS or len(inputs) != 2:
        return None
    for z, other in (inputs, inputs[::-1]):
        parts = AFFINE_PARTS.get(id(z))
        if parts is not None and is_fusable(z):
            break
    else:
        return None
    if not (graph_rewrites.tracing() and graph_rewrites.static_shapes() and onednn_policy.enabled()):
        return None
    if getattr(other, 'shape', None) != z.shape or other.dtype != z.dtype:
        return None
    x, kernel, bias = parts
    return (matmul(x, kernel) + other) + bias
