"""tf.linalg's factorizations in TensorFlow's conventions: svd -> (s, u, v), qr -> (q, r),
eigh -> (ascending e, v), eigvalsh, eig / eigvals (complex), lu -> Lu(lu, p), eigh_tridiagonal.

The values and gradient rules come from keras.ops' decompositions (one LAPACK call
and the textbook rules TensorFlow uses); this file adapts the calling conventions.
Singular vectors and eigenvectors are LAPACK's: TensorFlow computes svd, eigh and eig
with Eigen, whose columns can differ from these by a sign (svd, eigh) or a phase
(eig), and eig's eigenvalues can come in another order. qr and lu agree with TensorFlow.
"""
import collections

import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from .op_results import Qr
from ..tensor import Tensor
from ..tape import record
from .linalg_checks import matrices
from .matrix_parts import matrix_transpose
from .linalg import matmul
from .operands import ACTIVE, named_errors
from .selection import where
from .missing_kernels import refuse_missing
from .index_operands import refuse_out_dtype
from .type_attributes import type_attribute
from .. import dtypes
from .shapes import cast, concat
from ..tf_python_names import tf_named

Lu = collections.namedtuple('Lu', ['lu', 'p'])
_LU_SIGNATURE = ('input:T -> lu:T, p:output_idx_type; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, '
                 'DT_COMPLEX128]; attr=output_idx_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]')


def _decompositions():
    from ..keras import ops_decompositions     # on first use: framework.keras loads lazily
    return ops_decompositions


def _nan_where_not_finite(a, compute, finite=None):
    """compute(a)'s outputs, NaN for each matrix holding NaN or Inf: TensorFlow's kernels compute
    on and give NaN there, where LAPACK refuses. Such matrices are computed as zeros, then masked.
    ``finite``: the test of each element that passes (numpy's isfinite)."""
    xp = backend.array_module(a._data)
    bad = ~(finite or xp.isfinite)(a._data).all(axis=(-2, -1))
    if not bool(bad.any()):
        return compute(a)
    clean = where(bad[..., None, None], xp.zeros((), a._data.dtype), a)
    outs = compute(clean)
    single = isinstance(outs, Tensor)
    masked = []
    for out in ((outs,) if single else outs):
        if out._data.dtype.kind in 'fc':
            mask = bad.reshape(bad.shape + (1,) * (out.ndim - bad.ndim))
            out = where(mask, xp.asarray(np.nan, out._data.dtype), out)
            if ACTIVE and out._data.dtype.kind == 'f':
                out = _nan_gradient_where(out, a, bad)
        masked.append(out)
    return masked[0] if single else type(outs)(*masked) if hasattr(outs, '_fields') else tuple(masked)


def _nan_gradient_where(out, a, bad):
    """``out`` again, recorded so that the matrices of ``a`` flagged ``bad`` get a NaN gradient from it, as
    TF's gradients computed from their NaN factors give (the zeros they were computed as would give none)."""
    xp = backend.array_module(a._data)
    result = Tensor(out._data)

    def to_a(g, y, out, a):
        poison = xp.where(bad[..., None, None], xp.asarray(np.nan, a._data.dtype), xp.zeros((), a._data.dtype))
        return Tensor(xp.broadcast_to(poison, a._data.shape).copy())
    record('non_finite_matrices', (out, a), result, (lambda g, y, out, a: g, to_a))
    return result


def _complex_singular_values(a, xp, full_matrices):
    """The singular values of complex matrices, real, with TF's _SvdGrad for compute_uv=False:
    u diag(g) v^H from an SVD computed again (the phases of u and v cancel in it). That SVD's factors
    are constants here (TF's would be differentiated again by an outer tape)."""
    s = Tensor(xp.linalg.svd(a._data, compute_uv=False).astype(a._data.real.dtype))
    if ACTIVE:
        def grad(g, s, a):
            from .matrix_parts import diag
            u, _, vh = xp.linalg.svd(a._data, full_matrices=False)
            return matmul(Tensor(u), matmul(diag(cast(g, a.dtype)), Tensor(vh)))
        record('svd', (a,), s, (grad,))
    return s


def _check_bool(value, argument, default=False):
    """A bool attr as TF's op wrapper reads it: None is its default; a string, number or array is refused,
    not read as truthy."""
    if value is None:
        return default
    if type(value) is not bool:
        raise TypeError("Expected bool for argument '%s' not %r." % (argument, value))
    return value


@named_errors('svd', passes_name=True)
def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """The singular values s (descending) of each matrix, and with ``compute_uv`` the
    singular vectors: ``(s, u, v)`` with tensor = u @ diag(s) @ adjoint(v).

    Raises:
        InvalidArgumentError: a tensor of rank < 2 or not floating/complex.
    """
    # (TF's Python tests compute_uv for truth, so None returns s alone)
    compute_uv = _check_bool(compute_uv, 'compute_uv')
    full_matrices = _check_bool(full_matrices, 'full_matrices')
    a = refuse_missing(matrices(tensor, 'svd', square=False), 'Svd', 'svd', ', compute_uv=%s, full_matrices=%s'
                       % (str(bool(compute_uv)).lower(), str(full_matrices).lower()))
    if a._data.dtype.kind == 'c':
        xp = backend.array_module(a._data)
        if not compute_uv:
            return _complex_singular_values(a, xp, bool(full_matrices))
        from . import complex_svd
        return complex_svd.svd(a, bool(full_matrices))
    dec = _decompositions()
    if not compute_uv:
        return _nan_where_not_finite(a, lambda x: dec.svd(x, compute_uv=False))
    u, s, vt = _nan_where_not_finite(a, lambda x: dec.svd(x, full_matrices=bool(full_matrices)))
    return s, u, matrix_transpose(vt)


@named_errors('qr', passes_name=True)
def qr(input, full_matrices=False, name=None):  # noqa: A002
    """``(q, r)`` with input = q @ r, q's columns orthonormal and r upper triangular
    (q is (..., M, M) and r (..., M, N) with ``full_matrices``, else K = min(M, N) wide).
    Gradients flow except for M > N with ``full_matrices``, as in TensorFlow. TF's ``Qr`` namedtuple."""
    full_matrices = _check_bool(full_matrices, 'full_matrices')
    return Qr(*_qr(matrices(input, 'qr', square=False), full_matrices))


def _qr(a, full_matrices):
    if a._data.dtype == np.float16:     # TF 2.21 has a half Qr kernel; numpy's linalg has none
        from .shapes import stop_gradient
        q, r = (cast(t, 'float16') for t in _qr(cast(stop_gradient(a), 'float32'), full_matrices))
        if not ACTIVE:
            return q, r
        # (its gradient has no half kernel for its triangular solve: keras.ops.qr's rule)
        return _decompositions()._half_qr_without_gradient(a, q, r, full_matrices and a.shape[-2] > a.shape[-1])
    if a._data.dtype.kind == 'c':
        from . import complex_qr
        return complex_qr.qr(a, full_matrices)
    if a.shape[-2] < a.shape[-1]:
        return _nan_where_not_finite(a, _wide_qr)
    return _nan_where_not_finite(a, lambda x: _decompositions().qr(x, mode='complete' if full_matrices else 'reduced'))


def _wide_qr(a):
    """QR of a wide [X, Y] (X square): Householder steps see only X, so Q = qr(X).q and
    R = [qr(X).r, Q^T Y]. Composed this way the gradient is TensorFlow's wide-matrix rule."""
    m = a.shape[-2]
    q, r_square = _decompositions().qr(a[..., :m], mode='reduced')
    return q, concat([r_square, matmul(q, a[..., m:], transpose_a=True)], -1)


@tf_named('self_adjoint_eig')
@named_errors('eigh', passes_name=True)
def eigh(tensor, name=None):
    """``(e, v)``: the eigenvalues of each self-adjoint matrix in ascending order and its
    eigenvectors as columns. Only the lower triangle is read, as in TensorFlow."""
    a = refuse_missing(matrices(tensor, 'eigh'), 'SelfAdjointEigV2', 'eigh', ', compute_v=true')
    if a._data.dtype.kind == 'c':
        from . import complex_eigh
        return complex_eigh.eigh(a)
    xp = backend.array_module(a._data)
    if not bool(xp.isfinite(a._data).all()):
        lower = xp.tril(a._data)
        if bool(xp.isnan(lower).any()):         # Eigen's solver does not converge: TF's kernel error
            raise kernel_error('SelfAdjointEigV2', 'Self-adjoint eigen decomposition was not successful. The input '
                               'might not be valid.', named=True,
                               note='eigh: a matrix of shape %s holds NaN in its lower triangle, the part TF reads'
                                    % (tuple(a.shape),))
        if bool(xp.isfinite(lower).all()):      # NaN / inf above the diagonal only: never read
            return _decompositions().eigh(a)
    return _nan_where_not_finite(a, _decompositions().eigh)


@tf_named('self_adjoint_eigvals')
@named_errors('eigvalsh', passes_name=True)
def eigvalsh(tensor, name=None):
    """The eigenvalues of each self-adjoint matrix, ascending (eigh's first output)."""
    refuse_missing(matrices(tensor, 'eigvalsh'), 'SelfAdjointEigV2', 'eigvalsh', ', compute_v=false')
    return eigh(tensor)[0]


@named_errors('eig')
def eig(tensor, name=None):
    """``(e, v)``: the complex eigenvalues and unit eigenvectors of each square matrix
    (complex64 for float32 input, complex128 for float64), with TensorFlow's Eig gradient."""
    a = matrices(tensor, 'eig')
    return _nan_where_not_finite(a, _decompositions().eig)


@named_errors('eigvals')
def eigvals(tensor, name=None):
    """The complex eigenvalues of each square matrix (eig's first output)."""
    return eig(tensor)[0]


@named_errors('lu', passes_name=True)
def lu(input, output_idx_type='int32', name=None):  # noqa: A002
    """``Lu(lu, p)``: lu packs L (unit diagonal, below) and U (on and above) with
    input[..., p, :] = L @ U, by partial pivoting as TensorFlow's Lu kernel; p has
    ``output_idx_type`` (int32 or int64). TensorFlow registers no gradient for Lu: one reaching it
    raises its LookupError."""
    # TF reads the type attribute first (its TypeError before the input's errors), checks it against the
    # registry after the input's T
    index_type, named = type_attribute(output_idx_type, 'output_idx_type', dtypes.int32)
    a = matrices(input, 'lu')       # (complex too: TF registers Lu for complex64 / complex128)
    refuse_out_dtype('Lu', index_type.name, named, 'lu', _LU_SIGNATURE, ('int32', 'int64'), 'output_idx_type')
    index_dtype = np.dtype(index_type.as_numpy_dtype)
    refuse_missing(a, 'Lu', 'lu', ', output_idx_type=DT_%s' % index_dtype.name.upper())
    from .unregistered_gradient import without_gradient
    factors = []

    def packed_factors(m):
        # (the elimination runs on the host as Eigen's does: an infinite entry computes on, IEEE's inf and NaN
        # as TF's; a NaN one is masked, whose pivot search numpy's argmax would not make as Eigen's)
        packed, inverse_order = _nan_where_not_finite(m, _decompositions().lu_packed, lambda v: ~np.isnan(v))
        factors.append(inverse_order)
        return packed
    packed = without_gradient('Lu', packed_factors, a)
    pivots = np.diagonal(backend.to_host(packed._data), axis1=-2, axis2=-1)
    host = backend.to_host(a._data)
    # (an infinite but NaN-free matrix: TF 2.21 gives its NaN pivots without the error)
    infinite = np.isinf(host).any(axis=(-2, -1)) & ~np.isnan(host).any(axis=(-2, -1))
    if not ((np.abs(pivots) > 0).all(axis=-1) | infinite).all():     # the Lu kernel's check: a zero or NaN pivot
        raise kernel_error('Lu', 'Input is not invertible.', named=fast_path(input),
                           note='lu: a matrix of shape %s has a zero or NaN pivot (it is singular)' % (tuple(a.shape),))
    inverse_order = factors[0]
    order = np.argsort(backend.to_host(inverse_order._data), axis=-1).astype(index_dtype)
    return Lu(packed, Tensor(backend.array_module(packed._data).asarray(order)))



@named_errors('eigh_tridiagonal')
def eigh_tridiagonal(alpha, beta, eigvals_only=True, select='a', select_range=None, tol=None, name=None):
    """The eigenvalues (ascending) of the symmetric tridiagonal matrix with diagonal ``alpha`` (n,)
    and off-diagonal ``beta`` (n-1,), and with ``eigvals_only=False`` its eigenvectors as columns.

    ``select``: 'a' all, 'v' those in (select_range[0], select_range[1]], 'i' those with indices
    select_range[0]..select_range[1]. Computed through the dense matrix's eigh (``tol`` is unused),
    so gradients are eigh's; TensorFlow's bisection gives other, not meaningful, gradients.
    """
    if select not in ('a', 'v', 'i'):
        raise ValueError("eigh_tridiagonal: select must have a value in {'a', 'i', 'v'}, got %r" % (select,))
    from .matrix_parts import diag
    from .operands import as_float_tensor, as_tensor
    alpha, beta = as_tensor(alpha, 'eigh_tridiagonal'), as_tensor(beta, 'eigh_tridiagonal')
    if alpha.ndim and alpha.shape[0] > 1 and alpha.dtype != beta.dtype:
        # TF 2.21 compares the dtypes before any other check of alpha (n > 1; n <= 1 returns real(alpha))
        raise noted(ValueError("'alpha' and 'beta' must have the same type."),
                    'eigh_tridiagonal: alpha is %s, beta %s; cast one to the other' % (alpha.dtype.name, beta.dtype.name))
    a, b = as_float_tensor(alpha, 'eigh_tridiagonal'), as_float_tensor(beta, 'eigh_tridiagonal')
    if a.ndim != 1 or b.ndim != 1 or b.shape[0] != max(a.shape[0] - 1, 0) or a.dtype != b.dtype:
        raise InvalidArgumentError('eigh_tridiagonal: alpha must be (n,) and beta (n - 1,) of one dtype, got %s %s '
                                   'and %s %s' % (a.dtype.name, tuple(a.shape), b.dtype.name, tuple(b.shape)))
    xp = backend.array_module(a._data)
    if bool(xp.isfinite(a._data).all()) and bool(xp.isfinite(b._data).all()):
        dense = diag(a) + diag(b, k=1) + diag(b, k=-1) if a.shape[0] > 1 else diag(a)
        values, vectors = eigh(dense)
    else:
        # TF's bisection runs on NaN and inf and answers NaN; the dense eigh would refuse them (SelfAdjointEigV2)
        n = a.shape[0]
        values, vectors = Tensor(xp.full((n,), np.nan, a._data.dtype)), Tensor(xp.full((n, n), np.nan, a._data.dtype))
    keep = slice(None)
    if select == 'i':
        keep = slice(int(select_range[0]), int(select_range[1]) + 1)
    elif select == 'v':
        host = backend.to_host(values._data)
        chosen = np.nonzero((host > float(select_range[0])) & (host <= float(select_range[1])))[0]
        keep = slice(int(chosen[0]), int(chosen[-1]) + 1) if chosen.size else slice(0, 0)
    values, vectors = values[keep], vectors[:, keep]
    return values if eigvals_only else (values, vectors)
