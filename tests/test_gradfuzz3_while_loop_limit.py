"""tf.while_loop's maximum_iterations is read as TF 2.21's eager loop reads it: converted to a tensor, a
scalar, taken with int(). tapeflow refused an int32 tensor (the common tf.constant(4)), an int64 or a
Variable. Literals from TF 2.21 (eager)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('limit, expected', [
    (lambda: tf.constant(4), 4.5), (lambda: tf.constant(3, tf.int64), 3.5), (lambda: tf.Variable(3), 3.5),
    (lambda: tf.constant(2.7), 2.5), (lambda: 2.7, 2.5), (lambda: tf.constant(True), 1.5), (lambda: -1, 0.5),
    (lambda: np.int32(2), 2.5),
])
def test_limit_values(limit, expected):
    out = tf.while_loop(lambda v: True, lambda v: (v + 1.0,), (tf.constant([0.5]),), maximum_iterations=limit())
    np.testing.assert_array_equal(out[0].numpy(), [expected])


def test_limit_of_rank_one_is_refused_as_in_tf():
    with pytest.raises(ValueError, match=r"^'maximum_iterations' must be a scalar. Received shape: \(1, 1\)$"):
        tf.while_loop(lambda v: True, lambda v: (v + 1.0,), (tf.constant(0.5),), maximum_iterations=tf.constant([[2]]))


def test_gradient_through_a_tensor_limit():
    x = tf.Variable([0.5, 1.5, -1.0])
    with tf.GradientTape() as t:
        y = tf.while_loop(lambda v: True, lambda v: (tf.sin(v) + x,), (x,), maximum_iterations=tf.constant(4))[0]
        w = tf.reduce_sum(y * tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(y.numpy(), [1.49504, 2.2023, -1.93832], atol=1e-5)
    np.testing.assert_allclose(t.gradient(w, x).numpy(), [1.14794, 0.67968, 2.19624], atol=1e-5)
