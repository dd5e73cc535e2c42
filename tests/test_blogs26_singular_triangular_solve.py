"""tf.linalg.triangular_solve with a zero on the triangle's diagonal solves on as TF 2.21's kernel does
(each entry times the diagonal's reciprocal: inf, -inf or NaN) instead of raising MatrixSolve's
'Input matrix is not invertible.' (/work/notes/progs/blogs26/p61.py: the lower triangle of
[[2, 1, 1], [1, 3, 2], [1, 0, 0]] against [4, 5, 6] prints [[2.], [1.], [inf]] under TF).
Expected values printed by TF 2.21 (q_trisolve.py there).
"""
import numpy as np
import pytest

import framework as tf

# (matrix, rhs, lower): TF 2.21's solutions in float32 and float64, then float32 with adjoint=True
GOLDEN = [
    ([[2., 0., 0.], [1., 3., 0.], [1., 0., 0.]], [[4.], [5.], [6.]], True,
     [[2.0], [1.0], [np.inf]], [[np.nan], [np.nan], [np.inf]]),
    ([[0., 0.], [1., 2.]], [[1.], [3.]], True, [[np.inf], [-np.inf]], [[-np.inf], [1.5]]),
    ([[0., 0.], [1., 2.]], [[0.], [3.]], True, [[np.nan], [np.nan]], [[-np.inf], [1.5]]),
    ([[1., 2.], [0., 0.]], [[1.], [-3.]], False, [[np.inf], [-np.inf]], [[1.0], [-np.inf]]),
    ([[1., 2., 3.], [0., 0., 5.], [0., 0., 2.]], [[1., 0.], [2., 1.], [4., 0.]], False,
     [[np.inf, -np.inf], [-np.inf, np.inf], [2.0, 0.0]], [[1.0, 0.0], [np.nan, np.inf], [np.nan, -np.inf]]),
    ([[-0., 0.], [1., 2.]], [[1.], [3.]], True, [[-np.inf], [np.inf]], [[np.inf], [1.5]]),   # a signed zero
]


@pytest.mark.parametrize('matrix, rhs, lower, solution, adjoint_solution', GOLDEN)
def test_a_zero_pivot_solves_on_to_inf_and_nan(matrix, rhs, lower, solution, adjoint_solution):
    for dtype in ('float32', 'float64'):
        x = tf.linalg.triangular_solve(tf.constant(matrix, dtype), tf.constant(rhs, dtype), lower=lower)
        np.testing.assert_array_equal(x.numpy(), solution)
    x = tf.linalg.triangular_solve(tf.constant(matrix), tf.constant(rhs), lower=lower, adjoint=True)
    np.testing.assert_array_equal(x.numpy(), adjoint_solution)


def test_a_large_singular_triangle_solves_too():
    # past the 8 x 8 that eigen_triangular_solve.py is checked to, TF 2.21 (q_trisolve_big.py) gives these
    t = np.tril(np.ones((12, 12), np.float32))
    t[5, 5] = 0
    np.testing.assert_array_equal(tf.linalg.triangular_solve(t, np.ones((12, 1), np.float32)).numpy()[:, 0],
                                  [1.0, 0.0, 0.0, 0.0, 0.0] + [np.nan] * 7)
    x = tf.linalg.triangular_solve(t, np.arange(12, dtype=np.float32)[:, None]).numpy()[:, 0]
    np.testing.assert_array_equal(x, [0.0, 1.0, 1.0, 1.0, 1.0, np.inf, -np.inf] + [np.nan] * 5)
