"""``LinearOperatorFullMatrix`` and ``LinearOperatorLowerTriangular``: operators held as a dense matrix."""
from ..tensor_shape import TensorShape
from .base import LinearOperator, as_matrix_tensor, linalg


class LinearOperatorFullMatrix(LinearOperator):
    """The operator of a dense ``matrix`` (shape ``batch_shape + [M, N]``)."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name='LinearOperatorFullMatrix'):
        self._matrix = as_matrix_tensor(matrix, 'matrix')
        super().__init__(self._matrix.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name, dict(matrix=matrix, is_non_singular=is_non_singular,
                                               is_self_adjoint=is_self_adjoint,
                                               is_positive_definite=is_positive_definite, is_square=is_square,
                                               name=name))

    @property
    def matrix(self):
        return self._matrix

    def _shape(self):
        return TensorShape(self._matrix.shape)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return linalg().matmul(self._matrix, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _to_dense(self):
        return self._matrix


class LinearOperatorLowerTriangular(LinearOperator):
    """The lower triangle of ``tril`` (its entries above the diagonal are ignored), solved by substitution."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name='LinearOperatorLowerTriangular'):
        if is_square is False:
            raise ValueError('Only square lower triangular operators supported at this time.')
        self._tril = as_matrix_tensor(tril, 'tril')
        super().__init__(self._tril.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, True,
                         name, dict(tril=tril, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                    is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    @property
    def tril(self):
        return self._tril

    def _lower(self):
        return linalg().band_part(self._tril, -1, 0)

    def _shape(self):
        return TensorShape(self._tril.shape)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return linalg().matmul(self._lower(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg().adjoint(rhs) if adjoint_arg else rhs
        return linalg().triangular_solve(self._lower(), rhs, lower=True, adjoint=adjoint)

    def _to_dense(self):
        return self._lower()

    def _diag_part(self):
        return linalg().diag_part(self._tril)

    def _determinant(self):
        from ..ops.reductions import reduce_prod
        return reduce_prod(self._diag_part(), axis=-1)

    def _log_abs_determinant(self):
        from ..ops.reductions import reduce_sum
        from ..ops.unary import abs as abs_, log
        return reduce_sum(log(abs_(self._diag_part())), axis=-1)
