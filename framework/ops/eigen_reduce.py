"""Row sums of float32 in the order TensorFlow's CPU kernels add them.

Softmax, log-softmax and cross-entropy sum each row with Eigen's
``InnerMostDimReducer`` (unsupported/Eigen/CXX11/src/Tensor/TensorReduction.h),
on packets of 8 floats (AVX): four packet accumulators over blocks of 32,
folded together in order, then the remaining whole packets, then the last
``n % 8`` values added one by one to 0, and finally ``tail + predux(packet)``
where predux adds the two 4-lane halves, then lanes (0+2) + (1+3). numpy's
pairwise sum takes another order and differs in the last bit.
"""
import numpy as np

from .. import backend
from .eigen_math import exact_for

PACKET = 8
_LEAF = 1024 * PACKET     # longer rows split in two halves, recursively (Eigen's tree reduction)


def row_sum(a):
    """Sum a 2-D float32 array along its last axis in Eigen's order; shape (rows,)."""
    xp = backend.array_module(a)
    rows, n = a.shape
    if a.dtype != np.float32 or not exact_for(a):     # as the exact kernels (see eigen_math)
        return a.sum(axis=1, dtype=a.dtype)
    if n > _LEAF:
        return xp.stack([_tree_sum(a[r], r * n) for r in range(rows)]) if rows else xp.zeros(0, a.dtype)
    whole = n - n % PACKET
    acc = xp.zeros((rows, PACKET), a.dtype)
    start = 0
    if n >= 4 * PACKET:
        quad = n - n % (4 * PACKET)
        lanes = xp.zeros((rows, 4, PACKET), a.dtype)
        blocks = a[:, :quad].reshape(rows, quad // (4 * PACKET), 4, PACKET)
        for j in range(blocks.shape[1]):
            lanes += blocks[:, j]
        acc = lanes[:, 0]
        for k in (1, 2, 3):
            acc += lanes[:, k]
        start = quad
    for j in range(start, whole, PACKET):
        acc += a[:, j:j + PACKET]
    half = acc[:, :4] + acc[:, 4:]
    packed = (half[:, 0] + half[:, 2]) + (half[:, 1] + half[:, 3])
    tail = xp.zeros(rows, a.dtype)
    for j in range(whole, n):
        tail += a[:, j]
    return tail + packed


def _tree_sum(v, first):
    """Eigen's split of a long row: at the packet boundary (counted from the tensor's start,
    ``first``) past its middle; (0 + left) + right."""
    n = v.shape[0]
    if n <= _LEAF:
        return row_sum(v[None])[0]
    split = PACKET * -(-(first + -(-n // 2)) // PACKET)
    left = min(split - first, n)
    total = v.dtype.type(0) + _tree_sum(v[:left], first)
    if left < n:
        total = total + _tree_sum(v[left:], first + left)
    return total
