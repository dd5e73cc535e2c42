"""A reduction whose every output reads one value (a scalar, axis=[], reduced axes of size 1) copies it,
as TF's reducers do: reduce_sum / reduce_mean of -0.0 are -0.0 (numpy's sum added it to +0). Values
printed by TF 2.21 (progs/gradfuzz7/pin_sumz.py; fuzz program 31 #107 printed y: -0.0)."""
import framework as tf


def _text(t):
    return str(t.numpy().tolist())


def test_single_value_reductions_keep_negative_zero():
    assert _text(tf.reduce_sum(tf.constant(-0.0))) == '-0.0'
    assert _text(tf.reduce_mean(tf.constant(-0.0))) == '-0.0'
    assert _text(tf.reduce_sum(tf.constant([-0.0]))) == '-0.0'
    assert _text(tf.reduce_sum(tf.constant([-0.0]), axis=0)) == '-0.0'
    assert _text(tf.reduce_mean(tf.constant([[-0.0], [0.0]]), axis=-1)) == '[-0.0, 0.0]'
    assert _text(tf.reduce_sum(tf.constant([[-0.0, 2.0]], tf.float64), axis=0)) == '[-0.0, 2.0]'


def test_sums_of_several_values_start_from_zero():
    assert _text(tf.reduce_sum(tf.constant([-0.0, -0.0]))) == '0.0'
    assert _text(tf.reduce_sum(tf.constant([[-0.0], [0.0]]), axis=0)) == '[0.0]'


def test_loss_of_a_negative_zero_product():
    x = tf.Variable([-0.73, 0.9, 0.19])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reduce_prod(x * tf.constant([0.0, 1.0, 0.0])) * 1.1)
    assert _text(y) == '-0.0'
    assert tape.gradient(y, x).numpy().tolist() == [0.0, -0.0, -0.0]
