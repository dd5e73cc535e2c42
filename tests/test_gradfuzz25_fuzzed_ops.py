"""Differences from TF 2.21 that gradfuzz25's fuzzer found (notes/progs/gradfuzz25/fz.py), pinned to TF's values."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype, value, grad', [
    (tf.float32, 0.5105040669441223, 0.2852942943572998),       # TF 2.21's values
    (tf.float64, 0.5105040575592318, 0.2852943194170755),
])
def test_dawsn_of_a_scalar(dtype, value, grad):
    # tapeflow raised "'numpy.float32' object does not support item assignment" for a 0-d tensor
    x = tf.constant(0.7, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.special.dawsn(x)
    g = tape.gradient(y, x)
    assert y.shape == () and g.shape == ()
    assert float(y.numpy()) == value and float(g.numpy()) == grad
