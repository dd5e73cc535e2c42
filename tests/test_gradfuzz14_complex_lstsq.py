"""tf.linalg.lstsq of complex matrices solves the normal equations with adjoints, as TF 2.21's MatrixSolveLs
(complex64 / complex128): tapeflow refused complex input ('lstsq: expected a floating tensor'). Its gradient
comes from the composed ops (matmul, cholesky, cholesky_solve), which match TF's _MatrixSolveLsGrad."""
import numpy as np
import pytest

import framework as tf

A = [[1 + 1j, 2 - 1j], [0.5j, 1 + 0j], [-1 + 0.5j, 0.25 + 0j], [2 + 0j, -1j]]
B = [[1 + 0j], [2 - 1j], [0.5j], [-1 + 1j]]
# printed by TF 2.21 (notes/progs/gradfuzz14/t10.py) for the first test's program
TF_X = [[-0.29646346+0.6741911j ], [ 0.99322796+0.04063203j]]
TF_GA = [[ 1.157826  +0.7067732j  , -1.2126632 +1.1463802j  ], [ 0.08202502-1.3121469j  ,  1.2292547 +0.10572277j ], [ 1.4681029 +0.059042916j, -0.19544555+1.9443868j  ], [-0.07383588+1.1279072j  , -1.0940387 -0.4251741j  ]]
TF_GB = [[ 0.9300226 -0.6290444j ], [ 0.50714827-0.28592926j], [-0.61399543-0.82016546j], [ 0.31903687+0.8427388j ]]


def test_complex_lstsq_value_and_gradient_are_tf_2_21s():
    a = tf.constant(A, tf.complex64)
    b = tf.constant(B, tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        x = tf.linalg.lstsq(a, b)
        loss = tf.math.real(tf.reduce_sum(x * [[1 - 1j], [2 + 0.5j]]))
    ga, gb = tape.gradient(loss, [a, b])
    # printed by TF 2.21: repr(x.numpy()), repr(ga.numpy()), repr(gb.numpy())
    np.testing.assert_allclose(x.numpy(), TF_X, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ga.numpy(), TF_GA, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gb.numpy(), TF_GB, rtol=1e-5, atol=1e-6)


def test_complex128_lstsq_gradient_matches_central_differences():
    rng = np.random.RandomState(21)
    a0 = rng.randn(5, 3) + 1j * rng.randn(5, 3)
    b = tf.constant(rng.randn(5, 2) + 1j * rng.randn(5, 2))
    w = tf.constant(rng.randn(3, 2) + 1j * rng.randn(3, 2))

    def loss(m):
        return tf.math.real(tf.reduce_sum(tf.linalg.lstsq(m, b) * w))

    a = tf.constant(a0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        value = loss(a)
    got = tape.gradient(value, a).numpy()
    h = 1e-6
    want = np.zeros_like(a0)
    for idx in np.ndindex(a0.shape):
        s = np.zeros_like(a0)
        s[idx] = h
        f = lambda m: float(loss(tf.constant(m)))
        want[idx] = (f(a0 + s) - f(a0 - s) + 1j * (f(a0 + 1j * s) - f(a0 - 1j * s))) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)


def test_complex128_with_l2_regularizer_is_refused_as_in_tf():
    a = tf.constant(np.array(A, np.complex128))
    with pytest.raises(NotImplementedError, match='matrix_solve_ls is currently disabled for complex128 and '
                                                  'l2_regularizer != 0 due to poor accuracy.'):
        tf.linalg.lstsq(a, tf.constant(np.array(B, np.complex128)), l2_regularizer=0.5)
