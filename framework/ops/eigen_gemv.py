"""Eigen's matrix-vector product of a row-major (stored) matrix, summed as its AVX kernels without FMA sum it.

Eigen's general_matrix_vector_product for a row-major matrix keeps each output's products in the lanes of one
packet (Packet4d for float64, Packet8f for float32) over the row's whole packets, every lane from +0, then
folds the packet by halves (predux: lanes i and i + width / 2 first, down to one); the rows go in blocks of
8, 4 and 2, and a last odd row also takes one half packet (its lanes from +0, folded the same way) before the
rest of its products in order; each total is added onto the zeroed output. eigen_double_matvec.py and
eigen_float_matvec.py route TF's MatMul products with a side of 1 here, each with its packet's width, and
their one column of a transposed ``a`` to the column-major kernel (``column_major_gemv``).
"""
import numpy as np


def row_major_gemv(matrix, vector, width):
    """``matrix @ vector`` (``matrix`` (rows, depth), both of one float dtype) with packets of ``width`` lanes."""
    rows, depth = matrix.shape
    zero = matrix.dtype.type(0)
    with np.errstate(all='ignore'):
        products = matrix * vector
        whole = depth // width * width
        lanes = np.zeros((rows, width), matrix.dtype)
        for k in range(0, whole, width):
            lanes = lanes + products[:, k:k + width]
        totals = _folded(lanes)
        half = width // 2
        if rows % 2 and depth - whole >= half:         # the last odd row's half packet, its lanes from +0
            packet = zero + products[-1:, whole:whole + half]
            last = in_order(totals[-1:] + _folded(packet), products[-1:, whole + half:])
            return zero + np.concatenate([in_order(totals[:-1], products[:-1, whole:]), last])
        return zero + in_order(totals, products[:, whole:])


def column_major_gemv(matrix, vector):
    """``matrix @ vector`` for a column-major (transposed stored) matrix: per block of columns (all below 128
    columns, else 16, or 4 past a 32000-byte column stride) each row's products in order from +0, then added
    to the zeroed output (Eigen's general_matrix_vector_product<ColMajor>)."""
    rows, depth = matrix.shape
    block = depth if depth < 128 else (16 if rows * matrix.dtype.itemsize < 32000 else 4)
    out = np.zeros(rows, matrix.dtype)
    with np.errstate(all='ignore'):
        products = matrix * vector
        for start in range(0, depth, block):
            out = out + in_order(np.zeros(rows, matrix.dtype), products[:, start:start + block])
    return out


def in_order(totals, products):
    """``totals`` plus each column of ``products`` (rows, k), one column after the other."""
    with np.errstate(all='ignore'):
        for k in range(products.shape[1]):
            totals = totals + products[:, k]
    return totals


def _folded(lanes):
    """Each row's lanes added by halves, as Eigen's predux: ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))."""
    while lanes.shape[1] > 1:
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    return lanes[:, 0]
