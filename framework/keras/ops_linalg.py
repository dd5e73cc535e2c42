"""``keras.ops`` matrix functions: inv, det, slogdet, solve."""
from framework import ops as _ops
from framework.ops.missing_kernels import refuse_missing
from .ops_dtypes import linalg_input, same_dtype_operand
from .ops_shapes import matmul

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
    """x with a @ x = b, as inv(a) @ b (a 1-D b is a vector; gradients reach a and b)."""
    a = linalg_input(a, 'solve')
    b = same_dtype_operand(a, b, 'solve', 'MatrixSolve')
    refuse_missing(a, 'MatrixSolve', 'solve', ', adjoint=false')      # Keras 3 on TF runs tf.linalg.solve
    return matmul(_ops.inv(a), b)
