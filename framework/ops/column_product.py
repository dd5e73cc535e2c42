"""A product with one output column, summed in the order TensorFlow's CPU kernel sums it.

TensorFlow (x86-64, oneDNN on: see onednn_policy.py) computes a float32 ``a @ b`` whose ``b`` has one
column and whose ``a`` has several rows (a Dense(1) output layer: the predictions of every
regression or binary classifier) with oneDNN's matrix-vector kernel. For each row it:

- accumulates the first ``16 * (K // 16)`` products in 8 lanes (lane j takes k = j, j + 8,
  j + 16, ...), each step a fused multiply-add onto +0 at first, then folds the lanes as
  ``((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7))``;
- takes the remaining products in blocks of 8, 4, 2 and 1 (each product fused onto +0, so
  -0 products count as +0), folds each block the same way (``(p0 + p1) + (p2 + p3)`` for 4)
  and adds the blocks to the total in that order.

numpy's BLAS (sgemv) adds in another order, so predictions differed from TensorFlow's in the
last bit. Found with cancelling test values (2**30 and -2**30 among ones, which show where
two products meet) and checked on random data against TF 2.21 (oneDNN on an AVX-512 Xeon):
M from 2 to 1000, K from 1 to 5000, 408 shapes, every element equal. A transposed operand
(``transpose_a``, the Dense kernel's gradient) goes to other kernels, left to BLAS.

The fused multiply-add is computed in float64 (the product of two floats is exact there)
and rounded to float32: a true FMA rounds once, this twice, which differs about once in
2**29 additions.

Costing a dozen numpy calls where BLAS takes one, it runs by default only outside a
gradient tape (predict, evaluate, printed outputs) and for at most ``eigen_math.SMALL`` rows;
``set_tf_exact_math(True)`` runs it for every such product, training included.
"""
import numpy as np

from . import eigen_math
from .. import onednn_policy
from ..tape import ACTIVE


def wanted(a, b, xp):
    """Whether ``a @ b`` (2-D, neither transposed) is a product this module computes now."""
    mode = eigen_math.ENABLED[0]
    # a training step (a tape records) answers at the first test, at no measurable cost
    if mode is not True and (ACTIVE or mode != 'small' or len(a) > eigen_math.SMALL):
        return False
    if xp is not np or type(a) is not np.ndarray or type(b) is not np.ndarray or a.ndim != 2 or b.ndim != 2 \
            or b.shape[1] != 1 or a.dtype != np.float32 or b.dtype != np.float32:
        return False
    # one row is Eigen's kernel (one_row_product.py); no depth gives zeros; without oneDNN
    # (onednn_policy.py) TensorFlow sums with Eigen's contraction instead
    return a.shape[0] >= 2 and a.shape[1] > 0 and onednn_policy.enabled()


def column_matmul(a, b):
    """``a @ b`` for float32 arrays ``a`` (M, K) and ``b`` (K, 1), summed as oneDNN sums it."""
    rows, depth = a.shape
    x = b[:, 0]
    main = depth - depth % 16
    total = None
    if main:
        # fused multiply-adds: the exact float64 product plus the float32 lanes, rounded once more
        steps = (a[:, :main].astype(np.float64) * x[:main].astype(np.float64)).reshape(rows, main // 8, 8)
        lanes = (steps[:, 0] + 0.0).astype(np.float32)
        for step in range(1, main // 8):
            lanes = (steps[:, step] + lanes).astype(np.float32)
        total = _fold(lanes)
    # the rest: each product rounded (a float32 multiply) and moved off -0 (a multiply-add onto +0)
    rest = a[:, main:] * x[main:] + np.float32(0)
    start = 0
    for width in (8, 4, 2, 1):
        if rest.shape[1] - start >= width:
            block = _fold(rest[:, start:start + width])
            total = block if total is None else total + block
            start += width
    return total[:, None]


def _fold(lanes):
    """A block's lanes summed as oneDNN folds them: neighbours first, then the halves
    (8 lanes: ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7))), in float32."""
    while lanes.shape[1] > 2:
        pairs = lanes[:, 0::2] + lanes[:, 1::2]
        if pairs.shape[1] == 1:
            return pairs[:, 0]
        half = pairs.shape[1] // 2
        lanes = pairs[:, :half] + pairs[:, half:]
    return lanes[:, 0] + lanes[:, 1] if lanes.shape[1] == 2 else lanes[:, 0]
