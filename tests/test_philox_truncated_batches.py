"""Truncated normals drawn for all groups at once (a Python loop per four values made an
EfficientNet's initialisation take minutes) keep TensorFlow's values.

Golden digests: sha256 of the arrays TensorFlow 2.21 returns for the same calls
(/work/notes/progs/appsB/tn_tf.py, tn_more_tf.py).
"""
import hashlib

import numpy as np

import framework as tf


def _digest(tensor):
    return hashlib.sha256(tensor.numpy().tobytes()).hexdigest()


def test_large_stateless_truncated_normal_carries_tensorflows_bits_in_exact_mode():
    previous = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)
    try:
        values = tf.random.stateless_truncated_normal((20000,), seed=(1, 2))
        doubles = tf.random.stateless_truncated_normal((3001,), seed=(7, 8), dtype=tf.float64)
        generated = tf.random.Generator.from_seed(5).truncated_normal((4099,))
    finally:
        tf.config.set_tf_exact_math(previous)
    assert _digest(values) == 'e90c707874604e5138eda7320dc941c40dfac52e64fbeac75af69af43dad1d10'
    assert _digest(doubles) == '4acfe43a731a86b52d8c73f5e9e94bef6d01249ce1a3a71a4487e9ba09c504f7'
    assert _digest(generated) == '55793259ced2f0f508311124463b5b88795b523194ceb31c21ab9eb6ae5dd9f8'


def test_large_truncated_normal_is_within_one_ulp_by_default():
    values = tf.random.stateless_truncated_normal((20000,), seed=(1, 2)).numpy()
    # TF: the first values and the float64 sum of all 20000
    np.testing.assert_array_equal(values[:3], np.float32([0.544110119342804, 0.20738030970096588, 0.0735643208026886]))
    # about one value in a hundred is a last bit off (numpy's log/sin/cos for large draws)
    np.testing.assert_allclose(float(values.astype('float64').sum()), -99.86932311137207, rtol=1e-7)
    assert np.all(np.abs(values) < 2.0)
