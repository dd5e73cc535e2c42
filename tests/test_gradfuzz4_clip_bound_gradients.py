"""tf.clip_by_value's gradients for tensor bounds, as TF 2.21 sends them through maximum(minimum(t, hi), lo).

tapeflow gave lo the gradient where t < lo and hi where t > hi: with the bounds the wrong way round
(lo > hi, where the result is lo), lo got nothing and hi got it, and where t is NaN lo got nothing (TF: lo,
whose Maximum rule keeps g for minimum(t, hi) only where that is >= lo). Found by gradfuzz4's templated
fuzz (clip_by_value(x, w, 1.0) with w above 1). Values printed by TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

NAN = float('nan')
T = [-2.0, -1.0, 0.0, 1.0, 2.0, 0.5, NAN, 1.5]


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
@pytest.mark.parametrize('lo_value, hi_value, tf_gradients', [
    (-1.0, 1.0, [[0.0, 2.0, 3.0, 4.0, 0.0, 6.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 7.0, 0.0],
                 [0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 0.0, 8.0]]),
    (1.0, -1.0, [[0.0] * 8, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.0] * 8]),
    (0.5, 0.5, [[0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0], [1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 7.0, 0.0],
                [0.0, 0.0, 0.0, 4.0, 5.0, 0.0, 0.0, 8.0]]),
    (NAN, 1.0, [[0.0] * 8, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.0] * 8]),
    (-1.0, NAN, [[0.0] * 8, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.0] * 8]),
])
def test_tensor_bounds_take_tfs_shares(dtype, lo_value, hi_value, tf_gradients):
    t = tf.Variable(T, dtype=dtype)
    lo = tf.Variable([lo_value] * 8, dtype=dtype)
    hi = tf.Variable([hi_value] * 8, dtype=dtype)
    with tf.GradientTape() as tape:
        y = tf.clip_by_value(t, lo, hi)
        z = tf.reduce_sum(y * tf.range(1, 9, dtype=dtype))
    grads = tape.gradient(z, [t, lo, hi])
    for got, expected in zip(grads, tf_gradients):
        np.testing.assert_array_equal(got.numpy(), expected)


@pytest.mark.parametrize('lo_value, tf_lo_gradient, tf_t_gradient', [
    (-1.0, 8.0, [0.0, 2.0, 3.0, 0.0, 0.0, 6.0, 0.0, 0.0]),     # t = -2 and t = NaN (weights 1 and 7)
    (1.0, 36.0, [0.0] * 8),                                       # above the max bound 0.7: all of it
    (0.5, 13.0, [0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0]),
])
def test_scalar_lower_bound_variable(lo_value, tf_lo_gradient, tf_t_gradient):
    t = tf.Variable(T)
    lo = tf.Variable(lo_value)
    with tf.GradientTape() as tape:
        y = tf.clip_by_value(t, lo, 0.7)
        z = tf.reduce_sum(y * tf.range(1, 9, dtype=tf.float32))
    g_t, g_lo = tape.gradient(z, [t, lo])
    np.testing.assert_array_equal(g_t.numpy(), tf_t_gradient)
    assert g_lo.numpy() == tf_lo_gradient
