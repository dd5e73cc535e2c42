"""A second derivative through a product whose gradient TF builds as Reshape(Sum(Mul(grad, y)), Shape(x)):
the Shape read of x connects nothing on an outer tape (int32 is no trainable dtype), so an op after the
inner gradient whose own gradient kernel is unregistered (ResizeNearestNeighborGrad, SparseSegmentSumGrad)
is never reached and TF 2.21 returns None. tapeflow raised that kernel's LookupError. Printed by TF 2.21:
progs/gradfuzz15/t4.py and t11.py ('nearest None', 'float64 0 None')."""
import numpy as np
import pytest

import framework as tf


def _second_derivative(forward, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = forward(x)
        g = inner.gradient(y, x)
    return g, outer.gradient(g, x)


def test_nearest_resize_times_a_broadcast_weight_has_no_second_derivative():
    x = tf.constant(np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1) / 5)
    w = tf.constant([1.5], tf.float32)
    g, gg = _second_derivative(lambda x: tf.reduce_sum(tf.image.resize(x, [6, 8], 'nearest') * w), x)
    assert gg is None
    assert g.numpy().ravel()[:2].tolist() == [6.0, 6.0]      # four pixels each, times 1.5


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_sparse_segment_sum_times_a_constant_has_no_second_derivative(dtype):
    x = tf.constant(np.arange(18).reshape(6, 3) / 7, dtype)
    c = tf.constant(np.arange(6.).reshape(2, 3), dtype)
    g, gg = _second_derivative(lambda x: tf.sparse.segment_sum(x, [0, 3, 3, 5], [0, 0, 1, 1]) * c, x)
    assert gg is None
    np.testing.assert_array_equal(g.numpy()[3], [3, 5, 7])      # rows 0 and 1 of c: row 3 sits in both


def test_a_connected_product_still_differentiates_twice():
    # the product's own inputs connect it: x * x * w (float64: off TF's fast path) gives 2 w
    x = tf.constant([0.5, -1.0], tf.float64)
    w = tf.constant([3.0], tf.float64)
    g, gg = _second_derivative(lambda x: x * x * w, x)
    np.testing.assert_array_equal(g.numpy(), [3.0, -6.0])
    np.testing.assert_array_equal(gg.numpy(), [6.0, 6.0])
