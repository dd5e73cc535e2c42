"""tf.linalg's structured solves: triangular_solve, cholesky_solve, banded_triangular_solve,
tridiagonal_solve / tridiagonal_matmul, lstsq.

Each builds the dense matrix its structure describes and calls ``solve`` or
``matmul``, so the gradients (for the matrix, the bands or diagonals, and the rhs)
are those ops' rules, and only the entries TensorFlow reads receive one. A small
triangular_solve is TF's own kernel order and gradient rule (eigen_triangular_solve.py).
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import Tensor
from .linalg import matmul
from .graph_input_errors import eager_input_error
from .linalg_checks import matrices, rhs_rows, same_dtype
from .matrix_ops import broadcast_solve, shared_rule
from .missing_kernels import refuse_missing
from .matrix_parts import band_part, diag, diag_part, matrix_transpose
from . import eigen_triangular_solve
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .shapes import broadcast_to, expand_dims, pad, squeeze
from .tridiagonal_kernel import tridiagonal_solve_compact
from ..tf_python_names import tf_named


@tf_named('matrix_triangular_solve')
@named_errors('triangular_solve')
def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    """X with ``T @ X = rhs`` (``adjoint(T) @ X`` with ``adjoint``), T the lower (``lower``) or upper
    triangle of each matrix; the other triangle is not read. Batch axes broadcast.

    Raises:
        InvalidArgumentError: non-square matrices, or a rhs whose rows differ.
    """
    given = as_tensor(matrix, 'triangular_solve')
    attrs = ', adjoint=%s, lower=%s' % (str(bool(adjoint)).lower(), str(bool(lower)).lower())
    if given.dtype.name == 'bfloat16':      # its registry takes bfloat16, no CPU kernel does: TF's NotFoundError
        refuse_missing(given, 'MatrixTriangularSolve', 'triangular_solve', attrs)
    a = matrices(given, 'triangular_solve')
    refuse_missing(a, 'MatrixTriangularSolve', 'triangular_solve', attrs)
    # a numpy array or list rhs takes the matrix's dtype, as eager TF converts the op's inputs
    b = as_float_tensor(rhs, 'triangular_solve') if isinstance(rhs, Tensor) else as_tensor(rhs, 'triangular_solve', a.dtype)
    if b.dtype != a.dtype:
        raise noted(eager_input_error('MatrixTriangularSolve', 1, a.dtype, b.dtype),
                    'triangular_solve: both operands need one dtype, got %s and %s' % (a.dtype.name, b.dtype.name))
    if b.ndim < 2:
        raise kernel_error('MatrixTriangularSolve', 'In[1] ndims must be >= 2: %d' % b.ndim, named=True,
                           note='triangular_solve: rhs must have rank >= 2 (..., M, K), got shape %s; use '
                                'expand_dims(rhs, -1) for a vector' % (tuple(b.shape),))
    if b.shape[-2] != a.shape[-2]:      # the kernel's words (its flags printed as 1 / 0)
        raise kernel_error('MatrixTriangularSolve', 'In[0] mismatch In[1] shape: %d vs. %d: [%s] [%s] %d %d'
                           % (a.shape[-2], b.shape[-2], ','.join(map(str, a.shape)), ','.join(map(str, b.shape)),
                              bool(lower), bool(adjoint)), named=True,
                           note='triangular_solve: matrix of shape %s and rhs of shape %s disagree in M (%d vs. %d)'
                                % (tuple(a.shape), tuple(b.shape), a.shape[-2], b.shape[-2]))
    rhs_rows(a, b, 'triangular_solve')
    if eigen_triangular_solve.handles(a._data, b._data):
        return _small_triangular_solve(a, b, bool(lower), bool(adjoint))
    triangle = band_part(a, -1, 0) if lower else band_part(a, 0, -1)
    return _solve_or_nan(triangle, b, adjoint)


def _small_triangular_solve(a, b, lower, adjoint):
    """TF's kernel order (eigen_triangular_solve.py) and TF's gradient rule, _MatrixTriangularSolveGrad."""
    t = a._data
    if adjoint:         # the adjoint of a lower triangle is an upper one
        t = np.swapaxes(t, -1, -2).conj()
    out = Tensor(eigen_triangular_solve.solve(t, b._data, lower != adjoint))
    if ACTIVE:
        rhs_grad = shared_rule(lambda g, a: triangular_solve(a, g, lower=lower, adjoint=not adjoint))

        def grad_a(g, c, a, b):
            grad_b = rhs_grad(g, a)
            product = matmul(c, grad_b, transpose_b=True) if adjoint else matmul(grad_b, c, transpose_b=True)
            return band_part(-product, -1, 0) if lower else band_part(-product, 0, -1)
        record('triangular_solve', (a, b), out, (grad_a, lambda g, c, a, b: rhs_grad(g, a)))
    return out


@named_errors('cholesky_solve')
def cholesky_solve(chol, rhs, name=None):
    """X with ``A @ X = rhs`` given A's Cholesky factor ``chol`` (lower, A = chol @ adjoint(chol))."""
    l = matrices(chol, 'cholesky_solve')
    b = as_float_tensor(rhs, 'cholesky_solve')
    # (the rhs's checks are the first triangular solve's: TF's errors name MatrixTriangularSolve)
    return triangular_solve(l, triangular_solve(l, b), adjoint=True)


def _banded_kernel_checks(b, x, lower, adjoint, op):
    """BandedTriangularSolve's own checks, in its order and words: the ranks, the batch axes, then M."""
    sentence = ('%s: bands (..., K, M) and rhs (..., M, N) must agree in M, got shapes %s and %s'
                % (op, tuple(b.shape), tuple(x.shape)))
    for index, t in enumerate((b, x)):
        if t.ndim < 2:
            raise kernel_error('BandedTriangularSolve', 'In[%d] ndims must be >= 2: %d' % (index, t.ndim), named=True,
                               note=sentence)
    dims = [','.join(map(str, t.shape)) for t in (b, x)]
    try:
        np.broadcast_shapes(tuple(b.shape[:-2]), tuple(x.shape[:-2]))
    except ValueError:
        raise kernel_error('BandedTriangularSolve', 'In[0] and In[1] must have compatible batch dimensions: [%s] vs. '
                           '[%s]' % tuple(dims), named=True, note=sentence) from None
    if b.shape[-1] != x.shape[-2]:      # (its flags printed as 1 / 0)
        raise kernel_error('BandedTriangularSolve', 'In[0] mismatch In[1] shape: %d vs. %d: [%s] [%s] %d %d'
                           % (b.shape[-1], x.shape[-2], dims[0], dims[1], bool(lower), bool(adjoint)), named=True,
                           note=sentence)


@named_errors('banded_triangular_solve')
def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """X with ``T @ X = rhs`` for the triangular band matrices T described by ``bands`` (..., K, M).

    With ``lower``, row k of bands holds the k-th subdiagonal (row 0 the diagonal):
    T[j, j - k] = bands[k, j]. Otherwise row K-1-k holds the k-th superdiagonal
    (the last row the diagonal): T[j, j + k] = bands[K-1-k, j]. Entries outside T are ignored.
    """
    op = 'banded_triangular_solve'
    b = as_tensor(bands, op)
    # a numpy array or list rhs takes the bands' dtype, as eager TF converts the op's inputs
    x = as_float_tensor(rhs, op) if isinstance(rhs, Tensor) else as_tensor(rhs, op, b.dtype)
    if x.dtype != b.dtype and b._data.dtype.kind in 'fc':
        raise noted(eager_input_error('BandedTriangularSolve', 1, b.dtype, x.dtype),
                    '%s: both operands need one dtype, got %s and %s' % (op, b.dtype.name, x.dtype.name))
    _banded_kernel_checks(b, x, lower, adjoint, op)
    same_dtype(b, x, op)
    k_bands, m = b.shape[-2], b.shape[-1]
    if not 1 <= k_bands <= m:
        raise InvalidArgumentError('%s: bands of shape %s: need 1 to %d bands for matrices of size %d'
                                   % (op, tuple(b.shape), m, m))
    parts = []
    for k in range(k_bands):
        if lower:
            parts.append(diag(b[..., k, k:], k=-k) if k else diag(b[..., 0, :]))
        else:
            row = b[..., k_bands - 1 - k, :m - k]
            parts.append(diag(row, k=k) if k else diag(row))
    dense = parts[0]
    for part in parts[1:]:
        dense = dense + part
    return _solve_or_nan(dense, x, adjoint)


def _solve_or_nan(matrix, rhs, adjoint=False):
    """solve(matrix, rhs); NaN where NaN or Inf in the input stop LAPACK, as TensorFlow computes on
    (its substitutions give NaN). Singular finite matrices still raise."""
    try:
        return broadcast_solve(matrix, rhs, adjoint=adjoint)
    except InvalidArgumentError:
        xp = backend.array_module(matrix._data)
        if bool(xp.isfinite(matrix._data).all()) and bool(xp.isfinite(rhs._data).all()):
            raise
        shape = np.broadcast_shapes(tuple(matrix.shape[:-2]), tuple(rhs.shape[:-2])) + tuple(rhs.shape[-2:])
        return Tensor(xp.full(shape, np.nan, rhs._data.dtype))


def _tridiagonal_matrix(diagonals, diagonals_format, m_from_rhs, op):
    """The dense (..., M, M) matrix for ``diagonals`` in TensorFlow's three formats."""
    if diagonals_format == 'matrix':
        return matrices(diagonals, op)
    superdiag, maindiag, subdiag = _three_diagonals(diagonals, diagonals_format, m_from_rhs, op)
    m = maindiag.shape[-1]
    if m == 1:
        # no off-diagonal entries: diag(k=1) of nothing has a gradient diag_part refuses; the empty sums keep
        # the off-diagonals connected, with the zero gradients TF's TridiagonalMatMul rule gives them
        from .reductions import reduce_sum
        return diag(maindiag + (reduce_sum(superdiag[..., :0], -1) + reduce_sum(subdiag[..., :0], -1))[..., None])
    return diag(maindiag) + diag(superdiag[..., :m - 1], k=1) + diag(subdiag[..., 1:], k=-1)


def _three_diagonals(diagonals, diagonals_format, m_from_rhs, op):
    """(superdiagonal, diagonal, subdiagonal), each (..., M), of 'compact' or 'sequence' diagonals, checked."""
    if diagonals_format == 'sequence':
        if not isinstance(diagonals, (list, tuple)) or len(diagonals) != 3:
            raise ValueError('%s: diagonals_format="sequence" needs a tuple (superdiag, maindiag, subdiag)' % op)
        superdiag, maindiag, subdiag = (as_float_tensor(d, op) for d in diagonals)
        m = maindiag.shape[-1]
        # TensorFlow pads an off-diagonal of M - 1 entries: the superdiagonal at its end, the subdiagonal at its start
        if superdiag.ndim and superdiag.shape[-1] == m - 1:
            superdiag = pad(superdiag, [[0, 0]] * (superdiag.ndim - 1) + [[0, 1]])
        if subdiag.ndim and subdiag.shape[-1] == m - 1:
            subdiag = pad(subdiag, [[0, 0]] * (subdiag.ndim - 1) + [[1, 0]])
    elif diagonals_format == 'compact':
        d = as_float_tensor(diagonals, op)
        if d.ndim < 2 or d.shape[-2] != 3:
            raise ValueError('%s: compact diagonals must have shape (..., 3, M), got %s' % (op, tuple(d.shape)))
        superdiag, maindiag, subdiag = d[..., 0, :], d[..., 1, :], d[..., 2, :]
    else:
        raise ValueError("%s: diagonals_format must be 'compact', 'sequence' or 'matrix', got %r"
                         % (op, diagonals_format))
    m = maindiag.shape[-1]
    if superdiag.shape != maindiag.shape or subdiag.shape != maindiag.shape:
        raise InvalidArgumentError('%s: the three diagonals must share one shape, got %s, %s and %s'
                                   % (op, tuple(superdiag.shape), tuple(maindiag.shape), tuple(subdiag.shape)))
    if m != m_from_rhs:
        raise ValueError('%s: expected number of left-hand sides and right-hand sides to be equal, got %d and %d'
                         % (op, m, m_from_rhs))
    return superdiag, maindiag, subdiag


def _compact(diagonals, diagonals_format, m_from_rhs, op):
    """The (..., 3, M) compact diagonals TensorFlow's wrapper hands its kernel, from any of the formats."""
    from .shapes import stack
    if diagonals_format == 'matrix':
        t = matrices(diagonals, op)
        if t.shape[-1] != m_from_rhs:
            raise ValueError('%s: expected number of left-hand sides and right-hand sides to be equal, got %d and %d'
                             % (op, t.shape[-1], m_from_rhs))
        return diag_part(t, k=(-1, 1), padding_value=0., align='LEFT_RIGHT')
    if diagonals_format == 'compact':
        d = as_float_tensor(diagonals, op)
        if d.ndim >= 2 and d.shape[-2] == 3 and d.shape[-1] == m_from_rhs:
            return d
    return stack(_three_diagonals(diagonals, diagonals_format, m_from_rhs, op), axis=-2)


def _batch_rank(diagonals, diagonals_format, op):
    """How many batch axes the diagonals have (a rhs with one more is a batch of vectors)."""
    if diagonals_format == 'sequence' and isinstance(diagonals, (list, tuple)) and diagonals:
        return as_tensor(diagonals[0], op).ndim - 1
    return as_tensor(diagonals, op).ndim - 2


@named_errors('tridiagonal_solve')
def tridiagonal_solve(diagonals, rhs, diagonals_format='compact', transpose_rhs=False, conjugate_rhs=False,
                      name=None, partial_pivoting=True, perturb_singular=False):
    """X with ``T @ X = rhs`` for tridiagonal T given by ``diagonals``: 'compact' (..., 3, M) rows
    (superdiagonal, its last entry unused; diagonal; subdiagonal, its first unused), 'sequence' a
    tuple of those three (..., M) tensors, or 'matrix' (..., M, M) of which only the three diagonals
    are read. rhs is (..., M, K), (..., M), or (..., K, M) with ``transpose_rhs``; X is (..., M, K)
    or (..., M). Real systems are solved as TensorFlow's kernel solves them (tridiagonal_kernel.py: dgtsv's
    pivoting, or the Thomas algorithm without ``partial_pivoting``; NaN for a singular one); complex ones,
    and ``perturb_singular``, by LAPACK's pivoted LU.

    Raises:
        InvalidArgumentError: a singular complex system.
    """
    op = 'tridiagonal_solve'
    b = as_float_tensor(rhs, op)
    if b.ndim < 1:
        raise InvalidArgumentError('%s: rhs must be (..., M, K) or (..., M), got a scalar' % op)
    if conjugate_rhs and b._data.dtype.kind == 'c':
        from .complex_parts import conj
        b = conj(b)
    vector = not transpose_rhs and b.ndim == _batch_rank(diagonals, diagonals_format, op) + 1
    if transpose_rhs:
        b = matrix_transpose(b)
    elif vector:
        b = expand_dims(b, -1)
    if b._data.dtype.kind == 'f' and not perturb_singular:      # TensorFlow's kernel, in the inputs' dtype
        d = _compact(diagonals, diagonals_format, b.shape[-2], op)
        same_dtype(d, b, op)
        batch = list(np.broadcast_shapes(tuple(d.shape[:-2]), tuple(b.shape[:-2])))
        d, b = broadcast_to(d, batch + list(d.shape[-2:])), broadcast_to(b, batch + list(b.shape[-2:]))
        x = tridiagonal_solve_compact(d, b, partial_pivoting)
        return squeeze(x, -1) if vector else x
    t = _tridiagonal_matrix(diagonals, diagonals_format, b.shape[-2], op)
    if diagonals_format == 'matrix':
        t = band_part(t, 1, 1)
        if t.shape[-1] != b.shape[-2]:
            raise ValueError('%s: expected number of left-hand sides and right-hand sides to be equal, got %d and %d'
                             % (op, t.shape[-1], b.shape[-2]))
    same_dtype(t, b, op)
    x = _solve_or_nan(t, b)
    return squeeze(x, -1) if vector else x


@named_errors('tridiagonal_matmul')
def tridiagonal_matmul(diagonals, rhs, diagonals_format='compact', name=None):
    """T @ rhs for the tridiagonal matrices T given by ``diagonals`` (formats as tridiagonal_solve);
    rhs is (..., M, N)."""
    op = 'tridiagonal_matmul'
    b = as_float_tensor(rhs, op)
    if b.ndim < 2:
        raise InvalidArgumentError('%s: rhs must be (..., M, N), got shape %s' % (op, tuple(b.shape)))
    if diagonals_format == 'compact' and np.ndim(diagonals) != b.ndim:      # TridiagonalMatMul broadcasts nothing
        raise kernel_error('TridiagonalMatMul', 'All input tensors must have the same rank.', named=True,
                           note='%s: diagonals of shape %s and rhs of shape %s need the same batch axes'
                           % (op, tuple(np.shape(diagonals)), tuple(b.shape)))
    try:
        t = _tridiagonal_matrix(diagonals, diagonals_format, b.shape[-2], op)
    except ValueError as err:
        raise InvalidArgumentError(str(err)) from None
    if diagonals_format == 'matrix':
        if t.shape[-1] == 1:        # TF reads the three diagonals with diag_part(k=(-1, 1)), which a 1 x 1 refuses
            raise kernel_error('MatrixDiagPartV3', 'lower_diag_index is out of bound: -1. It must be between -1 and 1',
                               note='%s: a 1 x 1 matrix has no off-diagonals to read in diagonals_format="matrix"; '
                                    'pass its diagonals in the "compact" format' % op)
        t = band_part(t, 1, 1)
    same_dtype(t, b, op)
    return matmul(t, b)


@tf_named('matrix_solve_ls')
@named_errors('lstsq')
def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """The (regularized) least-squares solution X of ``matrix @ X = rhs``, (..., N, K) for a
    matrix (..., M, N) and rhs (..., M, K).

    ``fast`` (TensorFlow's default) solves the normal equations by Cholesky:
    X = (A^T A + l2 I)^-1 A^T B when M >= N, else A^T (A A^T + l2 I)^-1 B. With
    ``fast=False`` X is the minimum-norm solution (from the SVD) and ``l2_regularizer`` is
    ignored, as TensorFlow's complete orthogonal decomposition path does.

    Raises:
        InvalidArgumentError: a rhs of rank < 2 or with other rows than the matrix.
    """
    op = 'lstsq'
    a = matrices(matrix, op, square=False)
    if a._data.dtype == np.complex128 and bool(l2_regularizer != 0):       # TF's check, in its words
        raise NotImplementedError('matrix_solve_ls is currently disabled for complex128 and l2_regularizer != 0 '
                                  'due to poor accuracy.')
    if not isinstance(rhs, Tensor):     # TF converts the rhs with the matrix's dtype (a numpy float64 rhs too)
        rhs = as_tensor(rhs, op, a.dtype)
    b = as_float_tensor(rhs, op)
    m, n = a.shape[-2], a.shape[-1]
    if not fast:
        _solve_ls_checks(a, b)
        from .linalg_matrix_functions import pinv
        from .unregistered_gradient import without_gradient
        # TF's MatrixSolveLs gradient refuses fast=False when a gradient reaches it
        return without_gradient('MatrixSolveLs', lambda a, b: matmul(_minimum_norm_inverse(a, pinv), b), a, b,
                                error=lambda: ValueError('Gradient not defined for fast=False'))
    from .cholesky import cholesky
    from .creation import eye
    l2 = as_float_tensor(l2_regularizer, op) if not isinstance(l2_regularizer, (int, float)) else l2_regularizer
    # adjoints: the conjugate transposes of complex matrices (MatrixSolveLs takes complex64 / complex128 too)
    # TF's composite path: the rhs's errors are MatMul's (M >= N) or MatrixTriangularSolve's (M < N)
    if m >= n:
        gram = matmul(a, a, adjoint_a=True) + l2 * eye(n, dtype=a.dtype)
        return cholesky_solve(cholesky(gram), matmul(a, b, adjoint_a=True))
    gram = matmul(a, a, adjoint_b=True) + l2 * eye(m, dtype=a.dtype)
    return matmul(a, cholesky_solve(cholesky(gram), b), adjoint_a=True)


def _minimum_norm_inverse(a, pinv):
    """The pseudo-inverse MatrixSolveLs's fast=False path amounts to. tf.linalg.pinv refuses complex matrices,
    which the kernel takes (complete orthogonal decomposition): LAPACK's pseudo-inverse for those."""
    if a._data.dtype.kind != 'c':
        return pinv(a, rcond=None)
    xp = backend.array_module(a._data)
    if a._data.size == 0:
        return Tensor(xp.zeros(a.shape[:-2] + (a.shape[-1], a.shape[-2]), a._data.dtype))
    return Tensor(xp.linalg.pinv(a._data).astype(a._data.dtype))


def _solve_ls_checks(a, b):
    """MatrixSolveLs's checks (lstsq with fast=False), in its order and words."""
    if b.dtype != a.dtype:
        raise noted(eager_input_error('MatrixSolveLs', 1, a.dtype, b.dtype),
                    'lstsq: both operands need one dtype, got %s and %s' % (a.dtype.name, b.dtype.name))
    if b.ndim != a.ndim:
        raise kernel_error('MatrixSolveLs', 'All input tensors must have the same rank.', named=True,
                           note='lstsq: matrix of shape %s and rhs of shape %s: rhs must be (..., M, K)'
                                % (tuple(a.shape), tuple(b.shape)))
    if b.shape[-2] != a.shape[-2]:
        raise kernel_error('MatrixSolveLs', 'Input matrix and rhs are incompatible.', named=True,
                           note='lstsq: matrix of shape %s and rhs of shape %s disagree in M (%d vs. %d)'
                                % (tuple(a.shape), tuple(b.shape), a.shape[-2], b.shape[-2]))
