"""bessel_i1's gradient is TF 2.21's _BesselI1Grad: where(x == 0, 1.0, i0(x) - i1(x) / x), with the
division unguarded, so its second derivative at 0 is NaN (TF 2.21 printed, for x = [0, 0.5, -2]:
gradient [1.0, 0.5476948, 1.4842668], second derivative [nan, 0.19408202, -1.2461631] in float32)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_bessel_i1_first_and_second_derivatives_as_tensorflow(dtype):
    x = tf.constant([0.0, 0.5, -2.0], dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.math.bessel_i1(x)
        g = inner.gradient(y, x)
    h = outer.gradient(g, x)
    np.testing.assert_allclose(g.numpy(), [1.0, 0.5476947599595314, 1.484266875017402], rtol=2e-7)
    assert np.isnan(h.numpy()[0])
    np.testing.assert_allclose(h.numpy()[1:], [0.1940820070354181, -1.246162630787961], rtol=3e-6)
    if dtype == tf.float32:     # TF 2.21's float32 bits
        assert g.numpy().tolist() == [1.0, 0.5476948022842407, 1.484266757965088]
