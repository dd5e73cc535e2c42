"""tf.reverse_sequence's gradient is TF 2.21's rule, ReverseSequence of the gradient: entries move and
keep their signs (a gather's scatter-add into zeros turned a -0 into +0; values printed by TF 2.21)."""
import numpy as np

import framework as tf


def test_gradient_keeps_negative_zeros_in_place():
    v = tf.Variable([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]])
    with tf.GradientTape() as tape:
        z = tf.reverse_sequence(v, [3, 1], seq_axis=1)
    g = tape.gradient(z, v, output_gradients=tf.constant([[-0.0, 1.0, 2.0], [3.0, -0.0, 0.0]]))
    assert g.numpy().tolist() == [[2.0, 1.0, 0.0], [3.0, 0.0, 0.0]]
    assert np.signbit(g.numpy()).tolist() == [[False, False, True], [False, True, False]]


def test_second_derivative_and_values():
    x = tf.constant([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]])
    c = tf.constant([[-1.0, 0.0, 2.0], [-0.0, 1.0, -3.0]])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reverse_sequence(x * x, [2, 0], seq_axis=1, batch_axis=0) * c
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g * g)
    assert g.numpy().tolist() == [[0.0, 4.0, 12.0], [0.0, 10.0, 36.0]]
    assert np.signbit(g.numpy()).tolist() == [[False, False, False], [True, False, False]]
    assert outer.gradient(s, x).numpy().tolist() == [[0.0, -16.0, 96.0], [0.0, 40.0, -432.0]]
    assert tf.reverse_sequence(tf.constant([[1, 2, 3], [4, 5, 6]]), [2, 3], seq_axis=1).numpy().tolist() == \
        [[2, 1, 3], [6, 5, 4]]
