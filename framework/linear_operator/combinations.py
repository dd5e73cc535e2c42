"""Operators made of operators: ``Composition`` (a product), ``Inversion``, ``Adjoint``, ``Kronecker``
(a Kronecker product) and ``BlockDiag`` (a direct sum), named as TensorFlow names them ('A_o_B',
'A_inv', 'A_adjoint', 'A_x_B', 'A_ds_B'). Determinants come from the parts' determinants."""
import numpy as np

from ..ops.complex_parts import conj
from ..ops.reductions import reduce_prod, reduce_sum
from ..tensor_shape import TensorShape
from .base import LinearOperator, check_compatible, linalg


def _broadcast_batch(operators):
    shapes = [tuple(op.batch_shape) for op in operators]
    return list(np.broadcast_shapes(*shapes)) if shapes else []


def _check_operators(operators, name):
    operators = list(operators)
    if not operators:
        raise ValueError('Expected a non-empty list of operators. Found: %s' % operators)
    dtype = operators[0].dtype
    for op in operators:
        if op.dtype != dtype:
            names = ['%s: %s' % (o.name, o.dtype.name) for o in operators]
            raise TypeError('Expected all operators to have the same dtype.  Found %s' % '   '.join(names))
    return operators


def _all_true(operators, hint):
    return True if all(getattr(op, hint) for op in operators) else None


def _concat(parts, axis):
    from ..ops.shapes import concat
    return concat(parts, axis)


class LinearOperatorComposition(LinearOperator):
    """``operators[0] @ operators[1] @ ...``."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operators = _check_operators(operators, 'operators')
        if is_non_singular is None:
            is_non_singular = _all_true(self._operators, 'is_non_singular')
        super().__init__(self._operators[0].dtype, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name or '_o_'.join(op.name for op in self._operators),
                         dict(operators=operators, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        return TensorShape(_broadcast_batch(self._operators) + [self._operators[0].range_dimension,
                                                                self._operators[-1].domain_dimension])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        order = self._operators if adjoint else self._operators[::-1]
        out = order[0].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for op in order[1:]:
            out = op.matmul(out, adjoint=adjoint)
        return out

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        order = self._operators[::-1] if adjoint else self._operators
        out = order[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for op in order[1:]:
            out = op.solve(out, adjoint=adjoint)
        return out

    def _determinant(self):
        out = self._operators[0].determinant()
        for op in self._operators[1:]:
            out = out * op.determinant()
        return out

    def _log_abs_determinant(self):
        out = self._operators[0].log_abs_determinant()
        for op in self._operators[1:]:
            out = out + op.log_abs_determinant()
        return out


class LinearOperatorInversion(LinearOperator):
    """The inverse of ``operator``: its matmul is the operator's solve and the other way round."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operator = operator
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError('Argument `is_non_singular` or argument `operator` must have supplied hint '
                             '`is_non_singular` equal to `True` or `None`. Found `operator.is_non_singular`: %s, '
                             '`is_non_singular`: %s.' % (operator.is_non_singular, is_non_singular))
        if operator.is_square is False or is_square is False:
            raise ValueError('Argument `is_square` or argument `operator` must have supplied hint `is_square` '
                             'equal to `True` or `None`. Found `operator.is_square`: %s, `is_square`: %s.'
                             % (operator.is_square, is_square))
        hints = [given if given is not None else getattr(operator, hint) for given, hint in (
            (is_non_singular, 'is_non_singular'), (is_self_adjoint, 'is_self_adjoint'),
            (is_positive_definite, 'is_positive_definite'), (is_square, 'is_square'))]
        super().__init__(operator.dtype, None, *hints, name or operator.name + '_inv',
                         dict(operator=operator, name=name))

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        return self._operator.shape

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self._operator.solve(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._operator.matmul(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        return 1. / self._operator.determinant()

    def _log_abs_determinant(self):
        return -self._operator.log_abs_determinant()

    def inverse(self, name='inverse'):
        return self._operator


class LinearOperatorAdjoint(LinearOperator):
    """The adjoint (conjugate transpose) of ``operator``."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operator = operator
        hints = [given if given is not None else getattr(operator, hint) for given, hint in (
            (is_non_singular, 'is_non_singular'), (is_self_adjoint, 'is_self_adjoint'),
            (is_positive_definite, 'is_positive_definite'), (is_square, 'is_square'))]
        super().__init__(operator.dtype, None, *hints, name or operator.name + '_adjoint',
                         dict(operator=operator, name=name))

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        shape = list(self._operator.shape)
        return TensorShape(shape[:-2] + [shape[-1], shape[-2]])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self._operator.matmul(x, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._operator.solve(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _to_dense(self):
        return linalg().adjoint(self._operator.to_dense())

    def _determinant(self):
        det = self._operator.determinant()
        return det if det.dtype.name not in ('complex64', 'complex128') else conj(det)

    def _log_abs_determinant(self):
        return self._operator.log_abs_determinant()

    def adjoint(self, name='adjoint'):
        return self._operator


class LinearOperatorKronecker(LinearOperator):
    """The Kronecker product ``operators[0] (x) operators[1] (x) ...`` of square operators."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operators = _check_operators(operators, 'operators')
        if is_non_singular is None:
            is_non_singular = _all_true(self._operators, 'is_non_singular')
        if is_square is None:
            is_square = _all_true(self._operators, 'is_square')
        super().__init__(self._operators[0].dtype, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name or '_x_'.join(op.name for op in self._operators),
                         dict(operators=operators, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        rows = int(np.prod([op.range_dimension for op in self._operators]))
        cols = int(np.prod([op.domain_dimension for op in self._operators]))
        return TensorShape(_broadcast_batch(self._operators) + [rows, cols])

    def _to_dense(self):
        from ..ops.shapes import reshape
        batch = _broadcast_batch(self._operators)
        out = self._operators[0].to_dense()
        for op in self._operators[1:]:
            right = op.to_dense()
            m, n = out.shape[-2:]
            p, q = right.shape[-2:]
            product = out[..., :, None, :, None] * right[..., None, :, None, :]
            out = reshape(product, batch + [m * p, n * q])
        return out

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return linalg().matmul(self._to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _powers(self):
        total = self.domain_dimension
        return [total // op.domain_dimension for op in self._operators]

    def _determinant(self):
        out = None
        for op, power in zip(self._operators, self._powers()):
            term = op.determinant() ** power
            out = term if out is None else out * term
        return out

    def _log_abs_determinant(self):
        out = None
        for op, power in zip(self._operators, self._powers()):
            term = power * op.log_abs_determinant()
            out = term if out is None else out + term
        return out


class LinearOperatorBlockDiag(LinearOperator):
    """The block-diagonal operator (direct sum) of square ``operators``."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, name=None):
        self._operators = _check_operators(operators, 'operators')
        for op in self._operators:
            if op.is_square is False:
                raise ValueError('For square BlockDiag operators, all operators must be square. Found %s' % op.name)
        if is_non_singular is None:
            is_non_singular = _all_true(self._operators, 'is_non_singular')
        if is_self_adjoint is None:
            is_self_adjoint = _all_true(self._operators, 'is_self_adjoint')
        if is_positive_definite is None:
            is_positive_definite = _all_true(self._operators, 'is_positive_definite')
        super().__init__(self._operators[0].dtype, None, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name or '_ds_'.join(op.name for op in self._operators),
                         dict(operators=operators, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        rows = sum(op.range_dimension for op in self._operators)
        cols = sum(op.domain_dimension for op in self._operators)
        return TensorShape(_broadcast_batch(self._operators) + [rows, cols])

    def _blockwise(self, x, apply, adjoint, adjoint_arg):
        x = linalg().adjoint(x) if adjoint_arg else x
        parts, start = [], 0
        for op in self._operators:
            size = op.range_dimension if adjoint else op.domain_dimension
            parts.append(apply(op, x[..., start:start + size, :]))
            start += size
        return _concat(parts, -2)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self._blockwise(x, lambda op, part: op.matmul(part, adjoint=adjoint), adjoint, adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._blockwise(rhs, lambda op, part: op.solve(part, adjoint=adjoint), adjoint, adjoint_arg)

    def _to_dense(self):
        from ..ops.creation import zeros
        batch = _broadcast_batch(self._operators)
        rows, done, total = [], 0, self.domain_dimension
        for op in self._operators:
            m, n = op.range_dimension, op.domain_dimension
            block = op.to_dense()
            pieces = ([zeros(batch + [m, done], dtype=self.dtype)] if done else []) + [block] + \
                ([zeros(batch + [m, total - done - n], dtype=self.dtype)] if total - done - n else [])
            rows.append(_concat(pieces, -1) if len(pieces) > 1 else block)
            done += n
        return _concat(rows, -2)

    def _diag_part(self):
        return _concat([op.diag_part() for op in self._operators], -1)

    def _determinant(self):
        return reduce_prod(_stack([op.determinant() for op in self._operators]), axis=0)

    def _log_abs_determinant(self):
        return reduce_sum(_stack([op.log_abs_determinant() for op in self._operators]), axis=0)


def _stack(values):
    from ..ops.shapes import stack
    return stack(values)
