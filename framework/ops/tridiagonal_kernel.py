"""TensorFlow's TridiagonalSolve kernel for real dtypes: the system of compact diagonals (..., 3, M) (a
superdiagonal whose last entry is unused, the diagonal, a subdiagonal whose first entry is unused) and
right-hand sides (..., M, K), solved in the inputs' dtype as TensorFlow's CPU kernel solves it:
LAPACK dgtsv's Gaussian elimination with partial pivoting (a row interchange where the subdiagonal
entry is larger than the pivot), or with ``partial_pivoting=False`` the Thomas algorithm. A singular
system gives NaN (TensorFlow logs a warning), not an error.

The gradient is TensorFlow's: grad_rhs = the solve of the transposed system for g, grad_diagonals =
-(the three diagonals of grad_rhs @ x^T); both written with framework ops, so they nest.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from ..tf_logging import logger
from .operands import ACTIVE, record

_SINGULAR = 'The matrix is not invertible.'
_THOMAS_FAILED = 'The matrix is either not invertible, or requires pivoting. Try setting partial_pivoting = True.'


def _pivoting(sup, dia, sub, rhs):
    """x for (B, M) diagonals and (B, M, K) rhs; a (B,) mask of the singular systems."""
    n = dia.shape[-1]
    u0, u1, u2 = dia.copy(), np.zeros_like(dia), np.zeros_like(dia)
    u1[:, 0] = sup[:, 0]
    x = rhs.copy()
    singular = np.zeros(dia.shape[0], bool)
    for i in range(n - 1):
        keep = np.abs(u0[:, i]) >= np.abs(sub[:, i + 1])      # no row interchange
        singular |= keep & (u0[:, i] == 0)
        k = keep[:, None]
        safe_u0 = np.where(keep & (u0[:, i] != 0), u0[:, i], 1)
        safe_sub = np.where(~keep, sub[:, i + 1], 1)
        f_keep = sub[:, i + 1] / safe_u0
        f_swap = u0[:, i] / safe_sub
        new_u0 = np.where(keep, dia[:, i + 1] - f_keep * u1[:, i], u1[:, i] - f_swap * dia[:, i + 1])
        x_next = np.where(k, rhs[:, i + 1] - f_keep[:, None] * x[:, i], x[:, i] - f_swap[:, None] * rhs[:, i + 1])
        x[:, i] = np.where(k, x[:, i], rhs[:, i + 1])
        x[:, i + 1] = x_next
        if i != n - 2:
            u1_next = np.where(keep, sup[:, i + 1], -f_swap * sup[:, i + 1])
            u2[:, i] = np.where(keep, 0, sup[:, i + 1])
            u1[:, i + 1] = u1_next
        u1[:, i] = np.where(keep, u1[:, i], dia[:, i + 1])
        u0[:, i] = np.where(keep, u0[:, i], sub[:, i + 1])
        u0[:, i + 1] = new_u0
    singular |= u0[:, n - 1] == 0
    x[:, n - 1] = x[:, n - 1] / u0[:, n - 1, None]
    x[:, n - 2] = (x[:, n - 2] - u1[:, n - 2, None] * x[:, n - 1]) / u0[:, n - 2, None]
    for i in range(n - 3, -1, -1):
        x[:, i] = (x[:, i] - u1[:, i, None] * x[:, i + 1] - u2[:, i, None] * x[:, i + 2]) / u0[:, i, None]
    return x, singular


def _thomas(sup, dia, sub, rhs):
    n = dia.shape[-1]
    u = np.zeros_like(dia)
    x = np.empty_like(rhs)
    failed = dia[:, 0] == 0
    u[:, 0] = sup[:, 0] / dia[:, 0]
    x[:, 0] = rhs[:, 0] / dia[:, 0, None]
    for i in range(1, n):
        denom = dia[:, i] - sub[:, i] * u[:, i - 1]
        failed |= denom == 0
        u[:, i] = sup[:, i] / denom
        x[:, i] = (rhs[:, i] - sub[:, i, None] * x[:, i - 1]) / denom[:, None]
    for i in range(n - 2, -1, -1):
        x[:, i] -= u[:, i, None] * x[:, i + 1]
    return x, failed


def solve_values(diagonals, rhs, partial_pivoting=True):
    """The kernel's solution for real (..., 3, M) ``diagonals`` and (..., M, K) ``rhs`` arrays (batch
    axes already equal), in their dtype."""
    batch, (m, k) = rhs.shape[:-2], rhs.shape[-2:]
    d = np.asarray(diagonals).reshape((-1, 3, m))
    b = np.asarray(rhs).reshape((-1, m, k))
    if m == 0 or d.shape[0] == 0:
        return np.empty(rhs.shape, rhs.dtype)
    with np.errstate(all='ignore'):
        if m == 1:
            x, bad = b / d[:, 1, :, None], d[:, 1, 0] == 0
        elif partial_pivoting:
            x, bad = _pivoting(d[:, 0], d[:, 1], d[:, 2], b)
        else:
            x, bad = _thomas(d[:, 0], d[:, 1], d[:, 2], b)
    if bad.any():
        logger().warning(_SINGULAR if partial_pivoting or m == 1 else _THOMAS_FAILED)
        x[bad] = np.nan
    return x.reshape(tuple(batch) + (m, k)).astype(rhs.dtype, copy=False)


def tridiagonal_solve_compact(diagonals, rhs, partial_pivoting=True):
    """The TridiagonalSolve op on tensors: (..., 3, M) real diagonals, (..., M, K) rhs of one batch shape."""
    xp = backend.array_module(rhs._data)
    value = solve_values(backend.to_host(diagonals._data), backend.to_host(rhs._data), partial_pivoting)
    out = Tensor(xp.asarray(value))
    if ACTIVE:
        from .matrix_ops import shared_rule

        # one solve per output gradient feeds both rules, as TF's _TridiagonalSolveGrad: a solve per rule
        # gave an outer tape two solves to differentiate (second derivatives an ulp off)
        @shared_rule
        def grads(g, x):
            grad_rhs = tridiagonal_solve_compact(_transposed(diagonals), g, partial_pivoting)
            return -_three_diagonals(grad_rhs, x), grad_rhs
        record('tridiagonal_solve', (diagonals, rhs), out,
               (lambda g, x, d, b: grads(g, x)[0], lambda g, x, d, b: grads(g, x)[1]))
    return out


def _transposed(diagonals):
    """The compact diagonals of the transposed matrices (TF's _TransposeTridiagonalMatrix)."""
    from .creation import zeros
    from .shapes import concat, stack
    zero = zeros(list(diagonals.shape[:-2]) + [1], dtype=diagonals.dtype)
    superdiag = concat([diagonals[..., 2, 1:], zero], axis=-1)
    subdiag = concat([zero, diagonals[..., 0, :-1]], axis=-1)
    return stack([superdiag, diagonals[..., 1, :], subdiag], axis=-2)


def _three_diagonals(a, b):
    """The compact three diagonals of a @ b^T for (..., M, K) a and b (TF's _MatmulExtractingThreeDiagonals)."""
    from .creation import zeros
    from .reductions import reduce_sum
    from .shapes import concat, stack
    zero = zeros(list(a.shape[:-2]) + [1, a.shape[-1]], dtype=a.dtype)
    diag = reduce_sum(a * b, axis=-1)
    superdiag = reduce_sum(a * concat([b[..., 1:, :], zero], axis=-2), axis=-1)
    subdiag = reduce_sum(a * concat([zero, b[..., :-1, :]], axis=-2), axis=-1)
    return stack([superdiag, diag, subdiag], axis=-2)
