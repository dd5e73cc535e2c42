"""tf.math.cumulative_logsumexp as TF 2.21: its first value is the log-sum-exp of -inf and x[0], so +0.0 for a
-0.0 there (numpy's accumulate copied it). Values printed by TF 2.21 (progs/gradfuzz8/t_clse.py trials 0, 47)."""
import framework as tf


def _text(t):
    return str(t.numpy().tolist())


def test_negative_zero_first_value_becomes_positive_zero():
    x = tf.constant([2.5, -0.0], tf.float64)
    assert _text(tf.math.cumulative_logsumexp(x, reverse=True)) == '[2.5788897342925496, 0.0]'
    assert _text(tf.math.cumulative_logsumexp(tf.constant([-0.0, -0.0]))) == '[0.0, 0.6931471824645996]'
    assert _text(tf.math.cumulative_logsumexp(tf.constant([[-0.0, 1.0]]), axis=1, exclusive=True)) == '[[-inf, 0.0]]'


def test_third_derivative_through_a_zero_gradient_is_nan():
    # TF's rule takes log(g) of every upstream g (where only picks): 0 / 0 at third order (fuzz 46 #261)
    x = tf.Variable([1.13, 1.93, -1.33])
    with tf.GradientTape() as t3:
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = tf.reduce_sum(tf.math.cumulative_logsumexp(x, axis=-1, reverse=True))
            g = t1.gradient(y, x)
            gs = tf.reduce_sum(g)
        g2 = t2.gradient(gs, x)
        g2s = tf.reduce_sum(g2 * tf.constant([1.32, -2.0, 1.77]))
    assert _text(g2) == '[0.0, 0.0, 0.0]'
    assert _text(t3.gradient(g2s, x)) == '[nan, nan, nan]'
