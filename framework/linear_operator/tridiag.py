"""``LinearOperatorTridiag``: a square tridiagonal operator held as its three diagonals, in one of
TensorFlow's formats: 'compact' (``[..., 3, N]``: superdiagonal, diagonal, subdiagonal; the superdiagonal's
last and the subdiagonal's first entries are ignored), 'sequence' (a list of those three ``[..., N]``
tensors, their batch shapes broadcast) or 'matrix' (``[..., N, N]``). Products and solves are
tf.linalg.tridiagonal_matmul / tridiagonal_solve; the determinant is the base's dense one, as TensorFlow's."""
from ..ops.complex_parts import conj
from ..ops.sequences import roll
from ..ops.shapes import broadcast_to, stack, unstack
from ..tensor_shape import TensorShape
from .base import LinearOperator, as_matrix_tensor, linalg

_FORMATS = ('compact', 'matrix', 'sequence')


def _broadcast(*shapes):
    out = []
    for dims in zip(*[[1] * (max(map(len, shapes)) - len(s)) + list(s) for s in shapes]):
        sizes = {d for d in dims if d != 1}
        if len(sizes) > 1:
            raise ValueError('Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension '
                             'pair they are either equal or one of them is 1. Received: %s and %s.' % shapes[:2])
        out.append(sizes.pop() if sizes else 1)
    return out


class LinearOperatorTridiag(LinearOperator):
    """The tridiagonal operator of ``diagonals`` in ``diagonals_format`` ('compact', 'sequence' or 'matrix').

    Raises:
        ValueError: another format.
    """

    def __init__(self, diagonals, diagonals_format='compact', is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name='LinearOperatorTridiag'):
        if diagonals_format not in _FORMATS:
            raise ValueError('Argument `diagonals_format` must be one of compact, matrix, or sequence. Received : '
                             '%s.' % (diagonals_format,))
        if diagonals_format == 'sequence':
            self._diagonals = [as_matrix_tensor(d, 'diag_%d' % i, min_rank=1) for i, d in enumerate(diagonals)]
            dtype = self._diagonals[0].dtype
        else:
            self._diagonals = as_matrix_tensor(diagonals, 'diagonals')
            dtype = self._diagonals.dtype
        self._diagonals_format = diagonals_format
        super().__init__(dtype, None, is_non_singular, is_self_adjoint, is_positive_definite, is_square, name,
                         dict(diagonals=diagonals, diagonals_format=diagonals_format, is_non_singular=is_non_singular,
                              is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                              is_square=is_square, name=name))

    @property
    def diagonals(self):
        return self._diagonals

    @property
    def diagonals_format(self):
        return self._diagonals_format

    def _batch_and_size(self):
        if self._diagonals_format == 'matrix':
            return list(self._diagonals.shape[:-2]), self._diagonals.shape[-1]
        if self._diagonals_format == 'compact':
            return list(self._diagonals.shape[:-2]), self._diagonals.shape[-1]
        return _broadcast(*[tuple(d.shape[:-1]) for d in self._diagonals]), self._diagonals[1].shape[-1]

    def _shape(self):
        batch, n = self._batch_and_size()
        return TensorShape(batch + [n, n])

    def _adjoint_diagonals(self):
        d = self._diagonals
        if self._diagonals_format == 'sequence':
            superdiag, diag, subdiag = [conj(x) for x in reversed(d)]
            return [roll(superdiag, shift=-1, axis=-1), diag, roll(subdiag, shift=1, axis=-1)]
        if self._diagonals_format == 'matrix':
            return linalg().adjoint(d)
        superdiag, diag, subdiag = unstack(conj(d), num=3, axis=-2)
        return stack([roll(subdiag, shift=-1, axis=-1), diag, roll(superdiag, shift=1, axis=-1)], axis=-2)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        diagonals = self._adjoint_diagonals() if adjoint else self._diagonals
        x = linalg().adjoint(x) if adjoint_arg else x
        return linalg().tridiagonal_matmul(diagonals, x, diagonals_format=self._diagonals_format)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        diagonals = self._adjoint_diagonals() if adjoint else self._diagonals
        batch, n = self._batch_and_size()
        batch = _broadcast(tuple(batch), tuple(rhs.shape[:-2]))
        rhs = broadcast_to(rhs, batch + list(rhs.shape[-2:]))
        if self._diagonals_format == 'matrix':
            diagonals = broadcast_to(diagonals, batch + [n, n])
        elif self._diagonals_format == 'compact':
            diagonals = broadcast_to(diagonals, batch + [3, n])
        else:
            diagonals = [broadcast_to(d, batch + [n]) for d in diagonals]
        return linalg().tridiagonal_solve(diagonals, rhs, diagonals_format=self._diagonals_format,
                                          transpose_rhs=adjoint_arg, conjugate_rhs=adjoint_arg)

    def _diag_part(self):
        if self._diagonals_format == 'matrix':
            return linalg().diag_part(self._diagonals)
        if self._diagonals_format == 'sequence':
            batch, n = self._batch_and_size()
            return broadcast_to(self._diagonals[1], batch + [n])
        return self._diagonals[..., 1, :]

    def _to_dense(self):
        if self._diagonals_format == 'matrix':
            return self._diagonals
        bands = self._diagonals if self._diagonals_format == 'compact' else stack(self._diagonals, axis=-2)
        return linalg().diag(bands, k=(-1, 1), num_rows=-1, num_cols=-1, align='LEFT_RIGHT', padding_value=0.)
