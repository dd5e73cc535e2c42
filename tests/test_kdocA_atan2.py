"""tf.math.atan2 / keras.ops.arctan2 carry TensorFlow 2.21's bits on Eigen's scalar path.

TF's Atan2 kernel computes full packets (8 float32, 4 float64) with Eigen's own atan2 and
the rest, all of a small array, with the C library's atan2f / atan2; numpy's SIMD arctan2
rounds differently (the keras.ops.arctan2 docstring printed -44.999996 for -45).
Golden values: the same calls under TF 2.21 + Keras 3.15.
"""
import numpy as np

import framework as tf
from framework.keras import ops


def test_the_arctan2_docstring_quadrants():
    y = np.array([-1, -1, 1, 1], 'float32')
    x = np.array([-1, 1, 1, -1], 'float32')
    want = np.array([-2.356194496154785, -0.7853981852531433, 0.7853981852531433, 2.356194496154785], np.float32)
    np.testing.assert_array_equal(ops.arctan2(y, x).numpy(), want)
    np.testing.assert_array_equal((ops.arctan2(y, x) * 180 / np.pi).numpy(), [-135.0, -45.0, 45.0, 135.0])
    assert tf.math.atan2(np.float32(1), np.float32(1)).numpy() == np.float32(0.7853981852531433)


def test_small_float32_arrays_match_tf_bits():
    rng = np.random.RandomState(0)
    a, b = rng.randn(40).astype('float32')[:7], rng.randn(40).astype('float32')[:7]
    want = np.array([2.107088088989258, 2.8669180870056152, 2.6208016872406006, 0.8545008897781372,
                     1.8372069597244263, -1.9922020435333252, 2.492753267288208], np.float32)
    np.testing.assert_array_equal(tf.math.atan2(a, b).numpy(), want)
    # broadcasting: the scalar path sees the broadcast values
    np.testing.assert_array_equal(tf.math.atan2(a[:1], b).numpy()[:1], tf.math.atan2(a[:1], b[:1]).numpy())


def test_atan2_gradient_is_unchanged():
    y, x = tf.Variable([0.5, -1.5]), tf.Variable([2.0, -0.25])
    with tf.GradientTape() as tape:
        out = tf.reduce_sum(tf.math.atan2(y, x))
    gy, gx = tape.gradient(out, [y, x])
    r2 = np.array([0.5, -1.5]) ** 2 + np.array([2.0, -0.25]) ** 2
    np.testing.assert_allclose(gy.numpy(), np.array([2.0, -0.25]) / r2, rtol=1e-6)
    np.testing.assert_allclose(gx.numpy(), -np.array([0.5, -1.5]) / r2, rtol=1e-6)
