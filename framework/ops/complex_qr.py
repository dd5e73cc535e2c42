"""tf.linalg.qr of complex matrices, with TF 2.21's _QrGrad (linalg_grad.py) and its complex correction.

The factors are LAPACK's (numpy's zgeqrf: R's diagonal real, as Eigen's Householder QR gives it). TF's rule
is written with adjoints for complex matrices; the tape conjugates the rules of complex outputs
(complex_gradients.py), so this one conjugates its upstream gradients and its result to hand TF's form
through. M > N with full_matrices: TF's NotImplementedError once a gradient reaches the factors.
"""
from .. import backend
from ..keras.ops_joint_outputs import joint_outputs
from ..keras.ops_svd_gradient import complete_deep_qr
from .complex_parts import conj, real
from .linalg import matmul
from .matrix_parts import band_part, diag_part, matrix_transpose, set_diag
from .creation import zeros_like
from .shapes import cast, concat


def qr(a, full_matrices):
    """(q, r) of the complex matrices ``a`` (..., M, N), recorded with TF's gradient."""
    mode = 'complete' if full_matrices else 'reduced'
    q_raw, r_raw = backend.array_module(a._data).linalg.qr(a._data, mode=mode)
    m, n = a.shape[-2], a.shape[-1]
    if full_matrices and m > n:
        return tuple(complete_deep_qr(a, q_raw, r_raw))

    def rule(grads, outputs, x):
        (dq, dr), (q, r) = [conj(g) for g in grads], outputs
        return conj(_qr_grad(q, r, dq, dr, x, m))
    return tuple(joint_outputs('qr', a, (q_raw, r_raw), rule))


def _adjoint(x):
    return matrix_transpose(x, conjugate=True)


def _triangular_solve(x, r):
    """x adjoint(inverse(r)) for r upper triangular: TF's _TriangularSolve."""
    from .linalg_solves import triangular_solve
    return _adjoint(triangular_solve(r, _adjoint(x), lower=False, adjoint=False))


def _square_and_deep(q, r, dq, dr):
    """TF's _QrGradSquareAndDeepMatrices, complex correction included."""
    qdq = matmul(q, dq, adjoint_a=True)
    rdr = matmul(r, dr, adjoint_b=True)
    tril = band_part((qdq - _adjoint(qdq)) + (rdr - _adjoint(rdr)), -1, 0)
    grad = matmul(q, dr + _triangular_solve(tril, r)) + _triangular_solve(dq - matmul(q, qdq), r)
    m = rdr - _adjoint(qdq)
    eye_m = set_diag(zeros_like(m), diag_part(m))
    correction = eye_m - cast(real(eye_m), q.dtype)
    return grad + _triangular_solve(matmul(q, _adjoint(correction)), r)


def _qr_grad(q, r, dq, dr, a, rows):
    """TF's _QrGrad: a wide matrix a = [x, y], r = [u, v] reduces to the square case."""
    if rows >= r.shape[-1]:
        return _square_and_deep(q, r, dq, dr)
    y, u, dv, du = a[..., :, rows:], r[..., :, :rows], dr[..., :, rows:], dr[..., :, :rows]
    dx = _square_and_deep(q, u, dq + matmul(y, dv, adjoint_b=True), du)
    return concat([dx, matmul(q, dv)], -1)
