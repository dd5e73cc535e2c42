"""tf.linalg.triangular_solve, cholesky_solve, banded_triangular_solve, tridiagonal_solve,
tridiagonal_matmul, lstsq: TensorFlow's values, layouts and gradients.

Golden values were printed by TensorFlow 2.21 (/opt/tfref) for the inputs below
(forward values in float32, gradients of a weighted sum in float64).
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

L = tf.linalg
S3 = np.array([[2.0, 0.5, 0.3], [0.5, 1.5, -0.2], [0.3, -0.2, 1.0]])
R43 = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6], [0.2, 0.9, 1.3], [-0.5, 0.7, 0.1]])
G3 = np.array([[1.0, 2.0, 0.5], [-0.3, 0.8, 1.2], [0.7, -1.1, 0.4]])
B32 = np.array([[1.0, -0.5], [0.25, 2.0], [0.3, 0.1]])
W33 = np.array([[0.5, -1.0, 0.25], [2.0, 0.3, -0.7], [1.0, 0.1, 0.6]])
W43 = np.concatenate([W33, [[0.4, -0.2, 0.9]]])
D = np.array([[0.5, 1., 2.], [4., 5., 6.], [7., 8., 0.]])     # compact: superdiagonal, diagonal, subdiagonal

# tf.linalg.triangular_solve(tril(G3) + 2 I, B32) and its upper / adjoint forms
TRI_LOWER = [[0.3333333, -0.1666667], [0.125, 0.6964286], [0.0850695, 0.4094742]]
TRI_UPPER = [[0.318006, -0.1033234], [0.1383929, 0.7306548], [0.125, 0.0416667]]
CHOL_SOLVE = [[0.4666667, -0.769697], [0.0333333, 1.6787881], [0.1666667, 0.6666668]]
BANDED = [[0.5, -0.25], [-0.9166666865348816, 1.1666666269302368], [1.6791667938232422, -2.0166664123535156]]
BANDED_UP_ADJ = [[0.5, -0.25], [-0.75, 1.0833333730697632], [1.2000000476837158, -1.600000023841858]]
TRISOLVE = [[0.3062500059604645, -0.21822917461395264], [-0.44999998807907104, 0.7458333373069763], [0.05000000074505806, 0.01666666753590107]]
TRIMATMUL = [[4.125, -1.0], [9.550000190734863, 6.099999904632568], [1.8000000715255737, 0.6000000238418579]]
LSTSQ_FAST = [[1.4537686109542847, 0.07294704020023346], [0.49968308210372925, 0.42967352271080017], [0.29475143551826477, -0.31138142943382263]]
LSTSQ_SLOW = [[0.20006488263607025, -0.895365834236145], [0.66703861951828, -0.03361327946186066], [0.4338948130607605, 0.5651057958602905], [-0.23891833424568176, 0.6148733496665955]]
G_LSTSQ = [[0.400127876, 0.282859511, 0.006030594], [-0.418409308, 0.633320035, 0.026103962], [-1.110486785, 0.071599116, 0.012216775], [-0.323684525, -0.355912091, -0.00953097]]
G_TRI = [[0.020006614, -0.163690476, -0.131944444], [0.0, 0.005314626, 0.027281746], [0.0, 0.0, -0.039971892]]
G_CHOLSOLVE = [[-0.346154882, 0.376255892, 0.075218855], [0.376255892, -0.860902357, -0.657542088], [0.075218855, -0.657542088, -0.507407407]]


def f32(x):
    return np.asarray(x, np.float32)


def tf_gradient(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x).numpy()


LOWER = np.tril(G3) + 2 * np.eye(3)


def test_triangular_solve_reads_one_triangle():
    np.testing.assert_allclose(L.triangular_solve(f32(LOWER), f32(B32)).numpy(), TRI_LOWER, atol=1e-6)
    np.testing.assert_allclose(L.triangular_solve(f32(G3 + 2 * np.eye(3)), f32(B32)).numpy(), TRI_LOWER, atol=1e-6)
    np.testing.assert_allclose(L.triangular_solve(f32(LOWER.T), f32(B32), lower=False).numpy(), TRI_UPPER, atol=1e-6)
    np.testing.assert_allclose(L.triangular_solve(f32(LOWER), f32(B32), adjoint=True).numpy(), TRI_UPPER, atol=1e-6)


def test_triangular_solve_broadcasts_batches():
    out = L.triangular_solve(np.stack([LOWER, 2 * LOWER]), B32)
    np.testing.assert_allclose(out.numpy()[1], np.array(TRI_LOWER) / 2, atol=1e-6)


def test_cholesky_solve():
    np.testing.assert_allclose(L.cholesky_solve(L.cholesky(f32(S3)), f32(B32)).numpy(), CHOL_SOLVE, atol=1e-6)


def test_banded_triangular_solve_layouts():
    # lower: row k holds the k-th subdiagonal, indexed by row; upper: the last row is the diagonal
    np.testing.assert_allclose(L.banded_triangular_solve(f32([[2., 3., 4.], [5., 6., 7.]]), f32(B32)).numpy(),
                               BANDED, atol=1e-6)
    out = L.banded_triangular_solve(f32([[5., 6., 7.], [2., 3., 4.]]), f32(B32), lower=False, adjoint=True)
    np.testing.assert_allclose(out.numpy(), BANDED_UP_ADJ, atol=1e-6)


def test_tridiagonal_solve_formats():
    np.testing.assert_allclose(L.tridiagonal_solve(f32(D), f32(B32)).numpy(), TRISOLVE, atol=1e-6)
    sequence = L.tridiagonal_solve(tuple(f32(D)), f32(B32), diagonals_format='sequence')
    np.testing.assert_allclose(sequence.numpy(), TRISOLVE, atol=1e-6)
    dense = np.diag(D[1]) + np.diag(D[0, :2], 1) + np.diag(D[2, 1:], -1)
    np.testing.assert_allclose(L.tridiagonal_solve(f32(dense), f32(B32), diagonals_format='matrix').numpy(),
                               TRISOLVE, atol=1e-6)
    transposed = L.tridiagonal_solve(f32(D), f32(B32.T), transpose_rhs=True)
    np.testing.assert_allclose(transposed.numpy(), TRISOLVE, atol=1e-6)
    vector = L.tridiagonal_solve(f32(D), f32(B32[:, 0]))
    assert vector.shape == (3,)
    np.testing.assert_allclose(vector.numpy(), np.array(TRISOLVE)[:, 0], atol=1e-6)


def test_tridiagonal_matmul():
    np.testing.assert_allclose(L.tridiagonal_matmul(f32(D), f32(B32)).numpy(), TRIMATMUL, atol=1e-6)


def test_lstsq_fast_and_minimum_norm():
    np.testing.assert_allclose(L.lstsq(f32(R43), f32(W43[:, :2]), l2_regularizer=0.1).numpy(), LSTSQ_FAST, atol=2e-6)
    np.testing.assert_allclose(L.lstsq(f32(R43.T), f32(B32), fast=False).numpy(), LSTSQ_SLOW, atol=2e-6)


@pytest.mark.parametrize('name, fn, x, expected', [
    ('lstsq', lambda a: tf.reduce_sum(W33[:, :2] * L.lstsq(a, R43[:, :2], l2_regularizer=0.1)), R43, G_LSTSQ),
    ('triangular_solve', lambda a: tf.reduce_sum(W33[:, :2] * L.triangular_solve(a + 2 * np.eye(3), B32, lower=False,
                                                                                  adjoint=True)), G3, G_TRI),
    ('cholesky_solve', lambda a: tf.reduce_sum(W33[:, :2] * L.cholesky_solve(L.cholesky(a), B32)), S3, G_CHOLSOLVE),
])
def test_gradients_match_tensorflow(name, fn, x, expected):
    np.testing.assert_allclose(tf_gradient(fn, x), expected, atol=1e-8)


RNG = np.random.default_rng(5)
EYE3 = 3 * np.eye(3)


def symmetric(a):
    return 0.5 * (a + tf.linalg.matrix_transpose(a))


@pytest.mark.parametrize('name, fn, xs', [
    ('triangular_solve', lambda a, b: L.triangular_solve(a + EYE3, b), [RNG.normal(size=(2, 3, 3)), RNG.normal(size=(2, 3, 2))]),
    ('triangular_solve upper adjoint', lambda a, b: L.triangular_solve(a + EYE3, b, lower=False, adjoint=True),
     [RNG.normal(size=(3, 3)), RNG.normal(size=(3, 2))]),
    # cholesky's gradient is TensorFlow's symmetrised one: differentiate through a symmetric input
    ('cholesky_solve', lambda a, b: L.cholesky_solve(L.cholesky(symmetric(a) + EYE3), b),
     [RNG.normal(size=(3, 3)), RNG.normal(size=(3, 2))]),
    ('banded lower', lambda a, b: L.banded_triangular_solve(a + np.array([[3.], [0.]]), b),
     [RNG.normal(size=(2, 3)), RNG.normal(size=(3, 2))]),
    ('banded upper', lambda a, b: L.banded_triangular_solve(a + np.array([[0.], [0.], [3.]]), b, lower=False),
     [RNG.normal(size=(3, 3)), RNG.normal(size=(3, 2))]),
    ('tridiagonal_solve', L.tridiagonal_solve, [RNG.normal(size=(3, 4)) + [[0.], [4.], [0.]], RNG.normal(size=(4, 2))]),
    ('tridiagonal_matmul', L.tridiagonal_matmul, [RNG.normal(size=(2, 3, 4)), RNG.normal(size=(2, 4, 2))]),
    ('lstsq tall', L.lstsq, [RNG.normal(size=(4, 3)), RNG.normal(size=(4, 2))]),
    ('lstsq wide l2', lambda a, b: L.lstsq(a, b, l2_regularizer=0.5), [RNG.normal(size=(3, 4)), RNG.normal(size=(3, 2))]),
    # (lstsq fast=False has no gradient in TF 2.21: test_gradfuzz6_refused_gradients)
])
def test_gradients_match_central_differences(name, fn, xs):
    check_gradients(fn, xs)


@pytest.mark.parametrize('call', [
    lambda: L.triangular_solve(f32(R43), f32(B32)),
    lambda: L.triangular_solve(f32(LOWER), f32(R43)),
    lambda: L.triangular_solve(f32(LOWER), f32(B32[:, 0])),
    lambda: L.cholesky_solve(f32(LOWER), f32(R43)),
    lambda: L.lstsq(f32(R43), f32(B32)),
    lambda: L.lstsq(f32(R43), f32(R43[:, 0])),
    # two tensors of two dtypes (TF 2.21 converts a numpy rhs to the matrix's dtype: errors59 la2.py)
    lambda: L.triangular_solve(tf.constant(LOWER), tf.constant(f32(B32))),
    lambda: L.tridiagonal_matmul(f32(D), np.ones((4, 2), np.float32)),
])
def test_bad_shapes_raise_invalid_argument(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_tridiagonal_solve_size_mismatch_is_a_value_error():
    with pytest.raises(ValueError, match='tridiagonal_solve'):
        L.tridiagonal_solve(f32(D), np.ones((4, 2), np.float32))


# For tests/test_op_gradients.py and tests/test_bad_input_sweep.py.
COVERED_HERE = {'triangular_solve', 'cholesky_solve', 'banded_triangular_solve', 'tridiagonal_solve',
                'tridiagonal_matmul', 'lstsq'}
SWEEP_CALLS = {'triangular_solve': ((f32(LOWER), f32(B32)), {}), 'cholesky_solve': ((f32(LOWER), f32(B32)), {}),
               'banded_triangular_solve': ((f32([[2., 3., 4.], [5., 6., 7.]]), f32(B32)), {}),
               'tridiagonal_solve': ((f32(D), f32(B32)), {}), 'tridiagonal_matmul': ((f32(D), f32(B32)), {}),
               'lstsq': ((f32(R43), f32(W43[:, :2])), {})}
