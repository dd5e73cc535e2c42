"""A 0-d float32 sigmoid's gradient takes SigmoidGrad's scalar functor (dy * y) * (1 - y), as TF 2.21's
kernel does for values outside its packets (bits printed by TF 2.21); the packet form dy * (y * (1 - y))
stayed on 0-d tensors, whose numpy product is a scalar the tail assignment never reached."""
import numpy as np

import framework as tf


def gradient(value, upstream, shape):
    x = tf.constant(np.full(shape, value, np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sigmoid(x)
    return [float(v).hex() for v in np.ravel(tape.gradient(y, x, output_gradients=tf.constant(
        np.full(shape, upstream, np.float32))).numpy())]


def test_scalar_sigmoid_gradient_has_tf_bits():
    assert gradient(0.02, 0.7, ()) == ['0x1.665d3a0000000p-3']
    assert gradient(1.7, -0.41, ()) == ['-0x1.b6ab080000000p-5']
    assert gradient(0.02, 0.7, (9,)) == ['0x1.665d380000000p-3'] * 8 + ['0x1.665d3a0000000p-3']


def test_log_sigmoid_of_a_product_chain():
    x = tf.Variable([[0.35, -0.57], [-0.5, -1.09], [-1.25, 0.28]])
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.math.log(tf.sigmoid(tf.reduce_prod(x))))
    assert [float(v).hex() for v in tape.gradient(h, x).numpy().ravel()] == [
        '0x1.1dee100000000p-5', '-0x1.5f245c0000000p-6', '-0x1.904d480000000p-6', '-0x1.6f3fda0000000p-7',
        '-0x1.403dd60000000p-7', '0x1.6569960000000p-5']
