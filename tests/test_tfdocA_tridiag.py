"""tf.linalg.LinearOperatorTridiag (TF 2.21's linear_operator_tridiag.py docstring) and tf.linalg.tridiagonal_solve
as TensorFlow's kernel computes it (dgtsv's pivoting, or Thomas; NaN when singular) with its gradient.
Golden values printed by TF 2.21 (/opt/tfref) running the same calls."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

D = [[0.3, -1.7, 2.2, 0.9, 0.], [0.01, 0.5, -0.02, 1.3, -0.4], [0., 2.5, 1.1, -3.0, 0.7]]
B = [[1.0, -2.0], [0.5, 0.25], [3.0, 1.0], [-1.5, 2.0], [0.1, 0.2]]


def test_the_docstring_operator():
    # TF 2.21: to_dense [[1, 3, 0], [7, -1, 4], [0, 8, 2]], shape (3, 3), log|det| 4.330733299255371
    operator = tf.linalg.LinearOperatorTridiag([[3., 4., 5.], [1., -1., 2.], [6., 7., 8]], diagonals_format='sequence')
    assert operator.to_dense().numpy().tolist() == [[1., 3., 0.], [7., -1., 4.], [0., 8., 2.]]
    assert operator.shape == (3, 3)
    assert operator.log_abs_determinant().numpy() == np.float32(4.330733299255371)
    assert operator.matvec([1., 2., 3.]).numpy().tolist() == [7., 17., 22.]
    assert operator.solvevec([1., 2., 3.]).numpy().tolist() == [np.float32(v) for v in
                                                               (0.1315789520740509, 0.28947368264198303,
                                                                0.34210526943206787)]
    assert operator.solvevec([1., 2., 3.], adjoint=True).numpy().tolist() == [
        np.float32(v) for v in (-1.394736886024475, 0.3421052396297455, 0.8157894611358643)]


def test_formats_and_batches():
    compact = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7 + 1)
    op = tf.linalg.LinearOperatorTridiag(compact)
    assert op.shape == (2, 4, 4) and op.batch_shape == (2,)
    dense = op.to_dense()
    matrix = tf.linalg.LinearOperatorTridiag(dense, diagonals_format='matrix')
    y = tf.ones([2, 4, 1])
    np.testing.assert_array_equal(op.solve(y).numpy(), matrix.solve(y).numpy())
    np.testing.assert_array_equal(op.diag_part().numpy(), compact[:, 1].numpy())
    np.testing.assert_allclose(op.matmul(y).numpy(), tf.matmul(dense, y).numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match='Argument `diagonals_format` must be one of compact, matrix, or sequence. '
                                         'Received : bad.'):
        tf.linalg.LinearOperatorTridiag(compact, diagonals_format='bad')


def test_tridiagonal_solve_is_tensorflows_kernel_bit_for_bit():
    # TF 2.21 float32 (pivoting, then Thomas); the float64 dense solution differs in the last bits
    want = [[-0.3810523450374603, 3.4235825538635254], [3.3460350036621094, -6.78078556060791],
            [0.12963919341564178, 2.8932721614837646], [-0.3082025945186615, 3.8712406158447266],
            [-0.7893545031547546, 6.274670600891113]]
    assert tf.linalg.tridiagonal_solve(D, B).numpy().tolist() == want
    thomas = [[-0.38105010986328125, 3.423583984375], [3.3460347652435303, -6.78078556060791],
              [0.12964153289794922, 2.8932647705078125], [-0.3082025349140167, 3.8712408542633057],
              [-0.7893545031547546, 6.27467155456543]]
    assert tf.linalg.tridiagonal_solve(D, B, partial_pivoting=False).numpy().tolist() == thomas
    sequence = [np.array(D[0][:-1], np.float32), np.array(D[1], np.float32), np.array(D[2][1:], np.float32)]
    assert tf.linalg.tridiagonal_solve(sequence, B, diagonals_format='sequence').numpy().tolist() == want


def test_tridiagonal_solve_gradients_are_tensorflows():
    # TF 2.21: d sum(x ** 2) / d diagonals and / d rhs (its _TridiagonalSolveGrad)
    dv, bv = tf.Variable(D), tf.Variable(B)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.linalg.tridiagonal_solve(dv, bv) ** 2)
    gd, gb = tape.gradient(loss, [dv, bv])
    assert gd.numpy().tolist() == [
        [-902.8714599609375, -9.242392539978027, -72.40437316894531, 24.435070037841797, -0.0],
        [417.34747314453125, 23.203161239624023, -53.482879638671875, 15.046090126037598, 254.95176696777344],
        [-0.0, -11.162284851074219, 131.73626708984375, 11.18579387664795, 156.52391052246094]]
    assert gb.numpy().tolist() == [[29.432308197021484, -118.62784576416016],
                                   [-0.4225711226463318, 3.2133772373199463],
                                   [-1.7512155771255493, 18.563724517822266],
                                   [0.16470560431480408, -3.8735196590423584],
                                   [4.317359924316406, -40.08877182006836]]


@pytest.mark.parametrize('pivoting', [True, False])
def test_tridiagonal_solve_gradients_match_central_differences(pivoting):
    rng = np.random.default_rng(3)
    diagonals = rng.normal(size=(2, 3, 4))
    diagonals[:, 1] += 4.0          # diagonally dominant: the Thomas algorithm needs no pivots
    check_gradients(lambda d, b: tf.linalg.tridiagonal_solve(d, b, partial_pivoting=pivoting),
                    [diagonals, rng.normal(size=(2, 4, 3))])


def test_a_singular_system_gives_nan():
    # TF 2.21: NaN (and a logged warning), not an error
    out = tf.linalg.tridiagonal_solve(tf.constant([[0., 1., 0.], [0., 0., 3.], [0., 1., 0.]]), tf.ones([3, 1]))
    assert np.isnan(out.numpy()).all()
    out = tf.linalg.tridiagonal_solve(tf.constant([[1., 1., 0.], [0., 1., 3.], [0., 1., 0.]]), tf.ones([3, 1]),
                                      partial_pivoting=False)
    assert np.isnan(out.numpy()).all()
