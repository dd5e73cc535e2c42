"""One row times a transposed matrix, ``a @ c.T`` with ``a`` (1, K), as TF 2.21's oneDNN sums it.

A single sample's input gradient through a Dense layer (``g @ kernel.T``: a saliency map, a
network trained one sample at a time) is such a product. Where TensorFlow runs oneDNN
(onednn_policy.py), each output is a dot product of two contiguous float32 rows, summed in
8-lane packets:

- blocks of 16 terms: two 8-lane fused multiply-adds into one accumulator, from +0; the 8
  lanes then added as ``((l0+l1) + (l4+l5)) + ((l2+l3) + (l6+l7))``;
- a last block of 8 terms: its rounded products added in that tree, the sum added to the total;
- then 4 terms: ``(p0+p1) + (p2+p3)`` added to it; then pairs ``(p0+p1)``; then a last term.

Depths 1-7 are thus the pairs in order that ``sixteen_column_product._one_row_paired`` adds.
Measured against TF 2.21 on this AVX-512 Xeon (float32, depth 1-129 and 160-4096, 40 and 300
outputs per depth, notes/progs/blogs28/q42_*.py): every output equal; numpy's BLAS (used
before for depths of 8 and more) differed in the last bit in most. With oneDNN off TF sums
otherwise (137 of 140 depths differ), so this runs only where oneDNN does. float64 sums
another way (not found) and keeps numpy's.
"""
import numpy as np

DEPTH_LIMIT = 4096      # the deepest product measured


def one_row_dot(a, c):
    """(1, N) float32: ``a @ c.T`` for float32 arrays ``a`` (1, K) and ``c`` (N, K), K >= 1."""
    row = a[0]
    depth = row.shape[0]
    products = c * row          # the rounded products, for every term outside the 16-term blocks
    total = None
    k = 0
    if depth >= 16:
        wide_row = row.astype(np.float64)
        lanes = np.zeros((c.shape[0], 8), np.float32)
        while k + 16 <= depth:
            # a fused multiply-add: the float64 product of two float32 values is exact
            lanes = (c[:, k:k + 8] * wide_row[k:k + 8] + lanes).astype(np.float32)
            lanes = (c[:, k + 8:k + 16] * wide_row[k + 8:k + 16] + lanes).astype(np.float32)
            k += 16
        total = _eight_lanes(lanes)
    if depth - k >= 8:
        block = _eight_lanes(products[:, k:k + 8])
        total = block if total is None else total + block
        k += 8
    if depth - k >= 4:
        block = (products[:, k] + products[:, k + 1]) + (products[:, k + 2] + products[:, k + 3])
        total = block if total is None else total + block
        k += 4
    while k + 1 < depth:
        pair = products[:, k] + products[:, k + 1]
        total = pair if total is None else total + pair
        k += 2
    if k < depth:
        total = products[:, k] if total is None else total + products[:, k]
    return total[None, :]


def _eight_lanes(lanes):
    """(N,) the 8 lanes of each row added in oneDNN's order: adjacent pairs, then the pairs
    (0+1) with (4+5) and (2+3) with (6+7), then those two."""
    pairs = lanes[:, 0::2] + lanes[:, 1::2]
    halves = pairs[:, 0:2] + pairs[:, 2:4]
    return halves[:, 0] + halves[:, 1]
