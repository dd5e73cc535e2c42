"""A float32 batched ``a @ b`` (either operand of rank 3 or more) summed in TensorFlow's order.

TensorFlow 2.21 (x86-64, oneDNN on: see onednn_policy.py) runs a float32 BatchMatMulV2/V3
with oneDNN's matmul, eager and traced alike. Each output element is one in-order chain of
fused multiply-adds over the depth, from +0: ``acc = fma(a[k], b[k], acc)`` for k = 0, 1, ...
From a depth of 513 the depth is cut into blocks of 512, each block its own chain from +0,
and the block sums are added in order (checked to a depth of 1000; 1500 sums otherwise,
not decoded, so deeper products keep numpy's order). Transposed operands (``transpose_a``,
``transpose_b``, the gradients) and a broadcast rank-2 operand sum the same way.

Found on a Grad-CAM heatmap (``conv_output[0] @ pooled_grads[..., None]``, 36 outputs of
depth 6), which numpy's BLAS summed otherwise in 19 of 36 elements. Checked against TF 2.21
on 605 shapes (batch 1-8, rows 1-200, depth 1-1000, columns 1-50, all four transposes, one
operand broadcast or not, eager and tf.function): every element equal. numpy's product equals it on many shapes
(OpenBLAS's gemm panels are often such chains) but not on few columns or some depths.

The fused multiply-add is computed in float64 (the product of two floats is exact there)
and rounded to float32, as column_product.py does. Costing three numpy calls per depth step,
it runs by default only for small products (SMALL_OUTPUTS outputs of at most SMALL_DEPTH,
outside a training step's tape unless the output has at most eigen_math.SMALL values);
``set_tf_exact_math(True)`` runs it for every float32 product up to MAX_DEPTH.
"""
import numpy as np

from . import eigen_math
from .. import onednn_policy
from ..tape import ACTIVE

DEPTH_BLOCK = 512               # oneDNN's depth block: each block is summed from +0
MAX_DEPTH = 2 * DEPTH_BLOCK     # the deepest product whose order is known
SMALL_OUTPUTS = 64              # by default: a printed heatmap or attention score matrix
SMALL_DEPTH = 64


def wanted(xa, xb):
    """Whether the batched ``xa @ xb`` (transposes already applied) is summed here now."""
    mode = eigen_math.ENABLED[0]
    if mode is False or type(xa) is not np.ndarray or type(xb) is not np.ndarray \
            or xa.dtype != np.float32 or xb.dtype != np.float32:
        return False
    depth = xa.shape[-1]
    if not 0 < depth <= MAX_DEPTH or not onednn_policy.enabled():
        return False
    if mode is True:
        return True
    outputs = xa.shape[-2] * xb.shape[-1] * int(np.prod(np.broadcast_shapes(xa.shape[:-2], xb.shape[:-2])))
    limit = eigen_math.SMALL if ACTIVE else SMALL_OUTPUTS
    return outputs <= limit and depth <= SMALL_DEPTH


def batched_matmul(xa, xb):
    """``xa @ xb`` for float32 arrays (..., M, K) and (..., K, N), summed as oneDNN sums it."""
    depth = xa.shape[-1]
    total = _chain(xa[..., :DEPTH_BLOCK], xb[..., :DEPTH_BLOCK, :])
    if depth > DEPTH_BLOCK:
        total += _chain(xa[..., DEPTH_BLOCK:], xb[..., DEPTH_BLOCK:, :])
    return total


def _chain(xa, xb):
    """Each output one in-order chain of fused multiply-adds over the depth, from +0."""
    a = xa.astype(np.float64)
    b = xb.astype(np.float64)
    shape = np.broadcast_shapes(a.shape[:-1] + (1,), b.shape[:-2] + (1, b.shape[-1]))
    acc = np.zeros(shape, np.float32)
    step = np.empty(shape, np.float64)
    for k in range(a.shape[-1]):
        np.multiply(a[..., k:k + 1], b[..., k:k + 1, :], out=step)
        step += acc
        acc[...] = step         # the float32 rounding of the fused multiply-add
    return acc
