"""TensorFlow 2.21's _SvdGrad for svd's three outputs, and its refusals for the full factorizations
of non-square matrices (``svd`` / ``qr`` with ``full_matrices=True``).

The rule is TF's own arrangement (the wide orientation, a deep matrix through its transpose; F and
1 / s through _SafeReciprocal; each product in TF's order), on all three outputs' gradients at once
(ops_joint_outputs.py): per-output parts, or textbook forms of
the same gradient round differently (singular-vector gradients were up to 5e-5 off in float32).
With full matrices TF computes the gradient when the two sides differ by one (a 4 x 3 or 3 x 4
matrix): the extra singular vector is then fixed up to its sign, and the rule adds the term of its
gradient, ``- U S^-1 (V1^T dV2) V2^T``. It refuses ``|m - n| > 1``, and _QrGrad refuses a deep
matrix's complete Q (m > n), each with a NotImplementedError once a gradient reaches the op,
whichever output it comes through (tapeflow had dropped those outputs from the tape).
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from .ops_elementwise import _primitive
from .ops_joint_outputs import joint_outputs


def _t(x):
    return _ops.matrix_transpose(x)


def _refusing(name, a, raws, text):
    """The raw outputs recorded on ``a`` with a rule that raises TF's NotImplementedError."""
    def refuse(g, out, a):
        raise NotImplementedError(text)
    return tuple(_primitive(name, (a,), raw, (refuse,)) for raw in raws)


def complete_deep_qr(a, q_raw, r_raw):
    """(Q, R) of an M > N matrix with the complete Q: TF's QrGrad refuses their gradient."""
    shape = '(%s)' % ', '.join(str(d) for d in r_raw.shape)
    return _refusing('qr', a, (q_raw, r_raw),
                     'QrGrad not implemented when nrows > ncols and full_matrices is true. Received r.shape=%s with '
                     'nrows=%d' 'and ncols=%d.' % (shape, r_raw.shape[-2], r_raw.shape[-1]))


def svd_with_vectors(a, u_raw, s_raw, vt_raw, full_matrices):
    """(U, S, V^T) recorded with TF's _SvdGrad (compute_uv=True)."""
    m, n = a.shape[-2], a.shape[-1]
    if full_matrices and abs(m - n) > 1:
        shape = '(%s)' % ', '.join(str(d) for d in a.shape)
        return _refusing('svd', a, (u_raw, s_raw, vt_raw),
                         'svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. Received: '
                         'm=%d and n=%d from op input=%s with shape=%s.'
                         % (min(m, n), max(m, n), np.asarray(backend.to_host(a._data)), shape))
    deep = m > n     # TF differentiates a^T = V S U^T then, and transposes the result
    k = min(m, n)

    def rule(grads, outputs, a):
        (g_u, g_s, g_vt), (u, s, vt) = grads, outputs
        # the wide orientation: U (k x k), V = [V1, V2] (V2: one column with full_matrices, else none)
        wide_u, wide_v, g_wide_u, g_wide_v = (_t(vt), u, _t(g_vt), g_u) if deep else (u, _t(vt), g_u, _t(g_vt))
        v1, v2, g1, g2 = wide_v[..., :, :k], wide_v[..., :, k:], g_wide_v[..., :, :k], g_wide_v[..., :, k:]
        f = _gaps(s)
        f_u = f * _ops.matmul(wide_u, g_wide_u, transpose_a=True)
        f_v = f * _ops.matmul(v1, g1, transpose_a=True)
        s_mat = _ops.diag(s)
        inner = _ops.diag(g_s) + _ops.matmul(f_u + _t(f_u), s_mat) + _ops.matmul(s_mat, f_v + _t(f_v))
        grad = _ops.matmul(wide_u, _ops.matmul(inner, v1, transpose_b=True))
        if m != n:
            g1t = _t(g1)
            term2 = g1t - _ops.matmul(_ops.matmul(g1t, v1), v1, transpose_b=True)
            if full_matrices:
                term2 = term2 - _ops.matmul(_ops.matmul(v1, g2, transpose_a=True), v2, transpose_b=True)
            s_inv = s * _ops.reciprocal(s * s + 1e-20)       # TF's _SafeReciprocal
            grad = grad + _ops.matmul(_ops.matmul(wide_u, _ops.diag(s_inv)), term2)
        return _t(grad) if deep else grad
    u, s, vt = joint_outputs('svd', a, (u_raw, s_raw, vt_raw), rule)
    return u, s, vt


def _gaps(s):
    """TF's F: 1 / (s_j^2 - s_i^2) off the diagonal through _SafeReciprocal, 0 on it."""
    s2 = s * s
    gaps = _ops.expand_dims(s2, -2) - _ops.expand_dims(s2, -1)
    return _ops.set_diag(gaps * _ops.reciprocal(gaps * gaps + 1e-20), _ops.zeros_like(s))
