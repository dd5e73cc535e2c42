"""A small batched float32 ``a @ b`` summed as TF 2.21's BatchMatMul sums it where oneDNN is off (the AVX2 EPYC).

There TF's BatchMatMul of more than one matrix (its batch-of-one product is its MatMul: linalg.py) runs
Eigen's Matrix product per batch entry, which for K + M + N < 20 is coefficient-based, as for doubles
(eigen_double_product.py): each output's float32 products (each rounded) added in k order from the first;
where TF multiplies a row of ``a`` by a row of its stored ``b`` (transpose_b without transpose_a), Eigen's
vectorized dot product of the two contiguous rows sums whole packets of 8 in two accumulators (packets
0, 2, ... and 1, 3, ...), adds them, then a last odd packet, folds the 8 lanes in halves
((0-3 + 4-7), then (0-1 + 2-3), then 0 + 1), then adds the remaining products in order. numpy's BLAS
fuses and regroups: a batched product of two 2 x 2 matrices, and so tf.linalg.solve's gradient of a batch,
differed from TF in the last bit (gradfuzz32 p15.py, p16.py). Measured against TF 2.21 on the EPYC
(gradfuzz32 p17.py / m17.py): 1408 of 1408 batched products (M 1-8, K 1-12, N 1-8, batches 2 and 3, the
four transposes) equal; larger ones are Eigen's gebp, not modelled (numpy's, as before).
"""
import numpy as np

from . import eigen_math
from .eigen_double_product import _coefficient_based

_FLOAT32 = np.dtype(np.float32)
_PACKET = 8
_VALUES = 1 << 22    # products summed here by default ('small' mode)


def wanted(a, b):
    """Whether the batched float32 ``a @ b`` (..., M, K) @ (..., K, N), more than one matrix, is summed here:
    the caller has checked that TF runs Eigen's kernels (oneDNN off)."""
    if type(a) is not np.ndarray or type(b) is not np.ndarray or a.dtype != _FLOAT32 or b.dtype != _FLOAT32:
        return False
    if a.shape[-1] == 0 or not _coefficient_based(a, b):
        return False
    mode = eigen_math.ENABLED[0]
    return mode is True or (mode == 'small' and a.size // a.shape[-1] * b.size <= _VALUES)


def batched_matmul(a, b, rows_by_rows):
    """``a @ b`` in Eigen's coefficient-based order; ``rows_by_rows``: TF's adj_y without adj_x."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    rows, depth = a.shape[-2:]
    columns = b.shape[-1]
    if not (rows and columns and all(batch)):
        return np.matmul(a, b)
    with np.errstate(all='ignore'):
        products = a[..., :, :, None] * b[..., None, :, :]        # (..., M, K, N), each rounded
        products = np.broadcast_to(products, batch + products.shape[-3:])
        if rows_by_rows and depth >= _PACKET:
            return _packet_sums(np.swapaxes(products, -1, -2))
        return np.add.accumulate(products, axis=-2)[..., -1, :]


def _packet_sums(products):
    """Sums over the last axis (the depth) as Eigen's redux of two contiguous float rows (Packet8f)."""
    depth = products.shape[-1]
    whole = depth // _PACKET * _PACKET
    pairs = depth // (2 * _PACKET) * (2 * _PACKET)
    lanes = products[..., 0:_PACKET]
    if whole > _PACKET:
        odd = products[..., _PACKET:2 * _PACKET]
        for k in range(2 * _PACKET, pairs, 2 * _PACKET):
            lanes = lanes + products[..., k:k + _PACKET]
            odd = odd + products[..., k + _PACKET:k + 2 * _PACKET]
        lanes = lanes + odd
        if whole > pairs:
            lanes = lanes + products[..., pairs:whole]
    while lanes.shape[-1] > 1:
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    total = lanes[..., 0]
    for k in range(whole, depth):
        total = total + products[..., k]
    return total
