"""A gradient reaching tf.linalg.logm raises TF 2.21's LookupError (MatrixLogarithm registers no gradient);
tapeflow gave None. Text printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf


def test_logm_gradient_is_tfs_lookup_error():
    x = tf.Variable([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]])
    with tf.GradientTape() as t:
        y = tf.math.real(tf.linalg.logm(tf.cast(tf.matmul(x, x, transpose_b=True), tf.complex64)))
        w = tf.reduce_sum(y)
    np.testing.assert_allclose(y.numpy(), [[2.3569531, -0.9448301], [-0.9448301, 1.0850662]], rtol=1e-5)
    with pytest.raises(LookupError, match='^gradient registry has no entry for: MatrixLogarithm$'):
        t.gradient(w, x)


def test_logm_off_the_tape_path_is_unaffected():
    a = tf.constant([[2.0 + 0j, 0.0], [0.0, 3.0]], tf.complex128)
    np.testing.assert_allclose(tf.linalg.logm(a).numpy(), [[np.log(2.0), 0.0], [0.0, np.log(3.0)]])
