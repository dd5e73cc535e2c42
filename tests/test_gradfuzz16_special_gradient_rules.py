"""betainc's and bessel_j1's gradients are TF 2.21's rules (math_grad.py), edge values included.

_BetaincGrad writes x**(a-1) (1-x)**(b-1) / B(a, b) as exp(xlog1py(b - 1, -x) + xlogy(a - 1, x) - log_beta):
where a == 1 (b == 1) at x == 0 (x == 1) the term is 0, not 0 * log(0) = NaN, and its partial towards a is
xlogy's zero there. _BesselJ1Grad is where(x == 0, 0.5, j0(x) - y / x), so its own gradient at 0 is NaN.
Golden values printed by TF 2.21 (notes/progs/gradfuzz16/t5.py, p3.py).
"""
import numpy as np

import framework as tf

H = float.fromhex


def _betainc_grads(a, b, x, dtype):
    a, b, x = (tf.constant(v, dtype) for v in (a, b, x))
    with tf.GradientTape() as outer:
        outer.watch([a, b, x])
        with tf.GradientTape() as inner:
            inner.watch([a, b, x])
            y = tf.reduce_sum(tf.math.betainc(a, b, x))
        first = inner.gradient(y, [a, b, x])
        weighted = tf.reduce_sum(first[2] * 0.7)
    return first, outer.gradient(weighted, [a, b, x])


def test_betainc_gradient_at_the_ends_where_a_or_b_is_one():
    # TF 2.21: x's gradient [2, 2, 1, 0.5, 0x1.147ae2p-2], float32 and float64 (tapeflow gave NaN for the first four)
    for dtype in (tf.float32, tf.float64):
        first, second = _betainc_grads([1., 2., 1., 0.5, 3.], [2., 1., 1., 1., 1.], [0., 1., 0., 1., 0.3], dtype)
        assert first[0] is None and first[1] is None
        assert first[2].numpy()[:4].tolist() == [2., 2., 1., 0.5]
        assert first[2].dtype == dtype
        assert np.isfinite(second[0].numpy()).all() and np.isfinite(second[1].numpy()).all()
    # second derivative towards a at a = 1, x = 0: TF 0x1.0ccccep+1 (float32)
    _, second = _betainc_grads([1., 2., 1., 0.5, 3.], [2., 1., 1., 1., 1.], [0., 1., 0., 1., 0.3], tf.float32)
    assert second[0].numpy()[0] == np.float32(H('0x1.0ccccep+1'))


def test_betainc_second_derivative_towards_a_at_one_uses_xlogy_partial():
    # a = 1, b = 2, x = 0.9: TF 2.21 float64 0x1.ae147ae147adfp-3 (0.21), float32 0x1.ae1484p-3;
    # the plain (a - 1) * log(x) gave 0x1.8fdefc03f4838p-3
    _, second = _betainc_grads([0.5, 2.0, 1.0, 3.0], [0.5, 3.0, 2.0, 0.7], [0.3, 0.5, 0.9, 0.1], tf.float64)
    assert second[0].numpy()[2] == H('0x1.ae147ae147adfp-3')
    _, second = _betainc_grads([0.5, 2.0, 1.0, 3.0], [0.5, 3.0, 2.0, 0.7], [0.3, 0.5, 0.9, 0.1], tf.float32)
    assert second[0].numpy()[2] == np.float32(H('0x1.ae1484p-3'))


def test_betainc_x_gradient_matches_central_differences():
    a, b, x = np.array([0.5, 2.0, 1.0, 3.0]), np.array([0.5, 3.0, 2.0, 0.7]), np.array([0.3, 0.5, 0.9, 0.1])
    first, _ = _betainc_grads(a, b, x, tf.float64)
    eps = 1e-6
    numeric = (tf.math.betainc(a, b, x + eps).numpy() - tf.math.betainc(a, b, x - eps).numpy()) / (2 * eps)
    np.testing.assert_allclose(first[2].numpy(), numeric, rtol=1e-6)


def test_bessel_j1_second_derivative_at_zero_is_nan_as_in_tf():
    # TF 2.21 float32: [-0x1.ad79p-6, -0x1.d2218p-3, -0x1.c8d89p-3, 0x1.d2218p-3, nan] at x = [0.1, 1, 2.5, -1, 0]
    for dtype in (tf.float32, tf.float64):
        x = tf.constant([0.1, 1.0, 2.5, -1.0, 0.0], dtype)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(tf.math.special.bessel_j1(x))
            first = inner.gradient(y, x)
            weighted = tf.reduce_sum(first * 0.7)
        second = outer.gradient(weighted, x).numpy()
        assert first.numpy()[4] == 0.5
        assert np.isnan(second[4]) and np.isfinite(second[:4]).all()
        np.testing.assert_allclose(second[:4], [H('-0x1.ad79p-6'), H('-0x1.d2218p-3'), H('-0x1.c8d89p-3'),
                                                H("0x1.d2218p-3")], rtol=1e-4)   # (TF float32 cancels at 0.1)
