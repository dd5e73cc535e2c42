"""``tf.linalg.LinearOperator``: a matrix known by how it acts (matmul, solve, determinant), not by its entries.

Subclasses give ``_shape`` and ``_matmul`` (the abstract methods TensorFlow names) and override the
rest where their structure makes them cheap; the defaults here go through the dense matrix, as
TensorFlow's do (the determinant's default logs TensorFlow's 'possibly slow' warning). Everything is
written with tapeflow's ops, so gradients reach the tensors an operator holds.
"""
import abc

from .. import dtypes
from ..ops.operands import as_tensor
from ..tensor import Tensor
from ..tensor_shape import TensorShape
from .. import tf_logging

ALLOWED_DTYPES = ('float16', 'float32', 'float64', 'complex64', 'complex128')
_ALLOWED_TEXT = '[tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128]'


def linalg():
    from .. import linalg as module      # framework.linalg imports this package lazily
    return module


def as_matrix_tensor(value, name, min_rank=2):
    """``value`` as a floating or complex tensor of rank >= ``min_rank``, with TensorFlow's errors."""
    t = as_tensor(value, 'linalg.LinearOperator')
    if t.dtype.name not in ALLOWED_DTYPES:
        raise TypeError("Argument `%s` must have dtype in %s. Received: <dtype: '%s'>." % (name, _ALLOWED_TEXT, t.dtype.name))
    if t.ndim < min_rank:
        raise ValueError('Argument `%s` must have at least %d dimensions. Received: %s.'
                         % (name, min_rank, t.numpy()))
    return t


def check_hints(is_non_singular, is_self_adjoint, is_positive_definite, is_square):
    """TensorFlow's implications between the hints: positive definite -> non-singular -> square."""
    if is_positive_definite:
        if is_non_singular is False:
            raise ValueError('A positive definite matrix is always non-singular.')
        is_non_singular = True
    if is_non_singular:
        if is_square is False:
            raise ValueError('A non-singular matrix is always square.')
        is_square = True
    if is_self_adjoint:
        if is_square is False:
            raise ValueError('A self-adjoint matrix is always square.')
        is_square = True
    return is_non_singular, is_self_adjoint, is_positive_definite, is_square


def _dim_text(d):
    return '?' if d is None else str(d)


def check_compatible(a, b):
    if a is not None and b is not None and a != b:
        raise ValueError('Dimensions %s and %s are not compatible' % (_dim_text(a), _dim_text(b)))


class LinearOperator(metaclass=abc.ABCMeta):
    """An abstract linear operator of shape ``batch_shape + [M, N]``."""

    def __init__(self, dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        (self._is_non_singular, self._is_self_adjoint, self._is_positive_definite,
         self._is_square_hint) = check_hints(is_non_singular, is_self_adjoint, is_positive_definite, is_square)
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else None
        self._name = name or type(self).__name__
        self._parameters = dict(parameters or {})

    # -- what subclasses give -------------------------------------------------------------------
    @abc.abstractmethod
    def _shape(self):
        """The static shape, a TensorShape ``batch_shape + [M, N]``."""

    @abc.abstractmethod
    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        """``self @ x`` (or its adjoint) for a dense ``x``."""

    # -- properties ---------------------------------------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def parameters(self):
        return dict(self._parameters)

    @property
    def shape(self):
        return TensorShape(self._shape())

    @property
    def batch_shape(self):
        return TensorShape(self.shape[:-2])

    @property
    def tensor_rank(self):
        return len(self.shape)

    @property
    def range_dimension(self):
        return self.shape[-2]

    @property
    def domain_dimension(self):
        return self.shape[-1]

    def shape_tensor(self, name='shape_tensor'):
        from ..tensor import constant
        return constant(list(self.shape), dtype='int32')

    def batch_shape_tensor(self, name='batch_shape_tensor'):
        return self.shape_tensor()[:-2]

    def tensor_rank_tensor(self, name='tensor_rank_tensor'):
        from ..tensor import constant
        return constant(self.tensor_rank, dtype='int32')

    def range_dimension_tensor(self, name='range_dimension_tensor'):
        return self.shape_tensor()[-2]

    def domain_dimension_tensor(self, name='domain_dimension_tensor'):
        return self.shape_tensor()[-1]

    @property
    def is_non_singular(self):
        return self._is_non_singular

    @property
    def is_self_adjoint(self):
        return self._is_self_adjoint

    @property
    def is_positive_definite(self):
        return self._is_positive_definite

    @property
    def is_square(self):
        square = self.range_dimension == self.domain_dimension if None not in self.shape[-2:] else None
        if self._is_square_hint is False and square:
            raise ValueError('User set is_square hint to False, but the operator was square.')
        return self._is_square_hint if self._is_square_hint is not None else square

    # -- products and solves ------------------------------------------------------------------------
    def _dense_arg(self, x, adjoint, adjoint_arg, rank=2):
        x = as_tensor(x, 'linalg.LinearOperator', dtype=None if isinstance(x, Tensor) else self.dtype)
        if x.dtype != self.dtype:
            raise TypeError('Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                            % (self.dtype.name, x.dtype.name, x))
        rows = x.shape[-1] if adjoint_arg or rank == 1 else x.shape[-2]
        check_compatible(self.range_dimension if adjoint else self.domain_dimension, rows)
        return x

    def matmul(self, x, adjoint=False, adjoint_arg=False, name='matmul'):
        """``self @ x`` (``adjoint``: the operator's adjoint; ``adjoint_arg``: x's). ``x`` may be an operator."""
        if isinstance(x, LinearOperator):
            from .combinations import LinearOperatorComposition
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            check_compatible(left.domain_dimension, right.range_dimension)
            return LinearOperatorComposition([left, right])
        return self._matmul(self._dense_arg(x, adjoint, adjoint_arg), adjoint=adjoint, adjoint_arg=adjoint_arg)

    def __matmul__(self, other):
        return self.matmul(other)

    def matvec(self, x, adjoint=False, name='matvec'):
        """``self @ x`` for vectors ``x`` of shape ``[..., N]``."""
        x = self._dense_arg(x, adjoint, False, rank=1)
        return self._matmul(x[..., None], adjoint=adjoint)[..., 0]

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        # TensorFlow's default: a dense solve
        rhs = linalg().adjoint(rhs) if adjoint_arg else rhs
        return linalg().solve(self.to_dense(), rhs, adjoint=adjoint)

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name='solve'):
        """``x`` with ``self @ x = rhs``. ``rhs`` may be an operator (the result is then a composition)."""
        if self.is_non_singular is False:
            raise NotImplementedError('Exact solve not implemented for an operator that is expected to be singular.')
        if self.is_square is False:
            raise NotImplementedError('Exact solve not implemented for an operator that is expected to not be '
                                      'square.')
        if isinstance(rhs, LinearOperator):
            from .combinations import LinearOperatorComposition, LinearOperatorInversion
            left = LinearOperatorInversion(self.adjoint() if adjoint else self)
            return LinearOperatorComposition([left, rhs.adjoint() if adjoint_arg else rhs])
        return self._solve(self._dense_arg(rhs, adjoint, adjoint_arg), adjoint=adjoint, adjoint_arg=adjoint_arg)

    def solvevec(self, rhs, adjoint=False, name='solve'):
        """``x`` with ``self @ x = rhs`` for vectors ``rhs`` of shape ``[..., M]``."""
        rhs = self._dense_arg(rhs, adjoint, False, rank=1)
        return self.solve(rhs[..., None], adjoint=adjoint)[..., 0]

    # -- dense views and scalars ----------------------------------------------------------------------
    def _to_dense(self):
        n = self.domain_dimension
        eye = linalg().eye(n, batch_shape=list(self.batch_shape), dtype=self.dtype)
        return self._matmul(eye)

    def to_dense(self, name='to_dense'):
        """The operator as a dense tensor of shape ``batch_shape + [M, N]``."""
        return self._to_dense()

    def _check_square(self, what):
        if self.is_square is False:
            raise NotImplementedError('%s not implemented for an operator that is expected to not be square.' % what)

    def _determinant(self):
        tf_logging.logger().warning('Using (possibly slow) default implementation of determinant.  Requires '
                                    'conversion to a dense matrix and O(N^3) operations.')
        return linalg().det(self.to_dense())

    def determinant(self, name='det'):
        """The determinant of each matrix in the batch."""
        self._check_square('Determinant')
        return self._determinant()

    def _log_abs_determinant(self):
        tf_logging.logger().warning('Using (possibly slow) default implementation of determinant.  Requires '
                                    'conversion to a dense matrix and O(N^3) operations.')
        return linalg().slogdet(self.to_dense())[1]

    def log_abs_determinant(self, name='log_abs_det'):
        """``log |det|`` of each matrix in the batch."""
        self._check_square('Determinant')
        return self._log_abs_determinant()

    def _diag_part(self):
        return linalg().diag_part(self.to_dense())

    def diag_part(self, name='diag_part'):
        """The main diagonal, of shape ``batch_shape + [min(M, N)]``."""
        return self._diag_part()

    def trace(self, name='trace'):
        """The sum of the main diagonal."""
        from ..ops.reductions import reduce_sum
        return reduce_sum(self.diag_part(), axis=-1)

    def add_to_tensor(self, x, name='add_to_tensor'):
        """``self.to_dense() + x``."""
        return self.to_dense() + x

    def adjoint(self, name='adjoint'):
        """The adjoint (conjugate transpose) operator; a self-adjoint operator is its own."""
        if self.is_self_adjoint is True:
            return self
        from .combinations import LinearOperatorAdjoint
        return LinearOperatorAdjoint(self)

    H = property(adjoint)

    def inverse(self, name='inverse'):
        """The inverse operator.

        Raises:
            ValueError: an operator hinted singular or not square.
        """
        if self.is_square is False:
            raise ValueError('Cannot take the Inverse: This operator represents a non square matrix.')
        if self.is_non_singular is False:
            raise ValueError('Cannot take the Inverse: This operator represents a singular matrix.')
        from .combinations import LinearOperatorInversion
        return LinearOperatorInversion(self)

    def cholesky(self, name='cholesky'):
        """The lower-triangular Cholesky factor, for an operator hinted self-adjoint and positive definite."""
        if not (self.is_positive_definite and self.is_self_adjoint):
            raise ValueError('Cholesky decomposition is only supported for an operator that is positive definite '
                             'and self adjoint.')
        from .matrices import LinearOperatorLowerTriangular
        return LinearOperatorLowerTriangular(linalg().cholesky(self.to_dense()), is_non_singular=True,
                                             is_self_adjoint=False, is_square=True)
