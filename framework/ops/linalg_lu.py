"""What tf.linalg does with an LU factorization ``(lower_upper, perm)`` from tf.linalg.lu:
lu_reconstruct, lu_solve, lu_matrix_inverse. lower_upper packs L (unit diagonal, below)
and U (on and above), with A[..., perm, :] = L @ U. All are compositions, so gradients
reach lower_upper and the rhs."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, noted
from .indexing import getitem
from .linalg import matmul
from .linalg_checks import matrices
from .linalg_solves import triangular_solve
from .matrix_parts import band_part
from .operands import as_float_tensor, as_tensor, named_errors


def _static_checks(lower_upper, perm, op, rhs=None):
    """TF 2.21's _lu_reconstruct_assertions (and _lu_solve_assertions with ``rhs``): ValueErrors on the static
    shapes, before any dtype check (a string or an int lower_upper of rank 1 is the rank's error too)."""
    lu_t, perm_t = as_tensor(lower_upper, op), as_tensor(perm, op)
    note = '%s: lower_upper %s, perm %s' % (op, tuple(lu_t.shape), tuple(perm_t.shape))
    if lu_t.ndim < 2:
        raise noted(ValueError('Input `lower_upper` must have at least 2 dimensions.'), note)
    if lu_t.ndim != perm_t.ndim + 1:
        raise noted(ValueError('`rank(lower_upper)` must equal `rank(perm) + 1`'), note)
    if lu_t.shape[-2] != lu_t.shape[-1]:
        raise noted(ValueError('`lower_upper` must be square.'), note)
    if rhs is not None:
        rhs_t = as_tensor(rhs, op)
        note += ', rhs %s' % (tuple(rhs_t.shape),)
        if rhs_t.ndim < 2:
            raise noted(ValueError('Input `rhs` must have at least 2 dimensions.'), note)
        if lu_t.shape[-1] != rhs_t.shape[-2]:
            raise noted(ValueError('`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.'), note)


def _factors(lower_upper, perm, op):
    packed = matrices(lower_upper, op)
    p = as_tensor(perm, op)
    if p._data.dtype.kind not in 'iu' or tuple(p.shape) != tuple(packed.shape[:-1]):
        raise InvalidArgumentError('%s: perm must be integers of shape %s (lower_upper %s without its last axis), '
                                   'got %s %s' % (op, tuple(packed.shape[:-1]), tuple(packed.shape), p.dtype.name,
                                                  tuple(p.shape)))
    unit = backend.array_module(packed._data).eye(packed.shape[-1], dtype=packed._data.dtype)
    lower = band_part(packed, -1, 0) - band_part(packed, 0, 0) + unit
    return packed, lower, band_part(packed, 0, -1), backend.to_host(p._data)


def _take_rows(t, order):
    """t[..., order[..., i], :] for each matrix of a batch (order a host integer array)."""
    grid = np.indices(order.shape)
    return getitem(t, tuple(grid[:-1]) + (order,))


@named_errors('lu_reconstruct')
def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    """The matrices A whose LU factorization is (lower_upper, perm)."""
    _static_checks(lower_upper, perm, 'lu_reconstruct')
    _, lower, upper, order = _factors(lower_upper, perm, 'lu_reconstruct')
    return _take_rows(matmul(lower, upper), np.argsort(order, axis=-1))


@named_errors('lu_solve')
def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    """X with A @ X = rhs (..., M, K), for A given by its LU factorization."""
    _static_checks(lower_upper, perm, 'lu_solve', rhs)
    packed, lower, upper, order = _factors(lower_upper, perm, 'lu_solve')
    b = as_float_tensor(rhs, 'lu_solve')
    if b.ndim < 2 or b.shape[-2] != packed.shape[-1]:
        raise InvalidArgumentError('lu_solve: rhs must be (..., %d, K) for lower_upper of shape %s, got %s'
                                   % (packed.shape[-1], tuple(packed.shape), tuple(b.shape)))
    if b.ndim > packed.ndim or tuple(b.shape[:-2]) != tuple(packed.shape[:-2]):
        from .shapes import broadcast_to
        batch = np.broadcast_shapes(tuple(b.shape[:-2]), tuple(packed.shape[:-2]))
        b = broadcast_to(b, batch + tuple(b.shape[-2:]))
        order = np.broadcast_to(order, batch + order.shape[-1:])
    return triangular_solve(upper, triangular_solve(lower, _take_rows(b, order)), lower=False)


@named_errors('lu_matrix_inverse')
def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    """The inverse of each matrix A given by its LU factorization."""
    _static_checks(lower_upper, perm, 'lu_matrix_inverse')
    packed = matrices(lower_upper, 'lu_matrix_inverse')
    eye = np.broadcast_to(np.eye(packed.shape[-1], dtype=packed._data.dtype), tuple(packed.shape))
    return lu_solve(packed, perm, backend.array_module(packed._data).asarray(eye))
