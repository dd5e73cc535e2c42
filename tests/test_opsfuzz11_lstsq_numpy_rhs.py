"""tf.linalg.lstsq converts a non-tensor rhs with the matrix's dtype, as TF 2.21 (printed by TF 2.21:
tf.linalg.lstsq(tf.eye(3, 2), np.ones([3, 1])) -> [[1.0], [1.0]] float32; a [[1], [2], [3]] list -> [[1.0], [2.0]])."""
import numpy as np

import framework as tf


def test_numpy_and_list_rhs_take_the_matrix_dtype():
    for rhs, expected in ((np.ones([3, 1]), [[1.0], [1.0]]), ([[1], [2], [3]], [[1.0], [2.0]])):
        for fast in (True, False):
            x = tf.linalg.lstsq(tf.eye(3, 2), rhs, fast=fast)
            assert x.dtype == tf.float32
            assert np.allclose(x.numpy(), expected, atol=1e-6)
    assert tf.linalg.lstsq(tf.eye(3, 2), np.ones([3, 1])).numpy().tolist() == [[1.0], [1.0]]
