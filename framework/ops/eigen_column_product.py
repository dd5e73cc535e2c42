"""A product with one output column, summed in the order TensorFlow's Eigen kernel sums it.

Where TensorFlow runs without oneDNN (onednn_policy.py: a CPU without AVX-512 VNNI, AVX-VNNI or
AMX, such as an AVX2 EPYC), its MatMul of an ``a`` (M, K) by a ``b`` with one column is Eigen's
row-major matrix-vector product (the operand with one column makes TF's smallest dimension 1, so
it takes Eigen's matrix product, not its tensor contraction). Built for AVX without FMA, that
kernel, for each row:

- accumulates the first ``8 * (K // 8)`` products in 8 lanes (lane j takes k = j, j + 8, ...),
  each step a float32 multiply then a float32 add onto the lane (from +0), and folds the lanes
  as Eigen's predux does: ``((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))``;
- the last row of an odd M alone (Eigen's rows go in blocks of 8, 4, 2 and then 1) takes
  the next 4 products as a half packet, folded ``(p0 + p2) + (p1 + p3)``, and adds that;
- adds the remaining products one by one, in k order, and then the total onto the zeroed
  output (so a -0 total is +0).

When ``K + M + 1 < 20`` Eigen computes the product coefficient by coefficient instead: each
output the products added in k order (from +0 too). numpy's BLAS adds in another order, so a
logistic regression's logits differed from TensorFlow's in the last bit on a third of the rows.
Checked against TF 2.21 on an AVX2 EPYC (oneDNN off): M from 2 to 3000, K from 1 to 9000,
770 shapes (with zeros and -0s among the operands), every element's bits equal.

A float64 product is this kernel with Packet4d wherever TensorFlow runs (oneDNN has no double
MatMul): 4 lanes folded ``(l0 + l2) + (l1 + l3)``, the last row's half packet 2 products. A linear
regression on numpy's float64 data (``X @ W`` with W of one column) printed losses that differed
from TF's in the last digits. Checked against TF 2.21 on the AVX-512 Xeon: 186 shapes, M from 2 to
3000, K from 1 to 9000, operands spread over 2**-30..2**30, every element equal.
"""
import numpy as np

from .eigen_redux import predux

_PACKET_BYTES = 32          # AVX: Packet8f, Packet4d
_COEFFICIENT_BASED = 20     # Eigen's EIGEN_GEMM_TO_COEFFBASED_THRESHOLD



def eigen_column_matmul(a, b):
    """``a @ b`` for float32 or float64 arrays ``a`` (M, K) and ``b`` (K, 1), summed as Eigen sums it."""
    rows, depth = a.shape
    zero = a.dtype.type(0)
    products = a * b[:, 0]
    if depth + rows + 1 < _COEFFICIENT_BASED:
        return np.add.accumulate(products, axis=1)[:, -1:] + zero     # accumulate adds strictly in order
    width = _PACKET_BYTES // a.itemsize
    main = depth - depth % width
    total = np.zeros(rows, a.dtype)
    if main:
        total = predux(np.add.accumulate(products[:, :main].reshape(rows, main // width, width), axis=1)[:, -1])
    rest = products[:, main:]
    singly = rows
    if rows % 2 and rest.shape[1] >= width // 2:       # the last row: its half packet, then its own rest
        last = total[-1] + predux(rest[-1, :width // 2])
        for product in rest[-1, width // 2:]:
            last += product
        total[-1] = last
        singly = rows - 1
    for k in range(rest.shape[1]):
        total[:singly] += rest[:singly, k]
    return (total + zero)[:, None]      # added onto the zeroed output: -0 ends +0
