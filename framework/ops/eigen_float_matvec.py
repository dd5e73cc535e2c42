"""A float32 ``a @ b.T`` with one row or one column, summed as TF 2.21 sums it where oneDNN is off (the AVX2 EPYC).

There TF's MatMul of a side of 1 runs Eigen's matrix-vector product. One row times a stored, transposed
``b`` (a one-sample Dense layer's input gradient ``g @ W.T``) is Eigen's row-major gemv over ``b``'s rows,
built for AVX without FMA (Packet8f): each output's products in eight lanes over the whole packets of 8,
every lane from +0, folded ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)); the rows go in blocks of
8, 4 and 2, and a last odd row also takes a half packet of 4 (its lanes from +0, folded (l0 + l2) +
(l1 + l3)) before the rest in order; each total is added onto the zeroed output. One column of a
transposed ``a`` (``x.T @ w.T``) is the column-major gemv: each output's products in order from +0 (in blocks
of 16 columns from a depth of 128, each block's total added onto the output: matmulbits table.py).
Below K + M + N = 20 Eigen's product is coefficient-based instead (eigen_float_batched.py). numpy's
BLAS summed both otherwise: gradfuzz33 p12.py, 24 of 64 float32 one-row / one-column products with
transpose_b differed from TF 2.21 on the EPYC; with these sums 64 of 64 equal (m12.py, the model).
The float64 kernels are eigen_double_matvec.py's (Packet4d).
"""
import numpy as np

from . import eigen_float_batched
from .eigen_gemv import column_major_gemv, row_major_gemv

_FLOAT32 = np.dtype(np.float32)
_COEFFICIENT_BASED = 20             # below: Eigen's coefficient-based product
_OUTER_PARALLEL_COST = 128 * 128    # above: TF splits the product over threads (not modelled)
_PACKET = 8                         # Packet8f's lanes (eigen_gemv.py)


def wanted(a, b):
    """Whether the float32 ``a @ b`` (2-D; ``b`` a transposed view, TF's transpose_b) with one row or one
    column is summed here (the caller checked that oneDNN is off). Not a single output: Eigen's redux or
    dot sums it (eigen_single_output.py)."""
    if type(a) is not np.ndarray or type(b) is not np.ndarray or a.dtype != _FLOAT32 or b.dtype != _FLOAT32:
        return False
    rows, depth = a.shape
    return 0 < depth and (rows == 1) != (b.shape[1] == 1) and rows * depth * b.shape[1] <= _OUTER_PARALLEL_COST


def matmul_transposed_b(a, b, transpose_a):
    """``a @ b`` for ``b`` the transposed view of TF's stored operand, in the order of Eigen's kernels."""
    rows, depth = a.shape
    if rows + depth + b.shape[1] < _COEFFICIENT_BASED:
        return eigen_float_batched.batched_matmul(a, b, rows_by_rows=not transpose_a)
    if rows == 1:
        return row_major_gemv(b.T, a[0], _PACKET)[None, :]
    if transpose_a:
        return column_major_gemv(a, b[:, 0])[:, None] + _FLOAT32.type(0)
    return row_major_gemv(a, b[:, 0], _PACKET)[:, None]
