"""tf.clip_by_global_norm with a clip norm of 0 (a learner's hyper-parameter sweep starting at 0): TF 2.21
divides in float32, 1 / 0 = inf, and zeroes every gradient (NaN when the global norm is 0 too).

Values printed by TF 2.21 for /work/notes/progs/seedvariants7/clip6_tf.py, e.g.
    print(tf.clip_by_global_norm([tf.constant([3., 4.]), None, tf.constant([[12.]])], 0.0))
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('clip_norm', [0.0, 0])
def test_a_zero_clip_norm_zeroes_every_tensor_and_keeps_the_norm(clip_norm):
    clipped, norm = tf.clip_by_global_norm([tf.constant([3., 4.]), None, tf.constant([[12.]])], clip_norm)
    # TF 2.21: [array([0., 0.]), None, array([[0.]])], 13.0
    assert clipped[1] is None
    assert clipped[0].numpy().tolist() == [0.0, 0.0] and clipped[2].numpy().tolist() == [[0.0]]
    assert float(norm) == 13.0


def test_a_zero_clip_norm_of_zero_gradients_is_nan():
    clipped, norm = tf.clip_by_global_norm([tf.constant([0., 0.])], 0.0)
    assert np.isnan(clipped[0].numpy()).all() and float(norm) == 0.0       # TF 2.21: [nan, nan], 0.0


def test_a_zero_clip_norm_in_float64_and_in_a_tf_function():
    clipped, norm = tf.clip_by_global_norm([tf.constant([3., 4.], tf.float64)], 0.0)
    assert clipped[0].dtype == tf.float64 and clipped[0].numpy().tolist() == [0.0, 0.0] and float(norm) == 5.0

    @tf.function
    def clip(x):
        return tf.clip_by_global_norm([x], 0.0)
    clipped, norm = clip(tf.constant([3., 4.]))
    assert clipped[0].numpy().tolist() == [0.0, 0.0] and float(norm) == 5.0     # TF 2.21: [0., 0.], 5.0
