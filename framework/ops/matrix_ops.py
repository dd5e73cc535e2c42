"""Square-matrix ops over the last two axes: inv, det, slogdet, solve.

Gradients (Giles, "An extended collection of matrix derivative results"):
d inv(A) = -inv(A) dA inv(A), so the vjp is -inv(A)^T g inv(A)^T; d det(A) =
det(A) tr(inv(A) dA), so the vjp is g det(A) inv(A)^T; log|det| gives g inv(A)^T.
They use inv and matmul, so second derivatives follow.
"""
import collections

import numpy as np

from ..errors import InvalidArgumentError, NotFoundError, OpError, fast_path, kernel_error
from ..given_op_name import given_name
from .. import backend, graph_missing_kernels
from ..tensor import Tensor
from . import eigen_determinant, eigen_lu_solve
from .linalg import matmul
from .operands import ACTIVE, as_float_tensor, as_tensor, record
from .missing_kernels import refuse_missing, refuse_unregistered
from .bool_attributes import bool_attribute
from .complex_parts import conj
from .creation import zeros_like
from .shapes import cast, expand_dims, transpose
from ..tf_python_names import tf_named

LogMatrixDeterminant = collections.namedtuple('LogMatrixDeterminant', ['sign', 'log_abs_determinant'])


# TF 2.21's eager kernels that refuse a tensor of rank < 2 in LinearAlgebraOp's words
_KERNELS = {'inv': 'MatrixInverse', 'det': 'MatrixDeterminant', 'slogdet': 'LogMatrixDeterminant'}


def _square(x, op):
    t = as_float_tensor(x, op)
    if t.ndim < 2 or t.shape[-1] != t.shape[-2]:
        sentence = '%s: input must be square matrices (..., n, n), got shape %s' % (op, tuple(t.shape))
        if t.ndim < 2 and op in _KERNELS:
            raise kernel_error(_KERNELS[op], 'Input tensor 0 must have rank >= 2, got %d' % t.ndim, named=True,
                               note=sentence)
        if op in _KERNELS:
            raise kernel_error(_KERNELS[op], 'Input matrix must be square.', named=fast_path(x), note=sentence)
        if op == 'solve' and t.ndim >= 2:
            raise kernel_error('MatrixSolve', 'First input (lhs) must be a square matrix.', named=True, note=sentence)
        raise InvalidArgumentError(sentence)
    return t


def _swap(t, conjugate=False):
    """The transpose of each matrix in a batch; with ``conjugate`` the adjoint (conjugate transpose),
    which TF's ``adjoint=True`` means for complex matrices. Gradient rules keep the plain transpose:
    they are written in real form and the tape conjugates them for complex outputs (complex_gradients)."""
    perm = list(range(t.ndim - 2)) + [t.ndim - 1, t.ndim - 2]
    return transpose(t, perm, conjugate=conjugate)


def _conj(t):
    return conj(t) if t._data.dtype.kind == 'c' else t


@tf_named('matrix_inverse')
def inv(input, adjoint=False, name=None):  # noqa: A002
    """The inverse of each matrix (of its conjugate transpose with ``adjoint``).

    Raises:
        ValueError: a matrix that is not square or not invertible.
    """
    # TF's op wrapper reads the bool attr before it converts the input: inv(m, 1) / inv(None, 'a') are its TypeError
    try:
        adjoint = bool_attribute(adjoint, 'adjoint') or False
        a = refuse_unregistered(_square(input, 'inv'), 'MatrixInverse', 'inv')
        if a._data.dtype == np.float16:     # TF 2.21 has a half MatrixInverse kernel; numpy's linalg has none
            return cast(inv(cast(a, 'float32'), adjoint), 'float16')
        source = a
        if adjoint:
            a = _swap(a, conjugate=True)
        xp = backend.array_module(a._data)
        try:
            if xp.isnan(a._data).any():     # TF's LU finds no pivot in NaN; numpy would return NaN
                raise ValueError('a NaN entry')
            out = Tensor(_inverse_array(xp, a._data))
        except Exception as err:        # numpy's LinAlgError, cupy's own
            raise kernel_error('MatrixInverse', 'Input is not invertible.', named=True,
                               note='inv: a matrix of shape %s is not invertible (%s)' % (tuple(a.shape), err)) from None
        if ACTIVE:
            if adjoint and a._data.dtype.kind != 'c':
                # TF's MatrixInverse rule with adjoint=True, -ainv (g^T ainv), on the input itself: the transpose
                # of the plain rule through the swap sums each product in another order (an ulp off in float32)
                record('inv', (source,), out, (lambda g, y, a: -matmul(y, matmul(g, y, transpose_a=True)),))
            else:
                record('inv', (a,), out, (lambda g, y, a: -matmul(y, matmul(g, y, transpose_b=True), transpose_a=True),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _inverse_array(xp, a):
    """MatrixInverse: Eigen's LU solve of the identity where its bits are emulated
    (eigen_lu_solve.py), else LAPACK's inverse."""
    if not eigen_lu_solve.handles(a):
        return xp.linalg.inv(a)
    n = a.shape[-1]
    flat = a.reshape(-1, n, n)
    eye = np.broadcast_to(np.eye(n, dtype=a.dtype), flat.shape)
    return eigen_lu_solve.lu_solve(flat, eye, a.dtype).reshape(a.shape)


def _solved_array(xp, a, b, lu_order):
    """MatrixSolve's X: Eigen's LU (eigen_lu_solve.py) where asked for and emulated, else LAPACK's."""
    if not (lu_order and eigen_lu_solve.handles(a) and type(b) is np.ndarray and b.dtype == a.dtype
            and a.shape[:-2] == b.shape[:-2]):
        return xp.linalg.solve(a, b)
    n = a.shape[-1]
    flat = eigen_lu_solve.lu_solve(a.reshape(-1, n, n), b.reshape((-1,) + b.shape[-2:]), a.dtype)
    return flat.reshape(b.shape)


@tf_named('matrix_determinant')
def det(input, name=None):  # noqa: A002
    """The determinant of each matrix."""
    try:
        a = _square(input, 'det')
        built = _graph_stand_in(a, 'MatrixDeterminant', 'det')
        if built is not None:
            return built
        xp = backend.array_module(a._data)
        if eigen_determinant.handles(a._data):        # Eigen's LU, logs and exp: TF's bits
            out = Tensor(np.asarray(eigen_determinant.determinant(a._data)))
        else:
            with np.errstate(all='ignore'):          # NaN and inf are values, as in TensorFlow
                out = Tensor(xp.asarray(xp.linalg.det(a._data)))
        if ACTIVE:
            # TF's rule, g * det * matrix_inverse(a, adjoint=True), in the real form the tape conjugates for complex
            # matrices (complex_gradients): so TF's product by det itself, not by conj(det), comes out
            record('det', (a,), out, (lambda g, y, a: expand_dims(expand_dims(g * _conj(y), -1), -1) * _adjoint_inverse(a),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _graph_stand_in(a, kernel, op):
    """refuse_missing's check of ``a`` for ``kernel``; where no CPU kernel computes its dtype (float16) in a
    tf.function's trace, the stand-in of the node TF's graph builds anyway (one number per matrix: its run fails,
    graph_missing_kernels; TF 2.21, notes/progs/kerasops9/det16.py), else None."""
    try:
        refuse_missing(a, kernel, op)
    except NotFoundError as error:
        built = graph_missing_kernels.built_node(error, a, tuple(a.shape[:-2]))
        if built is None:
            raise
        return built
    return None


def _adjoint_inverse(a):
    """TF's matrix_inverse(a, adjoint=True) in the determinants' rules, so that an outer tape differentiates it
    by that op's rule; complex matrices in the real form the tape conjugates."""
    return inv(_swap(a)) if a._data.dtype.kind == 'c' else inv(a, adjoint=True)


@tf_named('log_matrix_determinant')
def slogdet(input, name=None):  # noqa: A002
    """The sign and the log of the absolute determinant of each matrix:
    ``LogMatrixDeterminant(sign, log_abs_determinant)``; the sign's gradient is zeros, as TF's."""
    try:
        a = _square(input, 'slogdet')
        built = _graph_stand_in(a, 'LogMatrixDeterminant', 'slogdet')
        if built is not None:
            return LogMatrixDeterminant(built, zeros_like(built))
        xp = backend.array_module(a._data)
        if eigen_determinant.handles(a._data):
            sign, logabs = eigen_determinant.sign_and_log(a._data)
        else:
            with np.errstate(all='ignore'):
                sign, logabs = xp.linalg.slogdet(a._data)
        if a._data.dtype.kind == 'c':       # LogMatrixDeterminant's outputs are both of the input's dtype
            logabs = logabs.astype(a._data.dtype)
        sign, logabs = Tensor(xp.asarray(sign)), Tensor(xp.asarray(logabs))
        if ACTIVE:
            record('slogdet', (a,), logabs, (lambda g, y, a: expand_dims(expand_dims(g, -1), -1) * _adjoint_inverse(a),))
            # TF's one rule ignores the sign's gradient and eager TF fills the log's with zeros, so a
            # gradient through the sign alone is zeros (signed as 0 * inv(a)^H), not None
            record('slogdet_sign', (a,), sign,
                   (lambda g, y, a: expand_dims(expand_dims(zeros_like(g), -1), -1) * _adjoint_inverse(a),))
        return LogMatrixDeterminant(sign, logabs)
    except OpError as error:
        given_name(error, name)
        raise


@tf_named('matrix_solve')
def solve(matrix, rhs, adjoint=False, name=None):
    """X with ``matrix @ X = rhs`` for each matrix in the batch (``matrix^T @ X`` with ``adjoint``).

    Gradients: with X = A^-1 B, the vjp for B is solve(A^T, g) and for A it is -(that) X^T.

    Raises:
        InvalidArgumentError: a matrix that is not square or not invertible (or holds NaN, as TF's LU),
            a rhs whose rows differ, or one of another rank (MatrixSolve broadcasts no batch axes).
    """
    try:
        matrix, rhs = _one_dtype(matrix, rhs)
        a, b = _solve_operands(matrix, rhs, kernel_checks=True)
        refuse_missing(a, 'MatrixSolve', 'solve', ', adjoint=%s' % str(bool(adjoint)).lower())
        if b.ndim != a.ndim:        # MatrixSolve broadcasts no batch axes
            raise kernel_error('MatrixSolve', 'All input tensors must have the same rank.', named=True,
                               note='solve: matrix of shape %s and rhs of shape %s need the same batch axes'
                                    % (tuple(a.shape), tuple(b.shape)))
        return broadcast_solve(a, b, adjoint, lu_order=True)
    except OpError as error:
        given_name(error, name)
        raise


def _one_dtype(matrix, rhs):
    """MatrixSolve's one dtype T, as eager TF 2.21 infers it: a numpy array or list takes the other
    operand's tensor dtype (solve(float32 matrix, np.ones([2, 1])) runs in float32), or, where neither is a
    tensor, the matrix's converted dtype; two tensors of
    different dtypes are input #1's error."""
    # (as_tensor: a value no tensor holds gets TF's conversion error, with a note naming solve)
    if isinstance(matrix, Tensor) and not isinstance(rhs, Tensor):
        return matrix, as_tensor(rhs, 'solve', matrix.dtype)
    if isinstance(rhs, Tensor) and not isinstance(matrix, Tensor):
        return as_tensor(matrix, 'solve', rhs.dtype), rhs
    if not isinstance(matrix, Tensor):      # neither: the matrix's dtype, converted first, is the rhs's
        matrix = as_tensor(matrix, 'solve')
        return matrix, as_tensor(rhs, 'solve', matrix.dtype)
    if isinstance(matrix, Tensor) and matrix.dtype != rhs.dtype:
        from .graph_input_errors import eager_input_error
        error = eager_input_error('MatrixSolve', 1, matrix.dtype, rhs.dtype)
        error.add_note('solve: matrix is %s and rhs %s; cast one to the other\'s dtype'
                       % (matrix.dtype.name, rhs.dtype.name))
        raise error
    return matrix, rhs


def _solve_operands(matrix, rhs, kernel_checks=False):
    """kernel_checks: refuse a rhs of another rank or row count in MatrixSolve's words (tf.linalg.solve;
    triangular_solve broadcasts)."""
    a = _square(matrix, 'solve')
    b = as_float_tensor(rhs, 'solve')
    if kernel_checks and b.dtype == a.dtype and (b.ndim != a.ndim or b.shape[-2] != a.shape[-1]):
        # TF 2.21's MatrixSolve kernel words (tapeflow's sentence as the note)
        text = 'All input tensors must have the same rank.' if b.ndim != a.ndim else \
            'Input matrix and rhs are incompatible.'
        raise kernel_error('MatrixSolve', text, named=True, note='solve: rhs must be (..., %d, k) for matrix of '
                           'shape %s, got %s' % (a.shape[-1], tuple(a.shape), tuple(b.shape)))
    if b.ndim < 2 or b.shape[-2] != a.shape[-1] or b.dtype != a.dtype:
        raise InvalidArgumentError('solve: rhs must be (..., %d, k) of dtype %s for matrix of shape %s, got %s %s'
                                   % (a.shape[-1], a.dtype.name, tuple(a.shape), b.dtype.name, tuple(b.shape)))
    return a, b


def broadcast_solve(matrix, rhs, adjoint=False, lu_order=False, conjugate=True):
    """``solve`` with numpy's broadcasting of batch axes, which TF's triangular_solve has (its MatrixSolve
    has not). ``lu_order``: MatrixSolve's own sums (tf.linalg.solve and its gradient), for the
    sizes eigen_lu_solve emulates. ``adjoint`` solves with the conjugate transpose, the plain one when
    not ``conjugate`` (the real-form gradient rules)."""
    a, b = _solve_operands(matrix, rhs)
    if adjoint:
        a = _swap(a, conjugate)
    xp = backend.array_module(a._data)
    try:
        if xp.isnan(a._data).any():     # TF's LU finds no pivot in NaN; numpy would return NaN
            raise ValueError('a NaN entry')
        out = Tensor(_solved_array(xp, a._data, b._data, lu_order))
    except Exception as err:        # numpy's LinAlgError, cupy's own, batch shapes that differ
        note = ('solve: cannot solve with matrix of shape %s and rhs of shape %s (%s)'
                % (tuple(a.shape), tuple(b.shape), err))
        if tuple(a.shape[:-2]) != tuple(b.shape[:-2]):
            raise InvalidArgumentError(note) from None
        raise kernel_error('MatrixSolve', 'Input matrix is not invertible.', named=True, note=note) from None
    if ACTIVE:
        rhs_grad = shared_rule(lambda g, a: broadcast_solve(a, g, True, lu_order, False))
        record('solve', (a, b), out, (lambda g, y, a, b: -matmul(rhs_grad(g, a), y, transpose_b=True),
                                      lambda g, y, a, b: rhs_grad(g, a)))
    return out


def shared_rule(rule):
    """``rule(g, a)`` computed once per output gradient ``g`` for a node's inputs: TF's solve gradients solve
    once and feed the result to both inputs' gradients, so an outer tape sums the two uses before
    differentiating that one solve; two solves rounded each second-derivative part apart."""
    last = []

    def shared(g, a):
        if not last or last[0] is not g:
            last[:] = [g, rule(g, a)]      # holding g keeps its id from being reused meanwhile
        return last[1]
    return shared
