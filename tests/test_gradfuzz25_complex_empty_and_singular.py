"""Complex reductions of nothing and complex Cholesky factors that fail, as TF 2.21 gives them.

TF fills a reduction over an empty axis with its reducer's identity; Mean's identity is NaN only for the
real float types (reduction_ops_common.h), so a complex mean of no values is 0. TF's Cholesky kernel sets a
failed factor's lower triangle to numeric_limits<Scalar>::quiet_NaN(), which for std::complex is a zero:
a complex logdet of a singular matrix is -inf (tapeflow gave NaN), and its gradient, which solves against
that zero factor, is NaN (tapeflow's LU refused the singular triangle).
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('shape, axis, keepdims, expected', [
    ((2, 0), 1, False, [0j, 0j]),              # TF 2.21 gives [0j, 0j]
    ((2, 0), 1, True, [[0j], [0j]]),
    ((0,), 0, False, 0j),
    ((0, 3), None, True, [[0j]]),
    ((2, 0, 3), 1, False, [[0j] * 3] * 2),
    ((2, 0), [0, 1], False, 0j),
])
def test_complex_mean_of_nothing_is_zero(dtype, shape, axis, keepdims, expected):
    x = tf.zeros(shape, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_mean(x, axis=axis, keepdims=keepdims)
    grad = tape.gradient(y, x)
    assert y.dtype == dtype
    assert y.numpy().tolist() == expected
    assert not np.isnan(y.numpy()).any()
    assert grad.dtype == dtype and grad.shape == shape


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_real_mean_of_nothing_stays_nan(dtype):
    # TF 2.21: reduce_mean(zeros((2, 0)), 1) is [nan, nan] for the real float types
    assert np.isnan(tf.reduce_mean(tf.zeros((2, 0), dtype), axis=1).numpy()).all()


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('matrix', [[[5., 10.], [10., 20.]], [[0., 0.], [0., 0.]], [[4., 2.], [2., -1.]],
                                    [[1., 2., 3.], [2., 4., 6.], [3., 6., 9.]]])
def test_complex_cholesky_that_fails_is_zero_below(dtype, matrix):
    a = tf.cast(tf.constant(matrix), dtype)
    factor = tf.linalg.cholesky(a).numpy()
    # TF 2.21: zeros on and below the diagonal (its upper triangle is uninitialized memory, not compared)
    assert (np.tril(factor) == 0).all()
    assert tf.linalg.logdet(a).numpy() == -np.inf      # TF 2.21: -inf (tapeflow gave nan)


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('matrix', [[[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]]])
def test_complex_logdet_of_singular_gram_matrix(dtype, matrix):
    a = tf.cast(tf.constant(matrix), dtype)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.linalg.logdet(tf.matmul(a, a, adjoint_b=True))
    grad = tape.gradient(y, a)
    # TF 2.21: -inf, and a gradient of NaN + NaNj everywhere
    assert y.numpy() == -np.inf and y.dtype == dtype.real_dtype
    assert grad.dtype == dtype and np.isnan(grad.numpy().real).all() and np.isnan(grad.numpy().imag).all()


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
def test_complex_triangle_with_zero_diagonal_solves_on(dtype):
    # TF 2.21 solves on to inf / NaN ([[1, 0], [2, 0]] \ I: first row [1, 0], second row infinite / NaN)
    t = tf.cast(tf.constant([[1., 0.], [2., 0.]]), dtype)
    x = tf.linalg.triangular_solve(t, tf.eye(2, dtype=dtype)).numpy()
    assert x[0].tolist() == [1, 0]
    assert not np.isfinite(x[1]).any()


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('order, expected_norm', [(1, 8.577932439226895), (np.inf, 3.1622776601683795),
                                                  (3, 3.755393919076532)])
def test_normalize_casts_a_real_norm_to_the_complex_dtype(dtype, order, expected_norm):
    # TF 2.21's normalize casts the norm to the tensor's dtype: the 1, inf and p norms of a complex tensor are
    # real, and tapeflow's division refused them ('`x` and `y` must have the same dtype')
    x = tf.cast(tf.complex(tf.constant([[1.0, -2.0], [3.0, 0.5]]), tf.constant([[0.5, 1.0], [-1.0, 2.0]])), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        normalized, norm = tf.linalg.normalize(x, ord=order)
        y = tf.abs(normalized)
    grad = tape.gradient(y, x)
    assert normalized.dtype == dtype and norm.dtype == dtype and norm.shape == (1, 1)
    np.testing.assert_allclose(norm.numpy(), [[expected_norm]], rtol=1e-6)
    np.testing.assert_allclose(normalized.numpy(), x.numpy() / expected_norm, rtol=1e-6)
    assert grad.dtype == dtype
    if order == 1:      # TF 2.21: zeros (|x| / sum |x| does not change along x)
        np.testing.assert_allclose(grad.numpy(), 0, atol=1e-6)
    if order == np.inf:     # TF 2.21's values, rounded to 5 places
        np.testing.assert_allclose(grad.numpy(), [[0.28284 + 0.14142j, -0.28284 + 0.14142j],
                                                  [-0.51377 + 0.17126j, 0.0767 + 0.30679j]], atol=2e-5)
