"""tf.math.cumulative_logsumexp's first value is the log-sum-exp of -inf and x[0], so TF 2.21 returns +0.0 for a
-0.0 there (numpy's accumulate copied it). Values printed by TF 2.21 (progs/gradfuzz8/t_clse.py trials 0, 47)."""
import framework as tf


def _text(t):
    return str(t.numpy().tolist())


def test_negative_zero_first_value_becomes_positive_zero():
    x = tf.constant([2.5, -0.0], tf.float64)
    assert _text(tf.math.cumulative_logsumexp(x, reverse=True)) == '[2.5788897342925496, 0.0]'
    assert _text(tf.math.cumulative_logsumexp(tf.constant([-0.0, -0.0]))) == '[0.0, 0.6931471824645996]'
    assert _text(tf.math.cumulative_logsumexp(tf.constant([[-0.0, 1.0]]), axis=1, exclusive=True)) == '[[-inf, 0.0]]'
