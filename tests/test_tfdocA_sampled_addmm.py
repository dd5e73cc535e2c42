"""tf.sparse.sampled_addmm (TF 2.21's math_ops.py docstring). Golden values printed by TF 2.21 (/opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients


def test_the_docstring_examples():
    # TF 2.21: values [43.625, 115.575]; batched [[75.75, 173.], [381.5, 524.5]]
    out = tf.sparse.sampled_addmm([[0, 0], [1, 1]], [0.5, 0.3], [2, 2], tf.constant([[1., 2., 3.], [4., 5., 6.]]),
                                  tf.constant([[7., 8.], [9., 10.], [11., 12.]]), alpha=0.75, beta=0.25)
    assert out[0].numpy().tolist() == [[0, 0], [1, 1]] and out[2].dtype == tf.int32
    assert out[1].numpy().tolist() == [43.625, np.float32(115.575)]
    indices = tf.constant([0, 1, 1, 0, 0, 0, 1, 0], shape=[2, 2, 2])
    values = tf.constant([3, 5, 2, 7], shape=[2, 2], dtype=tf.float32)
    mat1 = tf.constant(np.arange(1, 13), shape=[2, 2, 3], dtype=tf.float32)
    mat2 = tf.constant(np.arange(13, 25), shape=[2, 3, 2], dtype=tf.float32)
    batched = tf.sparse.sampled_addmm(indices, values, [2, 2], mat1, mat2, alpha=0.75, beta=0.25)
    assert batched[1].numpy().tolist() == [[75.75, 173.], [381.5, 524.5]]


def test_a_dense_shape_other_than_the_products_is_refused():
    with pytest.raises(ValueError, match=r'^Dense shape: \[3 3\] does not match output shape: \[2 2\]$'):
        tf.sparse.sampled_addmm([[0, 0]], [1.], [3, 3], tf.ones([2, 3]), tf.ones([3, 2]))


def test_gradients_match_central_differences():
    rng = np.random.default_rng(0)
    idx = [[0, 1], [1, 0], [2, 2]]
    check_gradients(lambda v, a, b: tf.sparse.sampled_addmm(idx, v, [3, 3], a, b, alpha=0.5, beta=2.,
                                                            output_type=tf.float64)[1],
                    [rng.normal(size=3), rng.normal(size=(3, 4)), rng.normal(size=(4, 3))])
