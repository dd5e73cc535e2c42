"""tf.image.convert_image_dtype(..., saturate=True) clamps with tf.saturate_cast's limits, as TF 2.21: float32 to
int64 clamps at float32(2**63), which the cast wraps to the int64 minimum (printed by TF 2.21,
notes/progs/opsfuzz10/p18.py: tf.image.convert_image_dtype(np.array([0.5, 1.0, 2.0], np.float32), tf.int64,
saturate=True))."""
import numpy as np

import framework as tf


def test_float32_to_int64_saturates_as_tf():
    got = tf.image.convert_image_dtype(np.array([0.5, 1.0, 2.0], np.float32), tf.int64, saturate=True)
    assert got.numpy().tolist() == [4611686018427387904, -9223372036854775808, -9223372036854775808]


def test_float32_to_int32_still_clamps_below_two_to_the_31():
    got = tf.image.convert_image_dtype(np.array([0.5, 1.0, 2.0, -1.0], np.float32), tf.int32, saturate=True)
    assert got.numpy().tolist() == [1073741824, 2147483520, 2147483520, -2147483648]
