"""``keras.ops`` matrix decompositions and what is built on them: eigh, eig, qr,
svd, cholesky, cholesky_inverse, solve_triangular, lstsq, pinv, matrix_rank, logdet.

eigh, eig, qr and svd compute with the array module's LAPACK (Eigen's kernels where emulated).
eigh, qr and svd record all their outputs as one node whose rule takes every output's gradient at
once, as TensorFlow's (ops_joint_outputs.py); eig one rule per output (linear in the output
gradients, so the tape's sum of them is the full vjp). The rules are TensorFlow's, in its order
(eigh: SelfAdjointEigV2's; eig: EigGrad; qr: QrGrad; svd: SvdGrad, in ops_svd_gradient.py).
The rest compose those with tapeflow's ops. Like LAPACK, each factorization
reads only what it needs: eigh the lower triangle, cholesky the lower triangle.
"""
import numpy as np

from framework import backend, onednn_policy
from framework.errors import OpError, kernel_error
from framework.ops.graph_input_errors import eager_input_error
from framework import ops as _ops
from framework.ops import (eigen_blocked_qr, eigen_householder_qr, eigen_jacobi_svd, eigen_math, eigen_self_adjoint,
                           float_kernels)
from framework.ops.missing_kernels import refuse_missing
from framework.ops.operands import ACTIVE
from framework.tensor import Tensor
from . import ops_svd_gradient
from .ops_joint_outputs import joint_outputs
from .ops_arguments import flag
from .ops_dtypes import floating, linalg_input, same_dtype_operand, tensor
from .ops_elementwise import _primitive
from .ops_matmul import matmul

__all__ = ['cholesky', 'cholesky_inverse', 'eig', 'eigh', 'logdet', 'lstsq', 'lu_factor', 'matrix_rank', 'pinv', 'qr',
           'solve_triangular', 'svd']


def _matrices(x, op, square=True):
    t = linalg_input(x, op) if op not in ('eig', 'lstsq', 'cholesky_inverse') else floating(x, op)
    if t.ndim < 2 or (square and t.shape[-1] != t.shape[-2]):
        # logdet and qr reach TF's Cholesky / Qr kernels (InvalidArgumentError); the others Keras's checks
        error = _shape_error(op, t)
        error.add_note('keras.ops.%s: expected %s, got shape %s'
                       % (op, 'square matrices (..., M, M)' if square else 'matrices (..., M, N)', tuple(t.shape)))
        raise error
    return t


def _shape_error(op, t):
    """The error Keras 3 on TF 2.21 raises for a matrix operand of rank < 2 or a non-square one, in its words:
    Keras's _assert_2d / _assert_square, the kernel's for logdet (Cholesky) and qr, numpy's unpacking for eig, TF's
    linalg check for pinv / matrix_rank."""
    shape = tuple(t.shape)
    if t.ndim < 2:
        if op in ('logdet', 'qr'):
            return kernel_error('Cholesky' if op == 'logdet' else 'Qr',
                                'Input tensor 0 must have rank >= 2, got %d' % t.ndim, named=True)
        if op == 'eig':
            return ValueError('not enough values to unpack (expected 2, got %d)' % t.ndim)
        if op in ('pinv', 'matrix_rank'):
            return ValueError('Input `a` must have at least 2 dimensions (saw: %d).' % t.ndim)
        return ValueError('Expected input to have rank >= 2. Received input with shape %s.' % (shape,))
    if op == 'logdet':
        return kernel_error('Cholesky', 'Input matrix must be square.', named=True)
    if op == 'lu_factor':
        return ValueError('LU decomposition failed: Expected a square matrix. Received non-square input with shape '
                          '%s. LU decomposition is only supported for square matrices in Tensorflow.' % (shape,))
    return ValueError('Expected a square matrix. Received non-square input with shape %s' % (shape,))


def _t(x):
    return _ops.matrix_transpose(x)


def _tf_lower_read(g):
    """TF's eigh rule's last step: band_part(g + g^T, -1, 0) with its diagonal halved."""
    lower = _ops.band_part(g + _t(g), -1, 0)
    return _ops.set_diag(lower, 0.5 * _ops.diag_part(lower))


def eigh(x):
    """(eigenvalues ascending, eigenvectors as columns) of each symmetric matrix (lower triangle read)."""
    a = refuse_missing(_matrices(x, 'eigh'), 'SelfAdjointEigV2', 'eigh', ', compute_v=true')
    if eigen_self_adjoint.handles(a._data):       # 2 x 2: Eigen's QR steps, TF's bits
        w_raw, v_raw = eigen_self_adjoint.eigh(a._data)
    else:
        w_raw, v_raw = backend.array_module(a._data).linalg.eigh(a._data)

    # TF's SelfAdjointEigV2 rule, v (diag(g_e) + F o (v^T g_v)) v^T read onto the lower triangle, on both
    # outputs' gradients at once, each product in TF's order (F through _SafeReciprocal)
    def rule(grads, outputs, a):
        (ge, gv), (e, v) = grads, outputs
        gaps = _ops.expand_dims(e, -2) - _ops.expand_dims(e, -1)
        f = _ops.set_diag(gaps * _ops.reciprocal(gaps * gaps + 1e-20), _ops.zeros_like(e))
        inner = _ops.diag(ge) + f * _ops.matmul(v, gv, transpose_a=True)
        return _tf_lower_read(_ops.matmul(v, _ops.matmul(inner, v, transpose_b=True)))
    w, v = joint_outputs('eigh', a, (w_raw, v_raw), rule)
    return w, v


def eig(x):
    """(eigenvalues, eigenvectors) of each square matrix, complex, with TensorFlow's Eig gradient."""
    a = _matrices(x, 'eig')
    w, v = backend.array_module(a._data).linalg.eig(a._data)
    complex_dtype = np.complex128 if a._data.dtype in (np.float64, np.complex128) else np.complex64
    outputs = {}        # the rules read both outputs, as TF's (an outer tape then differentiates them again)

    # (the rules are TF's linalg_grad, in tf.linalg.matmul: keras.ops.matmul's promotion makes complex128
    # products complex64, as Keras 3 on TF does)
    def tf_form(rule):
        # the tape hands a complex output's rule conj(g) and conjugates its answer (complex_gradients):
        # TF's rule is written for g itself
        return lambda h, y, a: _ops.conj(rule(_ops.conj(h)))

    def from_e(g):
        vt = _ops.adjoint(outputs['v'])
        return _ops.cast(_ops.solve(vt, _ops.matmul(_ops.diag(g), vt)), a.dtype)

    def from_v(g):
        e, v = outputs['e'], outputs['v']
        vt = _ops.adjoint(v)
        gap = _ops.expand_dims(e, -2) - _ops.expand_dims(e, -1)
        safe_reciprocal = gap * _ops.reciprocal(gap * gap + 1e-20)       # TF's _SafeReciprocal
        f = _ops.conj(_ops.set_diag(safe_reciprocal, _ops.zeros_like(e)))
        vgv = _ops.matmul(vt, g)
        diag_grad = _ops.diag(_ops.diag_part(_ops.cast(_ops.real(vgv), vgv.dtype)))
        mid = f * (vgv - _ops.matmul(_ops.matmul(vt, v), diag_grad))
        return _ops.cast(_ops.solve(vt, _ops.matmul(mid, vt)), a.dtype)

    outputs['e'] = _primitive('eig', (a,), w.astype(complex_dtype), (tf_form(from_e),))
    outputs['v'] = _primitive('eig', (a,), v.astype(complex_dtype), (tf_form(from_v),))
    return outputs['e'], outputs['v']


def qr(x, mode='reduced'):
    """(Q, R) with x = Q R, Q's columns orthonormal and R upper triangular. Gradients need
    ``mode='reduced'`` or M <= N: else TensorFlow's NotImplementedError once one reaches them."""
    if mode not in ('reduced', 'complete'):
        raise ValueError("keras.ops.qr: mode must be 'reduced' or 'complete', got %r" % (mode,))
    a = _matrices(x, 'qr', square=False)
    m, n = a.shape[-2], a.shape[-1]
    if a._data.dtype == np.float16:     # TF 2.21 has a half Qr kernel; numpy's linalg has none
        q, r = (_ops.cast(t, 'float16') for t in qr(_ops.cast(_ops.stop_gradient(a), 'float32'), mode))
        if ACTIVE:
            return _half_qr_without_gradient(a, q, r, mode == 'complete' and m > n)
        return q, r
    q_raw, r_raw = _qr_values(a._data, mode)
    if mode == 'complete' and m > n:
        return ops_svd_gradient.complete_deep_qr(a, q_raw, r_raw)
    def rule(grads, outputs, a):
        (dq, dr), (q, r) = grads, outputs
        if m >= n:
            return _qr_deep_vjp(q, r, dq, dr)
        # TF's wide rule: a = [X, Y], r = [U, V]; X = Q U is a square QR and Y = Q V
        dv = dr[..., m:]
        dx = _qr_deep_vjp(q, r[..., :m], dq + matmul(a[..., m:], _t(dv)), dr[..., :m])
        return _ops.concat([dx, matmul(q, dv)], -1)
    q, r = joint_outputs('qr', a, (q_raw, r_raw), rule)
    return q, r


def _half_qr_without_gradient(a, q, r, complete_deep):
    """float16 (q, r) recorded on ``a`` as TF 2.21 differentiates them: _QrGrad's first triangular solve has no
    half kernel (MatrixTriangularSolve's NotFoundError), after its NotImplementedError for a deep complete q."""
    if complete_deep:
        return ops_svd_gradient.complete_deep_qr(a, q._data, r._data)
    from framework.ops.unregistered_gradient import record_outputs

    k = min(r.shape[-2], r.shape[-1])

    def refused(g, out, x):     # TF's first solve against r's square part raises: it has no half kernel
        return _ops.triangular_solve(r[..., :k, :k], r[..., :k, :k], lower=False)
    record_outputs('qr', (a,), (q, r), refused)
    return q, r


def _qr_deep_vjp(q, r, dq, dr):
    """TF's QrGrad for M >= N (square and deep matrices)."""
    def right_solve(y):            # y R^-T, R upper triangular: TF's _TriangularSolve (no pivots: NaN stays NaN)
        return _t(_ops.triangular_solve(r, _t(y), lower=False))
    qdq = _ops.matmul(q, dq, transpose_a=True)
    rdr = _ops.matmul(r, dr, transpose_b=True)
    lower = _ops.band_part((qdq - _t(qdq)) + (rdr - _t(rdr)), -1, 0)
    return matmul(q, dr + right_solve(lower)) + right_solve(dq - matmul(q, qdq))


def _qr_values(a, mode):
    """TF's Qr kernel's bits (Eigen's HouseholderQR) where the exact-math mode covers the size
    and the emulation the shape; LAPACK's otherwise (same values up to rounding). The emulation
    costs ~1 ms for a 32 x 32 matrix against numpy's ~0.1 ms, hence the mode's size limit."""
    full = mode == 'complete'
    if type(a) is np.ndarray and eigen_householder_qr.covers(a.shape, a.dtype, full) and eigen_math.exact_for(a):
        return eigen_householder_qr.batched_householder_qr(a, full)
    if type(a) is np.ndarray and not full and eigen_blocked_qr.covers(a.shape, a.dtype) and eigen_math.exact_for(a):
        return eigen_blocked_qr.batched_reduced_qr(a)      # 48 columns or more: Eigen's blocks
    return backend.array_module(a).linalg.qr(a, mode=mode)


def svd(x, full_matrices=True, compute_uv=True):
    """(U, S, V^T) with x = U diag(S) V^T, S descending; S alone without ``compute_uv``.
    The gradient is TensorFlow's _SvdGrad (ops_svd_gradient.py); with ``full_matrices`` for |M - N| <= 1,
    its NotImplementedError beyond."""
    a = _matrices(x, 'svd', square=False)
    full_matrices, compute_uv = flag(full_matrices, 'full_matrices', 'svd'), flag(compute_uv, 'compute_uv', 'svd')
    refuse_missing(a, 'Svd', 'svd', ', compute_uv=%s, full_matrices=%s'
                   % (str(bool(compute_uv)).lower(), str(bool(full_matrices)).lower()))
    xp = backend.array_module(a._data)
    if eigen_jacobi_svd.handles(a._data):         # few columns: Eigen's JacobiSVD, TF's bits
        u_raw, s_raw, v_raw = eigen_jacobi_svd.svd(a._data, full_matrices)
        vt_raw = np.swapaxes(v_raw, -1, -2)
    else:
        u_raw, s_raw, vt_raw = xp.linalg.svd(a._data, full_matrices=full_matrices)
    m, n = a.shape[-2], a.shape[-1]
    k = min(m, n)
    if compute_uv:
        return ops_svd_gradient.svd_with_vectors(a, u_raw, s_raw, vt_raw, full_matrices)

    def from_s(g, out, a):
        # TF's rule for compute_uv=False runs a (recorded) Svd with vectors: u (diag(g) v^T)
        if ACTIVE:
            u, _, vt = svd(a, full_matrices=False)
        else:
            u, vt = Tensor(u_raw[..., :, :k]), Tensor(vt_raw[..., :k, :])
        return _ops.matmul(u, _ops.matmul(_ops.diag(g), vt))
    return _primitive('svd', (a,), s_raw, (from_s,))


def cholesky(x, upper=False):
    """The Cholesky factor L (lower; L^T with ``upper``) of each positive-definite matrix."""
    a = _matrices(x, 'cholesky')
    try:
        factor = _ops.cholesky(a)
    except OpError as err:      # Keras 3 rewraps the kernel's error (a float16 matrix: no CPU kernel)
        raise ValueError('Cholesky decomposition failed: %s' % err) from None
    if bool(_ops.reduce_any(_ops.is_nan(factor))):
        raise ValueError('keras.ops.cholesky: the matrix is not positive definite (shape %s)' % (tuple(a.shape),))
    return _t(factor) if upper else factor


def solve_triangular(a, b, lower=False):
    """x with a @ x = b, reading only a's lower (``lower``) or upper triangle; a 1-D b is a vector."""
    a = _matrices(a, 'solve_triangular')
    b = same_dtype_operand(a, b, 'solve_triangular', 'MatrixTriangularSolve')
    from .ops_linalg import check_a_b_shapes
    check_a_b_shapes(a, b)
    # tf.linalg.triangular_solve, as Keras 3 on TF: batch axes broadcast and NaN gives NaN (MatrixSolve does
    # neither); it reads the same triangle through band_part
    if b.ndim == a.ndim - 1:
        return _ops.squeeze(_ops.triangular_solve(a, _ops.expand_dims(b, -1), lower=lower), -1)
    return _ops.triangular_solve(a, b, lower=lower)


def cholesky_inverse(x, upper=False):
    """The inverse of A from its Cholesky factor (A = L L^T, or U^T U with ``upper``)."""
    raw = tensor(x, 'cholesky_inverse')
    if raw.dtype.is_integer or raw.dtype.is_bool:      # Keras 3 on TF: MatrixTriangularSolve's refusal, wrapped
        raise ValueError('Cholesky inverse failed: %s' % float_kernels.refusal('solve_triangular', raw.dtype.name))
    factor = _matrices(x, 'cholesky_inverse')
    eye = _ops.eye(factor.shape[-1], dtype=factor.dtype)
    # tf.linalg.triangular_solve, as Keras 3 on TF: the identity broadcasts over a batch of factors (keras.ops'
    # solve_triangular would read a 2-D identity beside a 3-D batch as a batch of vectors)
    inv_factor = _ops.triangular_solve(factor, eye, lower=not upper)
    return matmul(inv_factor, _t(inv_factor)) if upper else matmul(_t(inv_factor), inv_factor)


def logdet(x):
    """log(det(x)) of each positive-definite matrix, as 2 sum(log(diag(cholesky(x))))."""
    a = _matrices(x, 'logdet')
    return 2.0 * _ops.reduce_sum(_ops.log(_ops.diag_part(_ops.cholesky(a))), -1)


def _cutoff(s, rcond, shape, dtype):
    eps = float(np.finfo(dtype).eps)
    rcond = 10.0 * max(shape[-2:]) * eps if rcond is None else float(rcond)
    return rcond * _ops.reduce_max(s, -1, keepdims=True)


def pinv(x, rcond=None):
    """The Moore-Penrose pseudo-inverse, singular values below rcond * max(S) dropped
    (rcond defaults to 10 * max(M, N) * eps, as TensorFlow's)."""
    a = _matrices(x, 'pinv', square=False)
    u, s, vt = svd(a, full_matrices=False)
    keep = _ops.greater(s, _cutoff(s, rcond, a.shape, a._data.dtype))
    # TF's tf.linalg.pinv (Keras 3's too): small values saturate to inf, then V / s @ U^T divides
    # (a multiplication by 1 / s rounds otherwise: TF 2.21's pinv of [[1, 2], [3, 4], [5, 6]] has 0.66666776)
    s = _ops.where(keep, s, np.array(np.inf, a._data.dtype))
    return _ops.matmul(_t(vt) / _ops.expand_dims(s, -2), u, transpose_b=True)


def matrix_rank(x, tol=None):
    """The number of singular values above ``tol`` (default: max(S) * max(M, N) * eps), int32."""
    a = _matrices(x, 'matrix_rank', square=False)
    if a._data.dtype.kind == 'c':       # TF's matrix_rank checks in Python
        raise TypeError('Input `a` must have `float`-like `dtype` (saw %s).' % a.dtype.name)
    s = svd(a, full_matrices=False, compute_uv=False)     # TF's Svd node (its refusals print the attributes)
    eps = float(np.finfo(a._data.dtype).eps)
    limit = _ops.reduce_max(s, -1, keepdims=True) * (max(a.shape[-2:]) * eps) if tol is None else float(tol)
    return _ops.reduce_sum(_ops.cast(_ops.greater(s, limit), 'int32'), -1)


def lstsq(a, b, rcond=None):
    """The least-squares (minimum-norm) solution x of a @ x = b for a 2-D ``a``; singular values
    below rcond * max(S) are dropped (rcond defaults to max(M, N) * eps)."""
    a, b = tensor(a, 'lstsq'), tensor(b, 'lstsq')
    # Keras 3's checks and TF's kernels, in their order (fuzz6/p/c2.py): nothing is cast
    if a.ndim == 0 or b.ndim == 0 or a.shape[0] != b.shape[0]:
        error = ValueError('Leading dimensions of input arrays must match')
        error.add_note('lstsq: a of shape %s and b of shape %s need as many rows' % (tuple(a.shape), tuple(b.shape)))
        raise error
    if a.ndim != 2:
        raise TypeError('%d-dimensional array given. Array must be two-dimensional' % a.ndim)
    if b.ndim not in (1, 2):
        raise TypeError('%d-dimensional array given. Array must be one or two-dimensional' % b.ndim)
    eps = float(np.finfo(a._data.dtype).eps)        # numpy's 'data type ... not inexact' for integers
    refuse_missing(a, 'Svd', 'lstsq', ', compute_uv=true, full_matrices=false')
    if b._data.dtype != a._data.dtype:      # u^T b: MatMul's pairing
        mkl = a.dtype.name in ('float32', 'float16', 'bfloat16') and onednn_policy.enabled()
        raise eager_input_error('MatMul', 1, a.dtype, b.dtype, runs='_MklMatMul' if mkl else None)
    column = b if b.ndim == 2 else _ops.expand_dims(b, 1)
    u, s, vt = svd(a, full_matrices=False)
    keep = _ops.greater_equal(s, (max(a.shape) * eps if rcond is None else float(rcond)) * s[0])
    s_inv = _ops.where(keep, 1.0 / _ops.where(keep, s, 1.0), 0.0)
    out = matmul(_t(vt), _ops.expand_dims(s_inv, 1) * matmul(_t(u), column))
    return out if b.ndim == 2 else _ops.reshape(out, [-1])


def lu_factor(x):
    """(lu, pivots) of each square matrix by partial pivoting: lu packs L (unit diagonal, below)
    and U (on and above) of x[order] = L U; ``pivots`` is the inverse of that row order, int32.
    As Keras 3 on TensorFlow: tf.linalg.lu, then tf.math.invert_permutation of its order, so a singular
    matrix is Lu's "Input is not invertible." and a batch of matrices InvertPermutation's refusal of a
    2-D order ("invert_permutation expects a 1D vector."). Lu registers no gradient: one reaching it
    raises TensorFlow's LookupError."""
    from ..ops.linalg_decompositions import lu
    from ..ops.orderings import invert_permutation
    packed, order = lu(_matrices(x, 'lu_factor'))       # (Keras's rank and square checks first, in its words)
    return packed, invert_permutation(order)


def lu_packed(x):
    """tf.linalg.lu's factorization of each matrix, unchecked: (lu, the inverse of its row order)."""
    from ..ops.unregistered_gradient import without_gradient
    a = refuse_missing(_matrices(x, 'lu_factor'), 'Lu', 'lu_factor', ', output_idx_type=DT_INT32')
    host = backend.to_host(a._data)
    packed, orders = np.empty_like(host), np.empty(host.shape[:-1], np.int64)
    with np.errstate(all='ignore'):     # (an infinite entry computes on in IEEE's arithmetic, as TF's kernel)
        for index in np.ndindex(*host.shape[:-2]):
            packed[index], orders[index] = _doolittle(host[index])
    inverse = np.argsort(orders, axis=-1)
    lu = without_gradient('Lu', lambda m: Tensor(backend.array_module(m._data).asarray(packed)), a)
    return lu, Tensor(inverse.astype('int32'))


def _doolittle(a):
    """LU with partial pivoting of one matrix on the host: (packed L\\U, row order)."""
    lu, order = a.copy(), np.arange(a.shape[0])
    for k in range(a.shape[0]):
        pivot = k + int(np.argmax(np.abs(lu[k:, k])))
        if pivot != k:
            lu[[k, pivot]], order[[k, pivot]] = lu[[pivot, k]], order[[pivot, k]]
        if lu[k, k] != 0:
            lu[k + 1:, k] /= lu[k, k]
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, order
