"""A gradient reaching TensorFlow's Lu kernel (tf.linalg.lu, keras.ops.lu_factor) raises TF 2.21's LookupError:
TF registers no gradient for Lu, and tapeflow differentiated both (found by gradfuzz4's templated fuzz:
tf.linalg.lu_solve(*tf.linalg.lu(x), b) under a tape). Values and text printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = [[2.0, 1.0], [1.0, 3.0]]


def test_lu_solve_and_reconstruct_gradients_are_tfs_lookup_error():
    x = tf.Variable(X)
    with tf.GradientTape(persistent=True) as t:
        lu, p = tf.linalg.lu(x)
        y = tf.linalg.lu_solve(lu, p, tf.ones([2, 1]))
        z = tf.reduce_sum(y)
        w = tf.reduce_sum(tf.linalg.lu_reconstruct(lu, p))
    np.testing.assert_array_equal(lu.numpy(), [[2.0, 1.0], [0.5, 2.5]])
    assert p.numpy().tolist() == [0, 1]
    np.testing.assert_array_equal(y.numpy(), np.array([[0.4000000059604645], [0.20000000298023224]], np.float32))
    assert w.numpy() == 7.0
    for target in (z, w, lu):
        with pytest.raises(LookupError, match='^gradient registry has no entry for: Lu$'):
            t.gradient(target, x)


def test_keras_lu_factor_gradient_is_tfs_lookup_error():
    x = tf.constant(X)
    with tf.GradientTape() as t:
        t.watch(x)
        lu, _ = keras.ops.lu_factor(x)
        z = tf.reduce_sum(lu)
    np.testing.assert_array_equal(lu.numpy(), [[2.0, 1.0], [0.5, 2.5]])
    with pytest.raises(LookupError, match='^gradient registry has no entry for: Lu$'):
        t.gradient(z, x)


def test_off_the_tape_values_unchanged():
    lu, p = tf.linalg.lu(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    np.testing.assert_allclose(lu.numpy(), [[3.0, 4.0], [1 / 3, 2 / 3]], rtol=1e-6)
    assert p.numpy().tolist() == [1, 0]
