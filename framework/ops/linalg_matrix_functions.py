"""Functions of square matrices: expm, sqrtm, logm, logdet; and pinv, matrix_rank.

expm is Higham's scaling and squaring with Pade approximants (SIAM J. Matrix Anal.
Appl. 26, 2005), the method and degree thresholds TensorFlow uses, written with
tapeflow's ops so that its gradient is the composition's. sqrtm's value comes from
the scaled Denman-Beavers iteration and its gradient from the Sylvester equation
Y^T G_A + G_A Y^T = G (Y = sqrtm(A)), solved through Y's eigenvectors on raw arrays (it needs a
diagonalizable Y), or, where a tape records the sweep (second derivatives), as TensorFlow solves it:
one n*n linear system of tapeflow's ops. logm (complex input only, as in
TensorFlow) uses the eigendecomposition and has no gradient, as in TensorFlow.
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .linalg import matmul
from .shapes import reshape
from .matrix_parts import matrix_transpose
from .missing_kernels import refuse_missing, refuse_unregistered
from .linalg_checks import matrices
from .linalg_decompositions import _nan_where_not_finite
from .matrix_ops import solve
from .operands import ACTIVE, as_tensor, named_errors, record
from .graph_input_errors import kernel_dtype_name
from .reductions import reduce_max, reduce_sum
from .selection import where
from .unary import abs as _abs
from .unregistered_gradient import without_gradient
from ..tf_python_names import tf_named

# Pade numerator coefficients b_0..b_d of exp for the degrees TensorFlow uses.
_PADE = {
    3: (120., 60., 12., 1.),
    5: (30240., 15120., 3360., 420., 30., 1.),
    7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
    9: (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160., 110880., 3960., 90., 1.),
    13: (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
         10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.),
}
# (largest 1-norm for each lower degree, the degree used with scaling above them, theta of that degree)
_DEGREES = {
    'single': ((0.4258730016922831, 1.880152677804762), (3, 5), 7, 3.925724783138660),
    'double': ((1.495585217958292e-2, 2.539398330063230e-1, 9.504178996162932e-1, 2.097847961257068),
               (3, 5, 7, 9), 13, 5.371920351148152),
}


def _pade(a, degree):
    """(U, V) with exp(a) ~ (V - U)^-1 (V + U): U holds the odd powers, V the even ones, summed as TensorFlow's
    _matrix_exp_pade3..13 write them (highest power first, left to right; degree 13 through two products by A^6):
    an ascending loop rounded differently (expm(3 * randn(3, 3)) was 9 of 9 float32 values up to 5e-6 off)."""
    b = _PADE[degree]
    eye = Tensor(backend.array_module(a._data).eye(a.shape[-1], dtype=a._data.dtype))
    powers = {0: eye, 2: matmul(a, a)}
    for k in range(4, min(degree, 7) + 1, 2):
        powers[k] = matmul(powers[k - 2], powers[2])
    if degree == 13:
        tmp_u = matmul(powers[6], powers[6] + b[11] * powers[4] + b[9] * powers[2])
        tmp_v = b[12] * powers[6] + b[10] * powers[4] + b[8] * powers[2]
        odd, even = tmp_u, matmul(powers[6], tmp_v)
        for k in (6, 4, 2, 0):
            odd, even = odd + b[k + 1] * powers[k], even + b[k] * powers[k]
        return matmul(a, odd), even
    top = degree - 1
    if top == 8:
        powers[8] = matmul(powers[6], powers[2])
    odd, even = powers[top], b[top] * powers[top]
    for k in range(top - 2, -1, -2):
        odd, even = odd + b[k + 1] * powers[k], even + b[k] * powers[k]
    return matmul(a, odd), even


@tf_named('matrix_exponential')
@named_errors('expm')
def expm(input, name=None):  # noqa: A002
    """The matrix exponential of each square matrix (TensorFlow's Pade degrees and scaling)."""
    from .operands import as_tensor
    given = as_tensor(input, 'expm')
    if tuple(given.shape[-2:]) == (0, 0):       # TF 2.21 returns empty matrices as given, of any dtype
        return given
    if given.dtype.name not in ('float16', 'float32', 'float64', 'complex64', 'complex128'):
        # TF 2.21 takes the l1 norm first: Abs refuses strings, bools and unsigned ints in its registry's words;
        # its Python check of the dtype comes after
        _abs(given)
        raise ValueError('tf.linalg.expm does not support matrices of type %s' % (given.dtype,))
    a = matrices(given, 'expm')
    if a.shape[-1] == 0:
        return a
    dtype = a._data.dtype
    thresholds, degrees, top, theta = _DEGREES['double' if dtype in (np.float64, np.complex128) else 'single']
    l1 = reduce_max(reduce_sum(_abs(a), -2), -1, keepdims=True)[..., None]
    l1_host = backend.to_host(l1._data).real
    if not np.all(np.isfinite(l1_host)):
        return Tensor(backend.array_module(a._data).full(a.shape, np.nan, dtype))
    squarings = np.maximum(np.floor(np.log(l1_host / theta) / np.log(2.0)), 0)
    scaled = a / Tensor(backend.array_module(a._data).asarray((2.0 ** squarings).astype(dtype)))
    u, v = _pade(scaled, top)
    for limit, degree in reversed(list(zip(thresholds, degrees))):
        below = Tensor(backend.array_module(a._data).asarray(l1_host < limit))
        if bool(np.any(l1_host < limit)):
            u_d, v_d = _pade(a, degree)
            u, v = where(below, u_d, u), where(below, v_d, v)
    result = solve(v - u, u + v)
    for i in range(int(squarings.max(initial=0))):
        more = Tensor(backend.array_module(a._data).asarray(i < squarings))
        result = where(more, matmul(result, result), result)
    return result


def _sqrtm_array(a):
    """Scaled Denman-Beavers iteration in float64 (complex128): Y -> sqrt(a), Z -> its inverse."""
    n = a.shape[-1]
    y = a.astype(np.complex128 if a.dtype.kind == 'c' else np.float64)
    z = np.broadcast_to(np.eye(n), y.shape).astype(y.dtype)
    for _ in range(100):
        scale = np.abs(np.linalg.det(y) * np.linalg.det(z)) ** (-1.0 / (2 * n))
        scale = scale[..., None, None]
        y_next = 0.5 * (scale * y + np.linalg.inv(scale * z))
        z = 0.5 * (scale * z + np.linalg.inv(scale * y))
        done = np.max(np.abs(y_next - y)) <= 1e-15 * max(np.max(np.abs(y_next)), 1e-300)
        y = y_next
        if done:
            break
    return y


def _sqrtm_by_matrix(host):
    """Each matrix's root: the Denman-Beavers iteration where no eigenvalue lies on the closed negative real
    axis (it converges to the principal root there), else what TF's Schur method (Eigen's MatrixSquareRoot)
    gives: NaN everywhere for a real matrix with a negative eigenvalue (the NaN of its 1x1 Schur block spreads
    through the Schur vectors), and for a repeated zero eigenvalue (0 / (0 + 0) off the diagonal); the
    principal root from the eigendecomposition for a single zero eigenvalue or a complex matrix's negative
    ones (sqrtm([[-4, 0], [0, 9]]) of complex64 is diag(2j, 3))."""
    n = host.shape[-1]
    flat = host.reshape((-1, n, n))
    roots = np.empty(flat.shape, np.complex128 if host.dtype.kind == 'c' else np.float64)
    for index, matrix in enumerate(flat):
        finite = np.isfinite(matrix).all()      # (LAPACK refuses NaN / inf: those keep the iteration's NaNs)
        eigenvalues = np.linalg.eigvals(matrix.astype(roots.dtype)) if n and finite else np.zeros(0)
        on_axis = (eigenvalues.imag == 0) & (eigenvalues.real <= 0)
        if not on_axis.any():
            roots[index] = _sqrtm_array(matrix)
        elif (host.dtype.kind != 'c' and (eigenvalues.real[on_axis] < 0).any()) or (eigenvalues[on_axis] == 0).sum() > 1:
            roots[index] = np.nan
        else:
            values, vectors = np.linalg.eig(matrix.astype(np.complex128))
            root = (vectors * np.sqrt(values + 0.0)) @ np.linalg.inv(vectors)
            roots[index] = root if roots.dtype.kind == 'c' else root.real
    return roots.reshape(host.shape)


@tf_named('matrix_square_root')
@named_errors('sqrtm', passes_name=True)
def sqrtm(input, name=None):  # noqa: A002
    """The principal square root of each square matrix (no eigenvalue on the closed negative axis).

    Raises:
        InvalidArgumentError: a singular matrix (the iteration needs inverses).
    """
    a = refuse_missing(matrices(input, 'sqrtm'), 'MatrixSquareRoot', 'sqrtm')
    host = backend.to_host(a._data)
    try:
        with np.errstate(all='ignore'):
            root = _sqrtm_by_matrix(host)
    except np.linalg.LinAlgError:
        raise InvalidArgumentError('sqrtm: a matrix of shape %s is singular; its square root is not computed '
                                   'here' % (tuple(a.shape),)) from None
    out = Tensor(backend.array_module(a._data).asarray(root.astype(host.dtype)))
    if ACTIVE:
        record('sqrtm', (a,), out, (_sqrtm_grad,))
    return out


def _sqrtm_grad(g, y, a):
    """G_A with Y^T G_A + G_A Y^T = g: in Y^T's eigenbasis W (Y^T = W E W^-1) the equation
    is elementwise, (W^-1 G_A W)_ij (e_i + e_j) = (W^-1 g W)_ij."""
    if ACTIVE:      # a tape records this sweep (a second derivative): the rule in recorded ops
        return _sqrtm_grad_recorded(g, y)
    host_y, host_g = backend.to_host(y._data), backend.to_host(g._data)
    e, w = np.linalg.eig(np.swapaxes(host_y, -1, -2))
    w_inv = np.linalg.inv(w)
    inner = (w_inv @ host_g @ w) / (e[..., :, None] + e[..., None, :])
    grad = w @ inner @ w_inv
    if host_y.dtype.kind != 'c':
        grad = grad.real
    return Tensor(backend.array_module(g._data).asarray(grad.astype(host_y.dtype)))


def _sqrtm_grad_recorded(g, y):
    """The same G_A as the solution of the n*n linear system (kron(Y^T, I) + kron(I, Y)) vec(G_A) = vec(g)
    (row-major vec), as TensorFlow's MatrixSquareRoot gradient solves it: differentiable again."""
    n = int(y.shape[-1])
    batch = tuple(y.shape[:-2])
    eye = Tensor(backend.array_module(y._data).eye(n, dtype=y._data.dtype))
    y_t = matrix_transpose(y)
    # kron(p, q)[.., i*n+k, j*n+l] = p[.., i, j] q[.., k, l]
    def kron(p, q):
        return reshape(p[..., :, None, :, None] * q[..., None, :, None, :], batch + (n * n, n * n))
    system = kron(y_t, eye) + kron(eye, y)
    return reshape(solve(system, reshape(g, batch + (n * n, 1))), batch + (n, n))


@tf_named('matrix_logarithm')
@named_errors('logm', passes_name=True)
def logm(input, name=None):  # noqa: A002
    """The principal logarithm of each square complex matrix, from its eigendecomposition.

    Raises:
        InvalidArgumentError: a real input (TensorFlow's kernel takes complex64/complex128 only).
    """
    x = as_tensor(input, 'logm')
    if x._data.dtype.kind != 'c':       # MatrixLogarithm's registry refuses it before any shape check
        error = InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: complex64, complex128\n\t; NodeDef: "
            "{{node MatrixLogarithm}}; Op<name=MatrixLogarithm; signature=input:T -> output:T; attr=T:type,allowed="
            "[DT_COMPLEX64, DT_COMPLEX128]> [Op:MatrixLogarithm]%s"
            % (kernel_dtype_name(x.dtype), ' name: ' if isinstance(input, (Tensor, np.ndarray)) else ''))
        error.add_note('logm: expected complex64 or complex128 matrices, got %s; use tf.complex(x, tf.zeros_like(x))'
                       % (x.dtype.name,))
        raise error
    a = matrices(x, 'logm')
    def compute(m):
        host = backend.to_host(m._data)
        e, v = np.linalg.eig(host.astype(np.complex128))
        out = (v * np.log(e)[..., None, :]) @ np.linalg.inv(v)
        return Tensor(backend.array_module(m._data).asarray(out.astype(host.dtype)))
    # TF 2.21 registers no MatrixLogarithm gradient: a gradient reaching it is that LookupError
    return without_gradient('MatrixLogarithm', compute, a)


@named_errors('logdet')
def logdet(matrix, name=None):
    """log(det(matrix)) of each Hermitian positive-definite matrix, 2 sum(log(diag(cholesky)))."""
    a = refuse_missing(matrices(matrix, 'logdet'), 'Cholesky', 'logdet')
    if a._data.dtype.kind == 'c':
        # TF's composition, 2 * sum(log(real(diag(cholesky(a))))): a real result, and its gradient through
        # the complex Cholesky's
        from .cholesky import cholesky
        from .complex_parts import real
        from .matrix_parts import diag_part
        from .reductions import reduce_sum
        from .unary import log
        return 2.0 * reduce_sum(log(real(diag_part(cholesky(a)))), axis=[-1])
    from ..keras import ops_decompositions
    return ops_decompositions.logdet(a)


@named_errors('pinv')
def pinv(a, rcond=None, validate_args=False, name=None):
    """The Moore-Penrose pseudo-inverse of each matrix; singular values at most
    rcond * max(s) are dropped (rcond defaults to 10 * max(M, N) * eps)."""
    t = _at_least_matrices(a, 'pinv')
    from ..keras import ops_decompositions
    return _nan_where_not_finite(t, lambda x: ops_decompositions.pinv(x, rcond=rcond))


@named_errors('matrix_rank')
def matrix_rank(a, tol=None, validate_args=False, name=None):
    """The number of singular values above ``tol`` (default eps * max(M, N) * max(s)), int32."""
    t = _at_least_matrices(a, 'matrix_rank')
    from ..keras import ops_decompositions
    return _nan_where_not_finite(t, lambda x: ops_decompositions.matrix_rank(x, tol=tol))


def _at_least_matrices(a, op):
    """TF 2.21's Python checks of pinv / matrix_rank, dtype first, in its words."""
    from .operands import as_tensor
    t = as_tensor(a, op)
    if t._data.dtype.kind in 'iubcO':        # complex and strings too: TF's is_floating check
        error = TypeError('Input `a` must have `float`-like `dtype` (saw %s).' % t.dtype.name)
        error.add_note('tf.linalg.%s: cast it first, e.g. tf.cast(a, tf.float32)' % op)
        raise error
    if t.ndim < 2:
        error = ValueError('Input `a` must have at least 2 dimensions (saw: %d).' % t.ndim)
        error.add_note('tf.linalg.%s takes a matrix or a batch of matrices' % op)
        raise error
    refuse_unregistered(t, 'Svd', op)         # bfloat16: the Svd op registry's words
    return matrices(t, op, square=False, complex_ok=False)
