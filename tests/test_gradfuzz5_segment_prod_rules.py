"""segment_prod / unsorted_segment_prod gradients are TF 2.21's two rules (values printed by TF 2.21).

UnsortedSegmentProd divides the gathered products by the data itself (a where picks the zero rows'
other product), so its Hessian through a zero is NaN in TF, and a dropped row (id -1) reads segment 0's
product, which signs its zero; SegmentProd divides by the data with its zeros made ones (no NaN).
"""
import numpy as np

import framework as tf


def hessian(op):
    v = tf.Variable([0.0, 1.5, 2.0])
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape() as inner:
            s = tf.reduce_sum(op(v))
        g = inner.gradient(s, v)
    return g.numpy().tolist(), outer.jacobian(g, v, experimental_use_pfor=False).numpy()


def test_sorted_rule_has_no_nan_and_unsorted_rule_has_tf_nans():
    g, h = hessian(lambda v: tf.math.segment_prod(v, [0, 0, 1]))
    assert g == [1.5, 0.0, 1.0] and h.tolist() == [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    g, h = hessian(lambda v: tf.math.unsorted_segment_prod(v, [0, 0, 1], 2))
    assert g == [1.5, 0.0, 1.0]
    assert np.isnan(h[:, :2]).all() and h[:, 2].tolist() == [0.0, 0.0, 0.0]


def test_dropped_rows_get_zeros_signed_by_segment_zero():
    x = tf.constant([[-1.63, 1.1], [1.5, -0.62], [-1.99, 0.91]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.unsorted_segment_prod(x, [0, -1, -1], 1)
    g = tape.gradient(y, x, output_gradients=tf.constant([[1.0, 0.0]]))
    assert g.numpy().tolist() == [[1.0, 0.0], [0.0, 0.0], [0.0, 0.0]]
    assert np.signbit(g.numpy()).tolist() == [[False, False], [True, True], [False, False]]
