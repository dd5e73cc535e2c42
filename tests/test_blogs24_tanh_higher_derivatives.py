"""Higher derivatives of tanh round as TF 2.21's: its gradient is a TanhGrad op whose own gradient
(TF's _TanhGradGrad) is grad * -2.0 * dy * y. Expected values printed by TF 2.21."""
import numpy as np

import framework as tf


def _four_derivatives(v):
    x = tf.Variable(v)
    with tf.GradientTape(persistent=True) as t4:
        with tf.GradientTape(persistent=True) as t3:
            with tf.GradientTape(persistent=True) as t2:
                with tf.GradientTape() as t1:
                    y = tf.tanh(x)
                g1 = t1.gradient(y, x)
            g2 = t2.gradient(g1, x)
        g3 = t3.gradient(g2, x)
    g4 = t4.gradient(g3, x)
    return [g.numpy() for g in (g1, g2, g3, g4)]


def test_scalar_derivatives_up_to_the_fourth():
    expected = {0.5: [0.78644776, -0.72686195, -0.5652094, 3.9522195],
                -1.3: [0.25743324, 0.44367236, 0.6321017, 0.40409723],
                2.0: [0.070650816, -0.13621867, 0.25265405, -0.42938715],
                0.1: [0.9900663, -0.19735587, -1.9211224, 1.5553212]}
    for v, values in expected.items():
        np.testing.assert_array_equal(_four_derivatives(v), np.float32(values))


def test_hessian_diagonal_of_a_squared_tanh():
    x = tf.Variable(np.linspace(-2, 2, 11).astype(np.float32))
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.reduce_sum(tf.tanh(x * 1.5) ** 2)
        g = t1.gradient(y, x)
    h = t2.gradient(g, x)
    np.testing.assert_array_equal(h.numpy(), np.float32(
        [-0.08748097717761993, -0.27729514241218567, -0.78724604845047, -1.4891777038574219,
         0.4314291477203369, 4.5, 0.4314291477203369, -1.4891777038574219, -0.78724604845047,
         -0.27729514241218567, -0.08748097717761993]))


def test_first_derivative_alone_is_unchanged():
    x = tf.constant([0.5, -1.3])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.tanh(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.float32([0.78644776, 0.25743324]))
