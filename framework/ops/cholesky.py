"""cholesky: the lower-triangular L with L @ L^T = A, for each symmetric positive-definite A.

Only A's lower triangle is read, as in TensorFlow. The gradient is TensorFlow's
symmetrised rule (Murray, "Differentiation of the Cholesky decomposition", 2016):
with P = Phi(L^T g), Phi keeping the lower triangle and halving the diagonal,
grad A = sym(L^-T P L^-1), sym(X) = (X + X^T) / 2, L^-1 solved as TF solves it
(triangular_solve of the identity). It is written with triangular_solve,
matmul and the diagonal ops, so second derivatives follow.
"""
import numpy as np

from .. import backend
from ..complex_gradients import conjugated
from ..errors import kernel_error
from ..tensor import Tensor
from . import eigen_llt
from .linalg import matmul
from .missing_kernels import refuse_missing
from .matrix_parts import band_part, diag_part, matrix_transpose, set_diag
from .operands import ACTIVE, as_float_tensor, named_errors, record


@named_errors('cholesky', passes_name=True)
def cholesky(input, name=None):  # noqa: A002
    """The Cholesky factor of each matrix; a matrix that is not positive definite gives NaN
    in its lower triangle, as TensorFlow's CPU kernel does.

    Raises:
        InvalidArgumentError / ValueError: for a non-square input or one of rank < 2.
    """
    a = refuse_missing(as_float_tensor(input, 'cholesky'), 'Cholesky', 'cholesky')
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        text = 'Input tensor 0 must have rank >= 2, got %d' % a.ndim if a.ndim < 2 else 'Input matrix must be square.'
        raise kernel_error('Cholesky', text, named=True,
                           note='cholesky: input must be square matrices (..., n, n), got shape %s' % (tuple(a.shape),))
    xp = backend.array_module(a._data)
    lower = xp.tril(a._data)
    symmetric = lower + xp.swapaxes(xp.tril(a._data, -1), -1, -2)
    out = Tensor(_factor(xp, symmetric))
    if ACTIVE:
        # TF's rule is written in TF's complex form (adjoints): pre-conjugated for complex matrices, so that
        # the tape's wrapping of complex outputs (complex_gradients) gives it back unchanged
        record('cholesky', (a,), out, conjugated((_cholesky_grad,)) if a._data.dtype.kind == 'c' else (_cholesky_grad,))
    return out


def _factor(xp, symmetric):
    if symmetric.size == 0:     # (0, 0) matrices or an empty batch: nothing to factor (TF returns them)
        return symmetric.copy()
    if eigen_llt.handles(symmetric):
        factored = eigen_llt.factor(symmetric)      # TF's bits for small matrices
        if factored is not None:
            return factored
    try:
        return xp.linalg.cholesky(symmetric)
    except Exception:           # numpy's LinAlgError: factor one matrix at a time, NaN where it fails
        flat = symmetric.reshape((-1,) + symmetric.shape[-2:])
        out = xp.zeros_like(flat)
        n = symmetric.shape[-1]
        for i in range(flat.shape[0]):
            try:
                out[i] = xp.linalg.cholesky(flat[i])
            except Exception:
                # TF sets the lower triangle to numeric_limits<Scalar>::quiet_NaN(), which for std::complex
                # (no specialization) is a zero: a complex factor that fails is zeros (its logdet -inf)
                out[i] = xp.where(xp.tril(xp.ones((n, n), bool)), 0 if flat.dtype.kind == 'c' else np.nan, 0)
        return out.reshape(symmetric.shape)


def _cholesky_grad(g, l, a):
    """TF's _CholeskyGrad, its adjoints included (plain transposes for real matrices)."""
    from .creation import eye
    from .linalg_solves import triangular_solve
    l_inv = triangular_solve(l, eye(l.shape[-1], batch_shape=tuple(l.shape[:-2]), dtype=l.dtype))    # as TF
    middle = matmul(l, g, adjoint_a=True)
    middle = band_part(set_diag(middle, 0.5 * diag_part(middle)), -1, 0)
    grad = matmul(matmul(l_inv, middle, adjoint_a=True), l_inv)
    return 0.5 * (grad + matrix_transpose(grad, conjugate=True))

