"""tf.linalg.solve, tf.linalg.inv and keras.ops.solve carry TF 2.21's bits for small matrices.

TF's MatrixSolve and MatrixInverse factor with Eigen's PartialPivLU (adjoint: the LU of the
transpose; inverse: the solve of the identity), whose sums round otherwise than LAPACK's: tapeflow
(numpy's solve and inv) differed in the last bits on every size, e.g. keras.ops.solve of
[[2, 1], [1, 3]] and [1, 2] gave 0.20000002 where TF prints 0.19999999, and keras.ops.solve was
inv(a) @ b where Keras's TF backend calls tf.linalg.solve. eigen_lu_solve's unblocked LU now
computes float32 systems up to 16 x 16 and float64 up to 8 x 8 (past those TF's Eigen blocks
its LU). Goldens printed by TF 2.21 for /work/notes/progs/tutorials25/golden_solve.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def _data(shape, phase, dtype=np.float32):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 1.37 + phase) * 1.5).astype(dtype).reshape(shape)


def _bits(t):
    a = np.asarray(t)
    return int(a.view(np.int32 if a.dtype == np.float32 else np.int64).astype(np.int64).sum() % (1 << 40))


@pytest.mark.parametrize('dtype, n, k, golden, head', [
    (np.float32, 3, 1, (2081801954, 2064877366, 10465475173, 10465475174), [-0.1027493104338646, 0.9482684135437012]),
    (np.float32, 5, 2, (1093038632481, 1099332848283, 8442496617, 8442497255), [0.379775732755661, -3.388791799545288]),
    (np.float32, 16, 3, (852420897, 1095676742271, 5007941075, 5007959331), [0.8577052354812622, 1.174249529838562]),
    (np.float64, 2, 1, (642525431235, 913496775993, 258854316034, 258854316036), [2.317001148308773, -1.3447926051445351]),
    (np.float64, 8, 2, (320284291567, 264057097537, 1083485856201, 1083485855864), [0.9968552947333068, 0.825258114727746])])
def test_solve_and_inverse_have_tfs_bits(dtype, n, k, golden, head):
    a = _data((2, n, n), 0.3, dtype) + np.eye(n, dtype=dtype)
    b = _data((2, n, k), 1.1, dtype)
    x = tf.linalg.solve(a, b)
    got = (_bits(x), _bits(tf.linalg.solve(a, b, adjoint=True)), _bits(tf.linalg.inv(a)),
           _bits(tf.linalg.inv(a, adjoint=True)))
    assert got == golden
    assert x.numpy().ravel()[:2].tolist() == head


def test_solve_gradients_have_tfs_bits():
    # TF's gradient is MatrixSolve(a, g, adjoint=True): the same LU of the transpose
    a = tf.Variable(_data((4, 4), 0.3) + np.eye(4, dtype=np.float32))
    b = tf.Variable(_data((4, 2), 1.1))
    with tf.GradientTape() as tape:
        x = tf.linalg.solve(a, b)
        loss = tf.reduce_sum(x * x)
    ga, gb = tape.gradient(loss, [a, b])
    assert (_bits(x), _bits(ga), _bits(gb)) == (2066690310, 1095306080508, 2144085042)
    assert ga.numpy()[0].tolist() == [-6.315164566040039, 2.489473342895508, -4.789680480957031, -0.3775564432144165]


def test_keras_ops_solve_is_tfs_solve():
    x = keras.ops.solve(tf.constant([[2., 1.], [1., 3.]]), tf.constant([1., 2.]))
    assert x.shape == (2,)
    assert x.numpy().tolist() == [0.19999998807907104, 0.6000000238418579]
    m = _data((5, 5), 0.9) + 2 * np.eye(5, dtype=np.float32)
    assert (_bits(keras.ops.solve(m, _data((5,), 0.2))), _bits(keras.ops.solve(m, _data((5, 3), 0.2)))) == (
        3095475706, 1096067394026)


def test_a_printed_inverse_has_tfs_digits():
    inv = tf.linalg.inv(tf.constant([[4., -2., 1.], [-2., 4., -2.], [1., -2., 4.]]))
    assert inv.numpy().tolist() == [[0.3333333432674408, 0.1666666716337204, 0.0],
                                    [0.1666666716337204, 0.4166666865348816, 0.1666666716337204],
                                    [0.0, 0.1666666716337204, 0.3333333432674408]]


def test_singular_and_larger_matrices_keep_their_paths():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Input matrix is not invertible.'):
        tf.linalg.solve(tf.constant([[1., 2.], [2., 4.]]), tf.constant([[1.], [2.]]))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Input is not invertible.'):
        tf.linalg.inv(tf.constant([[1., 2.], [2., 4.]]))
    a = _data((20, 20), 0.3) + 4 * np.eye(20, dtype=np.float32)     # past 16: LAPACK's (not TF's) bits
    np.testing.assert_allclose(tf.linalg.solve(a, _data((20, 1), 1.1)).numpy(),
                               np.linalg.solve(a, _data((20, 1), 1.1)), rtol=1e-5)
