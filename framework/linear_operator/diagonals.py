"""``LinearOperatorDiag``, ``LinearOperatorIdentity``, ``LinearOperatorScaledIdentity``: diagonal operators,
applied, solved and measured from the diagonal alone."""
from .. import dtypes
from ..ops.complex_parts import conj
from ..ops.reductions import reduce_prod, reduce_sum
from ..ops.unary import abs as abs_, log
from ..tensor_shape import TensorShape
from .base import LinearOperator, as_matrix_tensor, linalg


def _real(dtype):
    return dtype.name not in ('complex64', 'complex128')


class _Diagonal(LinearOperator):
    """Shared rules: ``_scale()`` broadcasts against ``x`` rows; ``_diag_values()`` is the full diagonal."""

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg().adjoint(x) if adjoint_arg else x
        scale = self._scale()
        return (conj(scale) if adjoint and not _real(self.dtype) else scale) * x

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg().adjoint(rhs) if adjoint_arg else rhs
        scale = self._scale()
        return rhs / (conj(scale) if adjoint and not _real(self.dtype) else scale)

    def _to_dense(self):
        return linalg().diag(self._diag_part())

    def _determinant(self):
        return reduce_prod(self._diag_part(), axis=-1)

    def _log_abs_determinant(self):
        return reduce_sum(log(abs_(self._diag_part())), axis=-1)


class LinearOperatorDiag(_Diagonal):
    """The square diagonal operator of ``diag`` (shape ``batch_shape + [N]``)."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name='LinearOperatorDiag'):
        self._diag = as_matrix_tensor(diag, 'diag', min_rank=1)
        if _real(self._diag.dtype):
            if is_self_adjoint is False:
                raise ValueError('A real diagonal operator is always self adjoint.')
            is_self_adjoint = True
        if is_square is False:
            raise ValueError('Only square diagonal operators currently supported.')
        super().__init__(self._diag.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, True,
                         name, dict(diag=diag, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                    is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    @property
    def diag(self):
        return self._diag

    def _shape(self):
        shape = self._diag.shape
        return TensorShape(list(shape) + [shape[-1]])

    def _scale(self):
        return self._diag[..., None]

    def _diag_part(self):
        return self._diag


class LinearOperatorIdentity(_Diagonal):
    """The ``num_rows`` x ``num_rows`` identity (repeated over ``batch_shape``)."""

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True, is_self_adjoint=True,
                 is_positive_definite=True, is_square=True, assert_proper_shapes=False, name='LinearOperatorIdentity'):
        for hint, text in ((is_self_adjoint, 'An identity operator is always self adjoint.'),
                           (is_non_singular, 'An identity operator is always non-singular.'),
                           (is_positive_definite, 'An identity operator is always positive-definite.'),
                           (is_square, 'An identity operator is always square.')):
            if not hint:
                raise ValueError(text)
        if int(num_rows) < 0:
            raise ValueError('Argument num_rows must be non-negative.  Found: %d' % int(num_rows))
        if batch_shape is not None and any(int(d) < 0 for d in batch_shape):
            raise ValueError('Argument batch_shape must be non-negative.  Found: %s' % list(batch_shape))
        self._num_rows = int(num_rows)
        self._batch = [int(d) for d in batch_shape] if batch_shape is not None else []
        super().__init__(dtypes.as_dtype(dtype or 'float32'), None, True, True, True, True, name,
                         dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype, name=name))

    def _shape(self):
        return TensorShape(self._batch + [self._num_rows, self._num_rows])

    def _scale(self):
        from ..ops.creation import ones
        return ones(self._batch + [self._num_rows, 1], dtype=self.dtype)

    def _diag_part(self):
        from ..ops.creation import ones
        return ones(self._batch + [self._num_rows], dtype=self.dtype)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg().adjoint(x) if adjoint_arg else x
        return x * self._scale() if self._batch else x + 0      # a new tensor, broadcast to the batch

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint_arg=adjoint_arg)

    def _determinant(self):
        from ..ops.creation import ones
        return ones(self._batch, dtype=self.dtype)

    def _log_abs_determinant(self):
        from ..ops.creation import zeros
        return zeros(self._batch, dtype=self.dtype)


class LinearOperatorScaledIdentity(_Diagonal):
    """``multiplier`` times the ``num_rows`` x ``num_rows`` identity; a batch of multipliers gives a batch."""

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, assert_proper_shapes=False, name='LinearOperatorScaledIdentity'):
        if not is_square:
            raise ValueError('A ScaledIdentity operator is always square.')
        if int(num_rows) < 0:
            raise ValueError('Argument num_rows must be non-negative.  Found: %d' % int(num_rows))
        self._num_rows = int(num_rows)
        self._multiplier = as_matrix_tensor(multiplier, 'multiplier', min_rank=0)
        super().__init__(self._multiplier.dtype, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         True, name, dict(num_rows=num_rows, multiplier=multiplier, name=name))

    @property
    def multiplier(self):
        return self._multiplier

    def _shape(self):
        return TensorShape(list(self._multiplier.shape) + [self._num_rows, self._num_rows])

    def _scale(self):
        return self._multiplier[..., None, None]

    def _diag_part(self):
        from ..ops.creation import ones
        return self._multiplier[..., None] * ones([self._num_rows], dtype=self.dtype)

    def _determinant(self):
        return self._multiplier ** self._num_rows

    def _log_abs_determinant(self):
        return self._num_rows * log(abs_(self._multiplier))
