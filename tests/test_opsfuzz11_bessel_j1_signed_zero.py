"""tf.math.special.bessel_j1 is odd down to the signed zero, as TF 2.21's kernel
(printed by TF 2.21: bessel_j1(tf.constant([-0.0, 0.0])) -> [-0.0, 0.0] in float32 and float64)."""
import math

import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_j1_of_negative_zero(dtype):
    out = tf.math.special.bessel_j1(tf.constant([-0.0, 0.0], dtype)).numpy().tolist()
    assert out == [0.0, 0.0] and [math.copysign(1.0, v) for v in out] == [-1.0, 1.0]
    assert tf.math.special.bessel_j0(tf.constant([-0.0], dtype)).numpy().tolist() == [1.0]
