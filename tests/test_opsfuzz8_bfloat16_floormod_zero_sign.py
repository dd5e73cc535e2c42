"""tf.math.floormod of bfloat16 gives a zero remainder x's sign, as TF 2.21 (fmod, moved by y when the
signs differ) and as tapeflow's float16 / float32 already did.

Values printed by TF 2.21:
    x = tf.constant([1., 2., -1., -2., 0., -0., 3.], tf.bfloat16)
    (x % -1).numpy().tolist()            # [0.0, 0.0, -0.0, -0.0, 0.0, -0.0, 0.0]
    tf.math.floormod(tf.constant([5.5, -5.5], tf.bfloat16), tf.constant([2., -2.], tf.bfloat16))   # [1.5, -1.5]
"""
import numpy as np

import framework as tf


def test_bfloat16_zero_remainders_keep_the_dividends_sign():
    x = tf.constant([1., 2., -1., -2., 0., -0., 3.], tf.bfloat16)
    for divisor in (-1., 1.):
        got = tf.math.floormod(x, tf.constant(divisor, tf.bfloat16)).numpy().astype(np.float32)
        assert got.tolist() == [0.0] * 7
        assert np.signbit(got).tolist() == [False, False, True, True, False, True, False]
    got = (x % -1).numpy().astype(np.float32)
    assert np.signbit(got).tolist() == [False, False, True, True, False, True, False]
    got = tf.math.floormod(tf.constant([5.5, -5.5], tf.bfloat16), tf.constant([2., -2.], tf.bfloat16))
    assert got.dtype == tf.bfloat16 and got.numpy().astype(np.float32).tolist() == [1.5, -1.5]
