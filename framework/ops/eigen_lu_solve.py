"""Small batched linear solves as TensorFlow's CPU MatrixSolve and MatrixInverse compute them
(Eigen's PartialPivLU), so that a solve's bits are TF's: LAPACK (numpy) pivots alike but
orders its sums differently, and float64 then rounded is another answer again.

Eigen's unblocked LU (the one it runs up to 16 x 16): at column k, the row with the first
largest |value| swaps up, the column below the pivot is divided by it, and the lower-right
block loses the outer product, each product rounded before its subtraction. The solve
applies the row swaps to the right-hand side, then subtracts the known terms one by one in
ascending column order (forward with unit L, backward with U, times U's rounded reciprocal).
Checked against tf.linalg.solve on thousands of random systems of sizes 2 to 8; and on TF 2.21
(AVX-512 Xeon) for tf.linalg.solve (adjoint too: TF factors the transpose), tf.linalg.inv (the
solve of the identity) with 1, 2 and 5 right-hand columns: float32 bits equal up to n = 16,
float64 up to n = 8 (``HANDLED``); past those TF's Eigen blocks its LU (not emulated).
"""
import numpy as np

HANDLED = {np.dtype(np.float32): 16, np.dtype(np.float64): 8}     # the largest n whose bits are TF's


def handles(matrices):
    """Whether a numpy batch of square matrices is one whose solve here carries TF's bits."""
    return type(matrices) is np.ndarray and 0 < matrices.shape[-1] <= HANDLED.get(matrices.dtype, 0)


def lu_factor(matrices, dtype=np.float32):
    """(packed LU, pivot rows per step) of (batch, n, n) matrices (as ``dtype``); zero pivots leave
    their column undivided, as Eigen does (the caller decides whether that is singular)."""
    lu = np.array(matrices, dtype, copy=True)
    batch, n = lu.shape[0], lu.shape[-1]
    rows = np.arange(batch)
    pivots = []
    for k in range(n):
        pivot_rows = np.argmax(np.abs(lu[:, k:, k]), axis=1) + k
        pivots.append(pivot_rows)
        _swap_rows(lu, rows, k, pivot_rows)
        pivot = lu[:, k, k][:, None]
        nonzero = pivot != 0
        lu[:, k + 1:, k] = np.where(nonzero, lu[:, k + 1:, k] / np.where(nonzero, pivot, lu.dtype.type(1)),
                                    lu[:, k + 1:, k])
        lu[:, k + 1:, k + 1:] = lu[:, k + 1:, k + 1:] - lu[:, k + 1:, k, None] * lu[:, k, None, k + 1:]
    return lu, pivots


def _swap_rows(array, rows, k, pivot_rows):
    top, other = array[rows, k].copy(), array[rows, pivot_rows].copy()
    array[rows, k], array[rows, pivot_rows] = other, top


def lu_solve(matrices, rhs, dtype=np.float32):
    """X with ``matrices @ X = rhs``: (batch, n, n) and (batch, n, k), computed in ``dtype``.

    Raises:
        ValueError: a matrix with a zero pivot (TF's "Input matrix is not invertible.").
    """
    lu, pivots = lu_factor(matrices, dtype)
    if not np.all(np.abs(np.diagonal(lu, axis1=1, axis2=2)) > 0):
        raise ValueError('Input matrix is not invertible.')
    x = np.array(rhs, dtype, copy=True)
    rows = np.arange(x.shape[0])
    for k, pivot_rows in enumerate(pivots):
        _swap_rows(x, rows, k, pivot_rows)
    n = lu.shape[-1]
    for i in range(n):
        for j in range(i):
            x[:, i] = x[:, i] - lu[:, i, j, None] * x[:, j]
    for i in reversed(range(n)):
        for j in range(i + 1, n):
            x[:, i] = x[:, i] - lu[:, i, j, None] * x[:, j]
        x[:, i] = x[:, i] * (lu.dtype.type(1) / lu[:, i, i, None])
    return x
