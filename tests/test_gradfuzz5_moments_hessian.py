"""tf.math.squared_difference is one op with TF 2.21's rule, x_grad = (2 * g) * (x - y), y's -x_grad.

The product d * d it was gave the same first derivative, but a second derivative through
tf.nn.moments (normalising by the batch variance under nested tapes) added its terms in another
order: 1 ulp off in several values (bits printed by TF 2.21).
"""
import numpy as np

import framework as tf


def hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def test_second_derivative_through_moments_variance_has_tf_bits():
    x = tf.constant((np.arange(12).reshape(4, 3) * 0.37 % 1.3 - 0.6).astype('float32'))
    w = tf.constant((np.arange(12).reshape(4, 3) * 0.53 % 1.1 - 0.4).astype('float32'))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            mean, variance = tf.nn.moments(x, [0], keepdims=True)
            loss = tf.reduce_sum((x * tf.math.rsqrt(variance + 1e-3) - mean) * w)
        g = inner.gradient(loss, x)
        s = tf.reduce_sum(g * g)
    assert hexes(g) == [
        '0x1.14d0a00000000p-4', '-0x1.16cee00000000p-4', '0x1.6c6f200000000p+1', '-0x1.00ddd80000000p-1',
        '0x1.ea46e60000000p-1', '-0x1.40e9980000000p-5', '0x1.e9f1380000000p-1', '-0x1.fea6840000000p-3',
        '0x1.1921700000000p+1', '-0x1.8c65aa0000000p-3', '0x1.8d77240000000p-1', '-0x1.6145580000000p-1']
    assert hexes(outer.gradient(s, x)) == [
        '0x1.29e3e00000000p+1', '0x1.d72a6c0000000p+0', '-0x1.1eb1000000000p+6', '-0x1.a6fe800000000p-6',
        '0x1.d9a44c0000000p+1', '-0x1.18acda0000000p+4', '-0x1.d9434e0000000p+1', '-0x1.3f600a0000000p+1',
        '-0x1.46ee940000000p+2', '0x1.c3538c0000000p-2', '-0x1.4543d00000000p-1', '0x1.882dc40000000p+5']


def test_squared_difference_gradients_sum_to_each_operand():
    a = tf.constant([[1.0, -2.0], [0.5, 3.0]])
    b = tf.constant([0.25, 1.0])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.math.squared_difference(a, b)
    ga, gb = tape.gradient(y, [a, b], output_gradients=tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    assert y.numpy().tolist() == [[0.5625, 9.0], [0.0625, 4.0]]
    assert ga.numpy().tolist() == [[1.5, -12.0], [1.5, 16.0]]
    assert gb.numpy().tolist() == [-3.0, -4.0]
