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
"""
import numpy as np

_LANES = 8                  # Eigen's Packet8f
_COEFFICIENT_BASED = 20     # Eigen's EIGEN_GEMM_TO_COEFFBASED_THRESHOLD


def eigen_column_matmul(a, b):
    """``a @ b`` for float32 arrays ``a`` (M, K) and ``b`` (K, 1), summed as Eigen sums it."""
    rows, depth = a.shape
    products = a * b[:, 0]
    if depth + rows + 1 < _COEFFICIENT_BASED:
        return np.add.accumulate(products, axis=1)[:, -1:] + np.float32(0)     # accumulate adds strictly in order
    main = depth - depth % _LANES
    total = np.zeros(rows, np.float32)
    if main:
        lanes = np.add.accumulate(products[:, :main].reshape(rows, main // _LANES, _LANES), axis=1)[:, -1]
        total = (lanes[:, 0] + lanes[:, 4] + (lanes[:, 2] + lanes[:, 6])) + \
                (lanes[:, 1] + lanes[:, 5] + (lanes[:, 3] + lanes[:, 7]))
    rest = products[:, main:]
    singly = rows
    if rows % 2 and rest.shape[1] >= _LANES // 2:       # the last row: its half packet, then its own rest
        half = rest[-1, :4]
        last = total[-1] + ((half[0] + half[2]) + (half[1] + half[3]))
        for product in rest[-1, 4:]:
            last += product
        total[-1] = last
        singly = rows - 1
    for k in range(rest.shape[1]):
        total[:singly] += rest[:singly, k]
    return (total + np.float32(0))[:, None]      # added onto the zeroed output: -0 ends +0
