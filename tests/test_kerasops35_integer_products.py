"""keras.ops products of integer and bool tensors as Keras 3.15 computes them on TF 2.21.

Keras hands matmul, dot, inner, vdot, einsum and (but for int32 / int64) tensordot to TF's float kernels:
integer and bool operands are cast to floatx, multiplied and cast back, so big ints round in float32
(int32 [[16777217, 1]] @ [[1], [1]] is 16777216) and bools come back as bools; int8 by int8 matrices
(and einsums of int8 only) give int32. tapeflow multiplied in the integer dtype (16777218), and TF's
MatMul refused int8, int16 and bool operands (matmul(int8, int8) raised InvalidArgumentError).

Goldens: /work/notes/progs/kerasops/g_prod.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

ops = tf.keras.ops
A = np.array([[16777217, 1], [3, 4]], 'int32')
B = np.array([[1, 1], [1, 2]], 'int32')
V = np.array([1, 1], 'int32')
ROUNDED = [[16777216, 16777218], [7, 11]]


@pytest.mark.parametrize('call, dtype, expected', [
    (lambda: ops.matmul(A, B), 'int32', ROUNDED),
    (lambda: ops.matmul(A, V), 'int32', [16777216, 7]),
    (lambda: ops.dot(A, B), 'int32', ROUNDED),
    (lambda: ops.dot(A, V), 'int32', [16777216, 7]),
    (lambda: ops.inner(A, B), 'int32', ROUNDED),
    (lambda: ops.tensordot(A, B, 1), 'int32', [[16777218, 16777219], [7, 11]]),     # int32 stays exact there
    (lambda: ops.einsum('ij,jk->ik', A, B), 'int32', ROUNDED),
    (lambda: ops.einsum('ij,j->i', A, V), 'int32', [16777216, 7]),
    (lambda: ops.vdot(A, B), 'int32', 16777228),
    (lambda: ops.matmul(np.full((2, 3), 100, 'int8'), np.full((3, 2), 100, 'int8')), 'int32', [[30000, 30000]] * 2),
    (lambda: ops.matmul(np.full((3,), 100, 'int8'), np.full((3, 2), 100, 'int8')), 'int8', [48, 48]),
    (lambda: ops.dot(np.full((2, 2), 3, 'int8'), np.full((2, 2), 2, 'int8')), 'int8', [[12, 12], [12, 12]]),
    (lambda: ops.tensordot(np.full((2, 2), 3, 'int16'), np.full((2, 2), 2, 'int16')), 'int16', 24),
    (lambda: ops.einsum('ij,jk->ik', np.full((2, 2), 100, 'int8'), np.full((2, 2), 100, 'int8')), 'int32',
     [[20000, 20000], [20000, 20000]]),
    (lambda: ops.matmul(np.array([[True, False]]), np.array([[False], [False]])), 'bool', [[False]]),
    (lambda: ops.matmul(np.array([[True, False]]), np.array([[True], [False]])), 'bool', [[True]]),
    (lambda: ops.inner(np.array([True, False]), np.array([True, True])), 'bool', True),
    (lambda: ops.matmul(np.full((2, 2), 3, 'uint8'), np.full((2, 2), 100, 'uint8')), 'uint8', [[88, 88], [88, 88]]),
    (lambda: ops.matmul(np.ones((2, 2), 'int8'), np.ones((2, 2), 'float16')), 'float16', [[2.0, 2.0], [2.0, 2.0]]),
])
def test_integer_and_bool_products(call, dtype, expected):
    out = call()
    assert out.dtype.name == dtype
    assert np.asarray(out).tolist() == expected
