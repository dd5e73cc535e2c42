"""tf.linalg.svd(compute_uv=True) of complex matrices, with TF 2.21's _SvdGrad (linalg_grad.py) and its
complex term (tapeflow recorded no gradient for them).

The factors are LAPACK's; s is returned as the real part of a complex copy recorded with u and v as one
joint node, so that TF's rule, which casts grad_s to the input's dtype, gets all three gradients at once.
The tape conjugates the rules of complex outputs (complex_gradients.py): the rule conjugates its upstream
gradients and its result to hand TF's form through.
"""
import numpy as np

from .. import backend
from ..keras.ops_joint_outputs import joint_outputs
from ..keras.ops_svd_gradient import _refusing
from .complex_parts import conj, real
from .creation import eye, zeros_like
from .linalg import matmul
from .matrix_parts import diag, matrix_transpose, set_diag
from .shapes import expand_dims


def svd(a, full_matrices):
    """(s, u, v) of the complex matrices ``a`` (..., M, N) with a = u diag(s) adjoint(v), recorded with TF's
    gradient; |M - N| > 1 with full_matrices: TF's NotImplementedError once a gradient reaches them."""
    u_raw, s_raw, vh_raw = backend.array_module(a._data).linalg.svd(a._data, full_matrices=full_matrices)
    v_raw = np.swapaxes(vh_raw, -1, -2).conj()
    m, n = a.shape[-2], a.shape[-1]
    if full_matrices and abs(m - n) > 1:
        shape = '(%s)' % ', '.join(str(d) for d in a.shape)
        u, s, v = _refusing('svd', a, (u_raw, s_raw, v_raw),
                            'svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. Received: '
                            'm=%d and n=%d from op input=%s with shape=%s.'
                            % (min(m, n), max(m, n), np.asarray(backend.to_host(a._data)), shape))
        return s, u, v

    def rule(grads, outputs, x):
        (g_u, g_s, g_v), (u, s, v) = [conj(g) for g in grads], outputs
        return conj(_svd_grad(u, s, v, g_s, g_u, g_v, m, n, full_matrices))
    u, s, v = joint_outputs('svd', a, (u_raw, s_raw.astype(a._data.dtype), v_raw), rule)
    return real(s), u, v


def _adjoint(x):
    return matrix_transpose(x, conjugate=True)


def _safe_reciprocal(x):
    return x * (1.0 / (x * x + 1e-20))      # TF's _SafeReciprocal


def _svd_grad(u, s, v, g_s, g_u, g_v, m, n, full_matrices):
    """TF's _SvdGrad for compute_uv=True, in its arrangement: a deep matrix through its adjoint."""
    deep = m > n
    if deep:
        m, n, u, v, g_u, g_v = n, m, v, u, g_v, g_u
    s_mat, s2 = diag(s), s * s
    f = set_diag(_safe_reciprocal(expand_dims(s2, -2) - expand_dims(s2, -1)), zeros_like(s))
    s_inv_mat = diag(_safe_reciprocal(s))
    v1, grad_v1 = v[..., :, :m], g_v[..., :, :m]
    f_u = f * matmul(u, g_u, adjoint_a=True)
    v_gv = matmul(v1, grad_v1, adjoint_a=True)
    f_v = f * v_gv
    inner = diag(g_s) + matmul(f_u + _adjoint(f_u), s_mat) + matmul(s_mat, f_v + _adjoint(f_v))
    grad = matmul(u, matmul(inner, v1, adjoint_b=True))
    if m != n:
        gv1t = _adjoint(grad_v1)
        term2 = gv1t - matmul(matmul(gv1t, v1), v1, adjoint_b=True)
        if full_matrices:
            term2 = term2 - matmul(matmul(v1, g_v[..., :, m:n], adjoint_a=True), v[..., :, m:n], adjoint_b=True)
        grad = grad + matmul(matmul(u, s_inv_mat), term2)
    identity = eye(s.shape[-1], batch_shape=tuple(s.shape[:-1]), dtype=s.dtype)
    l = identity * v_gv
    grad = grad + 0.5 * matmul(u, matmul(matmul(s_inv_mat, _adjoint(l) - l), v1, adjoint_b=True))
    return _adjoint(grad) if deep else grad
