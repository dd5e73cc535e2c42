"""``keras.ops`` matrix functions: inv, det, slogdet, solve."""
from framework import ops as _ops
from framework.errors import kernel_error
from framework.ops.missing_kernels import refuse_missing
from .ops_dtypes import linalg_input, same_dtype_operand

__all__ = ['det', 'inv', 'slogdet', 'solve']


def inv(x):
    """The inverse of each (batched) square matrix."""
    return _ops.inv(linalg_input(x, 'inv'))


def det(x):
    return _ops.det(linalg_input(x, 'det'))


def slogdet(x):
    """(sign, log|det|) of each square matrix."""
    sign, logdet = _ops.slogdet(linalg_input(x, 'slogdet'))
    return sign, logdet


def solve(a, b):
    """x with a @ x = b (a 1-D b is a vector; gradients reach a and b): tf.linalg.solve, as Keras 3's
    TensorFlow backend calls it, whose LU sums round otherwise than inv(a) @ b."""
    a = linalg_input(a, 'solve')
    refuse_missing(a, 'MatrixSolve', 'solve', ', adjoint=false')      # Keras 3 on TF runs tf.linalg.solve
    b = same_dtype_operand(a, b, 'solve', 'MatrixSolve')
    check_a_b_shapes(a, b)
    columns = b.shape if b.ndim != a.ndim - 1 else tuple(b.shape) + (1,)      # a vector b is one column
    text = ('All input tensors must have the same rank.' if len(columns) != a.ndim else
            'All input tensors must have the same outer dimensions.' if tuple(a.shape[:-2]) != tuple(columns[:-2])
            else None)          # MatrixSolve broadcasts no batch axes
    if text:
        raise kernel_error('MatrixSolve', text, named=True, note='keras.ops.solve: a of shape %s and b of shape %s'
                           % (tuple(a.shape), tuple(b.shape)))
    if len(columns) != b.ndim:
        return _ops.squeeze(_ops.solve(a, _ops.expand_dims(b, -1)), -1)
    return _ops.solve(a, b)


def check_a_b_shapes(a, b):
    """Keras 3's checks of solve / solve_triangular's operands, in its words: a square, b not a scalar,
    and _assert_a_b_compat."""
    if a.ndim < 2:
        raise ValueError('Expected input to have rank >= 2. Received input with shape %s.' % (tuple(a.shape),))
    if a.shape[-1] != a.shape[-2]:
        raise ValueError('Expected a square matrix. Received non-square input with shape %s' % (tuple(a.shape),))
    if b.ndim < 1:
        raise ValueError('Expected input to have rank >= 1. Received scalar input %s.' % (b.numpy(),))
    if a.ndim == b.ndim and a.ndim >= 2 and a.shape[-2] != b.shape[-2]:
        raise ValueError('Incompatible shapes between `a` and `b`. Expected `a.shape[-2] == b.shape[-2]`. Received: '
                         'a.shape=%s, b.shape=%s' % (tuple(a.shape), tuple(b.shape)))
    if a.ndim == b.ndim - 1 and a.shape[-1] != b.shape[-1]:
        raise ValueError('Incompatible shapes between `a` and `b`. Expected `a.shape[-1] == b.shape[-1]`. Received: '
                         'a.shape=%s, b.shape=%s' % (tuple(a.shape), tuple(b.shape)))
