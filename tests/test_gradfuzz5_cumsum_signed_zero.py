"""tf.math.cumsum gives no -0, as TF 2.21's Eigen scan (its accumulator starts at +0 and +0 + -0 is +0).

numpy's cumsum starts from x[0], so a leading -0 stayed -0, and cumprod's gradient (a reverse cumsum of
g * y divided by x) printed -0. where TF prints 0. (values printed by TF 2.21).
"""
import numpy as np

import framework as tf


def signs(t):
    return np.signbit(t.numpy()).tolist()


def test_cumsum_of_negative_zeros_is_positive_zero():
    assert signs(tf.math.cumsum(tf.constant([-0.0, -0.0, 1.0, -1.0]))) == [False] * 4
    assert signs(tf.math.cumsum(tf.constant([-0.0, -0.0], tf.float64), exclusive=True, reverse=True)) == [False] * 2


def test_exclusive_cumprod_gradient_through_a_zero_has_tf_signs():
    x = tf.constant([0.0, 2.0, -1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.cumprod(x, exclusive=True)
    g = tape.gradient(y, x, output_gradients=tf.constant([-1.0, 0.5, -2.0]))
    assert g.numpy().tolist() == [0.0, 0.0, 0.0]
    assert signs(g) == [False, False, True]
