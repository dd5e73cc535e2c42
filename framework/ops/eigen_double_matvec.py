"""A float64 2-D product with one row or one column, summed as TensorFlow's Eigen matrix-vector kernels sum it.

TF's MatMul is its BatchMatMul kernel with a batch of one (matmul_op_impl.h): a product with a side of 1
runs Eigen's Matrix product, which is coefficient-based below K + M + N = 20 (eigen_double_product.py)
and from there a matrix-vector product. Where the matrix is a stored (row-major) operand (one row of x
times W.T: W; a column: x, untransposed), Eigen's row-major gemv runs, built for AVX without
FMA (Packet4d): each output's products in four lanes over the whole packets of 4, every lane from +0,
folded (lane0 + lane2) + (lane1 + lane3); the matrix's rows go in blocks of 8, 4 and 2, and a last odd
row also takes a packet of 2 (its two lanes from +0, added) before the rest in order; each total is
added onto the zeroed output. numpy's BLAS fuses multiply-adds, so a float64 one-sample ``x @ W.T``
(and the input gradient ``g @ W.T`` of a one-sample ``x @ W``) was an ulp off TF's in most outputs.

Measured against TF 2.21 on the AVX-512 Xeon: progs/gradfuzz10/t_row64.py (x @ W.T, one row: N 2..17, one
column: M 2..3, K up to 39; 195 of 195 shapes) and t_mm64.py (all four transposes, with gradients).
A column-major matrix (one column of x.T: x stored (K, M)) takes Eigen's column-major gemv: per block of
columns, each output's products in order from +0, unfused, added to the output. A single output (one row and
one column) of a transposed ``b`` is Eigen's redux or dot (eigen_single_output.py). Not modelled: products past 128 * 128
multiply-adds (TF splits them over threads), and a column-major matrix for one row (x @ W, x.T @ W:
numpy's bits matched TF's on every shape tried).
"""
import numpy as np

from . import eigen_math
from .eigen_gemv import column_major_gemv, row_major_gemv

_FLOAT64 = np.dtype(np.float64)
_COEFFICIENT_BASED = 20             # below: Eigen's coefficient-based product (eigen_double_product.py)
_OUTER_PARALLEL_COST = 128 * 128    # above: TF's SingleBatchParallelMatMulKernel
PACKET = 4                          # Packet4d's lanes (eigen_gemv.py)


def wanted(a, b, transpose_a, transpose_b):
    """Whether ``a @ b`` (2-D float64 views, TF's MatMul flags) is one of Eigen's gemv products computed
    here: one row or one column (not both), K + M + N >= 20, at most 128 * 128 multiply-adds."""
    if type(a) is not np.ndarray or type(b) is not np.ndarray or b.dtype != _FLOAT64:
        return False
    rows, depth = a.shape
    columns = b.shape[1]
    return ((rows == 1) != (columns == 1) and depth > 0 and rows + depth + columns >= _COEFFICIENT_BASED
            and rows * depth * columns <= _OUTER_PARALLEL_COST and eigen_math.ENABLED[0] is not False
            and (transpose_b or columns == 1))


def matvec(a, b, transpose_a, transpose_b):
    """``a @ b`` for ``a`` (M, K) and ``b`` (K, N) with M == 1 or N == 1, in the order of Eigen's gemv on
    TF's stored operand: row-major (one row times W.T: W; one column: an untransposed x), else column-major."""
    if a.shape[0] == 1:
        return row_major_gemv(b.T, a[0], PACKET)[None, :]
    if not transpose_a:
        return row_major_gemv(a, b[:, 0], PACKET)[:, None]
    return column_major_gemv(a, b[:, 0])[:, None]

