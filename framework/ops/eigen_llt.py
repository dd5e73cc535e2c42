"""Small Cholesky factors in the order TensorFlow's CPU kernel computes them (Eigen's LLT).

TF 2.21's Cholesky runs ``Eigen::LLT<Matrix, Lower>``, whose unblocked loop takes, for each column k,
``d = sqrt(a_kk - ((l_k0^2 + l_k1^2) + ...))`` and then every entry below it as
``(a_ik - ((0 + l_i0 l_k0) + l_i1 l_k1 + ...)) / d``, each product and sum rounded on its own. For
these sizes the sums are scalar loops (past them Eigen's packets add in other orders); LAPACK's
factor, which tapeflow called, differed in the last bit for most matrices (15 of 18 float32 ones
of sizes 2-4). Checked against TF 2.21: float32 up to 9 x 9, float64 up to 5 x 5, every entry equal.
"""
import numpy as np

_LARGEST = {np.dtype(np.float32): 8, np.dtype(np.float64): 5}


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
            if k > 0:
                squares = m[:, k, 0] * m[:, k, 0]
                for j in range(1, k):
                    squares = squares + m[:, k, j] * m[:, k, j]
                x = x - squares
            if (x <= 0).any():         # (NaN passes on, as in Eigen)
                return None
            x = np.sqrt(x)
            m[:, k, k] = x
            for i in range(k + 1, n):
                if k > 0:
                    dot = m[:, i, 0] * m[:, k, 0] + 0.0     # Eigen's dot starts at +0
                    for j in range(1, k):
                        dot = dot + m[:, i, j] * m[:, k, j]
                    m[:, i, k] = m[:, i, k] - dot
                m[:, i, k] = m[:, i, k] / x
    return m.reshape(symmetric.shape)
