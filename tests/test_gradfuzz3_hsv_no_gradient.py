"""tf.image.hsv_to_rgb (and keras.ops.image.hsv_to_rgb, which runs it on TF) carry no gradient: TF 2.21
registers HSVToRGB as NotDifferentiable, so the tape gives None (tapeflow differentiated its formulas).
rgb_to_hsv keeps its gradient, as in TF. Values printed by TF 2.21."""
import numpy as np

import framework as tf


def test_hsv_to_rgb_gives_none_and_says_why():
    x = tf.Variable([[0.1, 0.5, 0.9], [0.7, 0.2, 0.4]])
    with tf.GradientTape(persistent=True) as t:
        y = tf.image.hsv_to_rgb(x)
        y2 = tf.keras.ops.image.hsv_to_rgb(tf.reshape(x, [1, 2, 3]))
        y3 = tf.image.rgb_to_hsv(x)
        y4 = y + x
    np.testing.assert_allclose(y.numpy(), [[0.9, 0.72, 0.45], [0.336, 0.32, 0.4]], rtol=1e-6)
    assert t.gradient(y, x) is None
    assert t.gradient(y2, x) is None
    np.testing.assert_allclose(t.gradient(y3, x).numpy(), [[-1.0069445, -0.20833336, 1.2276236],
                                                           [1.5414966, -1.2285715, -0.33333334]], rtol=1e-6)
    np.testing.assert_array_equal(t.gradient(y4, x).numpy(), np.ones((2, 3)))
