"""A one-row matrix product, summed in the order TensorFlow's CPU kernel sums it.

TensorFlow hands ``a @ b`` whose ``a`` has a single row (a single sample through a
Dense layer, ``model.predict(x[:1])``) to Eigen's matrix-vector kernel. Built without
FMA, that kernel rounds each product ``a[k] * b[k, n]`` and adds them in k order, in
blocks: all of K when K < 128 (or when ``b`` has one column), else blocks of 16 rows
of ``b`` (4 when one row of ``b`` is 32000 bytes or more), each block summed from zero
and then added to the running result. numpy's BLAS adds in another order, so a single
sample's outputs differed from TensorFlow's in the last bit.

Measured against TF 2.21 (x86-64 CPU) for float32 and float64, K from 1 to 3000,
N from 1 to 9000, in ``tf.matmul`` and in Keras's Dense (eager and ``predict``):
every element equal. Products of several rows go to oneDNN's sgemm, whose order
this module does not reproduce; they stay numpy's.

Where TensorFlow turns oneDNN on (framework/onednn_policy.py: an AVX-512 VNNI or AMX Xeon),
a float32 one-row product is oneDNN's instead: each output a fused multiply-add chain over k
in order, starting from +0. Measured against TF 2.21 on such a Xeon (tf.matmul, and with
transpose_a): every element equal for K up to 4096 and K * N up to 2**19 (K from 1, N from
1 to 1000); larger products (600 x 1000, 8192 x 64) sum otherwise and keep Eigen's order
above, which matches neither. Costing a numpy step per k, the chain runs outside a gradient
tape (predict, printed outputs) by default, under one only for products of at most 32 values
(eigen_math.SMALL), everywhere with ``set_tf_exact_math(True)``; a fused multiply-add is emulated in float64 (the
product exact, then two roundings: a difference about once in 2**29 additions). Larger products under a tape
of depth <= 384 and several columns (a fit's last batch of one sample: 37 samples in batches of 6) take the
same chain as OpenBLAS's sgemm of the row stacked twice (sixteen_column_product.py), one BLAS call.
"""
import numpy as np

from .. import onednn_policy
from ..blas_threads import product
from ..tape import ACTIVE
from . import eigen_math
from .sixteen_column_product import DEPTH_IN_ORDER, rows_matmul

# Eigen's general_matrix_vector_product (column-major): columns summed per block
_WHOLE_BELOW = 128
_ROW_BYTES_LIMIT = 32000


def one_row_matmul(xp, a, b):
    """``a @ b`` for numpy arrays ``a`` (1, K) and ``b`` (K, N) of float32 or float64,
    summed as TensorFlow sums it; other operands go to ``xp.matmul``."""
    if (xp is not np or type(a) is not np.ndarray or type(b) is not np.ndarray or a.ndim != 2 or b.ndim != 2
            or a.shape[0] != 1 or a.dtype != b.dtype or a.dtype not in _FLOATS or b.shape[0] == 0):
        return product(a, b)
    depth, width = b.shape
    if a.dtype == np.float32:
        if _onednn_chain_wanted(depth, width):
            return _fused_chain(a[0], b)
        if ACTIVE and _taped_chain_wanted(depth, width):
            # the same chain through BLAS: OpenBLAS's sgemm of two rows is oneDNN's in-order FMA chain
            # (sixteen_column_product.py); a fit's last batch of one sample is such a product
            return rows_matmul(np.concatenate([a, a]), b)[:1]
    if depth < _WHOLE_BELOW or width == 1:
        block = depth
    else:
        block = 16 if width * b.itemsize < _ROW_BYTES_LIMIT else 4
    row = a[0][:, None]
    total = np.zeros((1, width), b.dtype)     # Eigen's sums start at +0 (so never end at -0)
    for start in range(0, depth, block):
        # accumulate, unlike sum, adds strictly in order
        total += np.add.accumulate(row[start:start + block] * b[start:start + block], axis=0)[-1]
    return total


_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _onednn_chain_wanted(depth, width):
    """Whether a float32 (1, depth) @ (depth, width) takes oneDNN's chain here (see the docstring)."""
    mode = eigen_math.ENABLED[0]
    # under a tape only products as small as the arrays exact math covers by default (the
    # autodiff guide's [[1., 2., 3.]] @ w): a few numpy steps, and no batch's product is one row
    if mode is not True and (mode != 'small' or (ACTIVE and depth * width > eigen_math.SMALL)):
        return False
    return depth <= _CHAIN_DEPTH and depth * width <= _CHAIN_SIZE and onednn_policy.enabled()


_CHAIN_DEPTH, _CHAIN_SIZE = 4096, 1 << 19


def _taped_chain_wanted(depth, width):
    """Whether a float32 one-row product too large for the emulated chain under a tape takes it
    through BLAS: depths OpenBLAS sums in one chain (DEPTH_IN_ORDER), several columns."""
    return eigen_math.ENABLED[0] == 'small' and depth <= DEPTH_IN_ORDER and width >= 2 and onednn_policy.enabled()


def _fused_chain(row, b):
    """(1, N) float32: for each column, fma(row[k], b[k], total) for k in order from total = +0."""
    row = row.astype(np.float64)
    wide = b.astype(np.float64)
    total = np.zeros(b.shape[1], np.float32)
    for k in range(b.shape[0]):
        total = (row[k] * wide[k] + total).astype(np.float32)
    return total[None, :]
