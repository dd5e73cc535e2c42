"""Small Cholesky factors in the order TensorFlow's CPU kernel computes them (Eigen's LLT).

TF 2.21's Cholesky runs ``Eigen::LLT<Matrix, Lower>`` on its row-major matrices, whose unblocked loop
(below 32 rows) takes, for each column k, ``d = sqrt(a_kk - squaredNorm(l_k0 .. l_k,k-1))`` and then
the entries below it as ``(a_ik - sum_j l_ij l_kj) / d``, each product and sum rounded on its own. The
row is contiguous, so its squared norm is Eigen's dense sum (packets of 8 floats / 4 doubles once it
is that long) and the column update a row-major GEMV (eigen_householder_qr.py's order; one row: a dot
product). LAPACK's factor, which tapeflow called, differed in the last bit for most matrices (15 of 18
float32 ones of sizes 2-4). Checked against TF 2.21 on 60 random positive-definite matrices per size:
float32 up to 16 x 16, float64 up to 13 x 13, every entry equal (the earlier scalar-loop order held
only to 7 x 7 float32 and 4 x 4 float64).
"""
import numpy as np

from . import eigen_householder_qr, eigen_redux

_LARGEST = {np.dtype(np.float32): 16, np.dtype(np.float64): 13}


def handles(a):
    """Whether the (..., n, n) host array ``a`` is factored here."""
    return type(a) is np.ndarray and a.ndim >= 2 and a.shape[-1] <= _LARGEST.get(a.dtype, 0)


def factor(symmetric):
    """The lower factors of a batch of symmetric matrices, or None where one is not positive
    definite (Eigen stops there; the caller decides what TF gives)."""
    n = symmetric.shape[-1]
    m = np.tril(symmetric).reshape((-1, n, n))
    with np.errstate(all='ignore'):
        for k in range(n):
            x = m[:, k, k]
            if k > 0:           # the row's squaredNorm: Eigen's dense sum of a contiguous (row-major) row
                x = x - eigen_redux.dense_sum(m[:, k, :k] * m[:, k, :k])
            if (x <= 0).any():         # (NaN passes on, as in Eigen)
                return None
            x = np.sqrt(x)
            m[:, k, k] = x
            below = n - k - 1
            if k > 0 and below == 1:    # one row left: a dot product
                m[:, k + 1, k] = m[:, k + 1, k] - eigen_redux.dense_sum(m[:, k + 1, :k] * m[:, k, :k])
            elif k > 0 and below > 1:   # A21 -= A20 A10^T: the row-major GEMV
                for b in range(len(m)):
                    m[b, k + 1:, k] = m[b, k + 1:, k] - eigen_householder_qr._rowmajor_gemv(
                        m[b, k, :k].copy(), m[b, k + 1:, :k].T.copy(), n)
            if below:
                m[:, k + 1:, k] = m[:, k + 1:, k] / x[:, None]
    return m.reshape(symmetric.shape)
