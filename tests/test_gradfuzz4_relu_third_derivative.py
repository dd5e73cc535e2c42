"""relu's and relu6's third derivative is zeros, as in TF 2.21, and leaky_relu's None.

TF's Relu / Relu6 rules hand ReluGrad the op's output (nn_grad.py: relu_grad(grad, op.outputs[0])), so the
zeros_like(features) of ReluGrad's own rule stays connected to x through relu, and a third tape gets zeros;
LeakyRelu's rule takes its input, and there the third derivative is None. tapeflow gave None for all three
(gradfuzz4's op-chain fuzz: 3 of 500 programs). Printed by TF 2.21.
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('fn, tf_third', [
    (tf.nn.relu, [0.0, 0.0, 0.0]), (tf.nn.relu6, [0.0, 0.0, 0.0]), (tf.nn.leaky_relu, None),
    (tf.abs, None), (tf.nn.elu, [0.0, 0.280448614270073, 0.0]),
])
def test_third_derivative_is_connected_as_in_tf(fn, tf_third):
    x = tf.Variable([1.02, -1.01, 1.73], dtype=tf.float64)
    with tf.GradientTape() as t3:
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = tf.reduce_sum(fn(x))
            g = t1.gradient(y, x)
            gs = tf.reduce_sum(g)
        g2 = t2.gradient(gs, x)
        g2s = tf.reduce_sum(g2 * tf.constant([0.01, 0.77, 0.58], tf.float64))
    g3 = t3.gradient(g2s, x)
    if tf_third is None:
        assert g3 is None
    else:
        np.testing.assert_array_equal(g3.numpy(), tf_third)
