"""Small triangular solves in the order TensorFlow's CPU kernel computes them.

TF 2.21's MatrixTriangularSolve runs Eigen's ``triangularView().solve``: row by row in solving order
(first to last for a lower triangle, last to first for an upper one), each entry starts from the rhs,
subtracts ``t_ij x_j`` for the solved columns j in ascending order, each product and difference
rounded on its own, and is multiplied by the diagonal's reciprocal (not divided by it). tapeflow's
LU solve differed in the last bit for most systems; this order gave every entry of TF 2.21's
solutions for float32 and float64 triangles of sizes 1-8, lower, upper and adjoint.
"""
import numpy as np

LARGEST = 8
_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def handles(t, b):
    """Whether ``t`` (..., n, n) and ``b`` (..., n, k), host arrays of one float dtype, are solved here:
    up to LARGEST, and at any size a triangle with a zero on its diagonal, which TF's kernel solves
    on to inf / NaN (TF 2.21: [[2, 0, 0], [1, 3, 0], [1, 0, 0]] x = [4, 5, 6] gives [2, 1, inf])
    where the general path's LU would refuse it as singular."""
    if type(t) is not np.ndarray or type(b) is not np.ndarray or b.dtype != t.dtype or b.ndim < 2:
        return False
    if t.dtype in _DTYPES:
        return t.shape[-1] <= LARGEST or not np.diagonal(t, 0, -2, -1).all()
    # a complex triangle is solved here only where it has a zero on its diagonal (a failed Cholesky factor is
    # zeros, TF 2.21's logdet gradient solves against it): TF solves on to inf / NaN where LU would refuse it
    return t.dtype.kind == 'c' and not np.diagonal(t, 0, -2, -1).all()


def solve(t, b, lower):
    """X with ``T X = b`` for the ``lower`` (else upper) triangle of each T; batch axes broadcast."""
    batch = np.broadcast_shapes(t.shape[:-2], b.shape[:-2])
    t = np.broadcast_to(t, batch + t.shape[-2:])
    x = np.array(np.broadcast_to(b, batch + b.shape[-2:]))
    n = t.shape[-1]
    one = t.dtype.type(1)
    with np.errstate(all='ignore'):
        for i in (range(n) if lower else range(n - 1, -1, -1)):
            row = x[..., i, :]
            for j in (range(i) if lower else range(i + 1, n)):
                row = row - t[..., i, j, None] * x[..., j, :]
            x[..., i, :] = row * (one / t[..., i, i, None])
    return x
