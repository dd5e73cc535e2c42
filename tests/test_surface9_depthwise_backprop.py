"""tf.nn.depthwise_conv2d_backprop_input / _filter: the convolution's gradients for a given out_backprop.

Expected sums are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python (its CPU
kernels ignore ``dilations``); the filter gradients match TF's bits at stride 2, the input gradients
within float32 rounding. Gradients of both are checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf

RS = np.random.RandomState(0)
X = RS.randn(2, 5, 5, 3).astype(np.float32)
F = RS.randn(3, 3, 3, 2).astype(np.float32)
COVERED_HERE = {'depthwise_conv2d_backprop_input', 'depthwise_conv2d_backprop_filter'}    # test_op_gradients
SWEEP_CALLS = {                                                                             # test_bad_input_sweep
    'depthwise_conv2d_backprop_input': (([1, 3, 3, 1], np.ones((2, 2, 1, 1), np.float32),
                                         np.ones((1, 3, 3, 1), np.float32), [1, 1, 1, 1], 'SAME'), {}),
    'depthwise_conv2d_backprop_filter': ((np.ones((1, 3, 3, 1), np.float32), [2, 2, 1, 1],
                                          np.ones((1, 3, 3, 1), np.float32), [1, 1, 1, 1], 'SAME'), {})}


def _out_backprops():
    # the probe's stream: X and F, then one out_backprop per padding (SAME then VALID), from RandomState(0)
    rs = np.random.RandomState(0)
    rs.randn(2, 5, 5, 3), rs.randn(3, 3, 3, 2)
    same = rs.randn(2, 3, 3, 6).astype(np.float32)
    return {'SAME': same, 'VALID': rs.randn(2, 2, 2, 6).astype(np.float32)}


@pytest.mark.parametrize('padding, input_sum, filter_sum', [
    ('SAME', 204.3319091796875, 116.08228302001953), ('VALID', 188.704345703125, 96.55854034423828)])
def test_values_are_tensorflows(padding, input_sum, filter_sum):
    g = _out_backprops()[padding]
    back_input = tf.nn.depthwise_conv2d_backprop_input([2, 5, 5, 3], F, g, [1, 2, 2, 1], padding)
    back_filter = tf.nn.depthwise_conv2d_backprop_filter(X, [3, 3, 3, 2], g, [1, 2, 2, 1], padding)
    assert back_input.shape == (2, 5, 5, 3) and back_filter.shape == (3, 3, 3, 2)
    np.testing.assert_allclose(np.abs(back_input.numpy()).sum(), input_sum, rtol=1e-6)
    np.testing.assert_allclose(np.abs(back_filter.numpy()).sum(), filter_sum, rtol=1e-6)


def test_dilations_are_ignored_as_tensorflows_kernels_do():
    g = np.ones((2, 5, 5, 6), np.float32)
    dilated = tf.nn.depthwise_conv2d_backprop_input([2, 5, 5, 3], F, g, [1, 1, 1, 1], 'SAME', dilations=[1, 2, 2, 1])
    plain = tf.nn.depthwise_conv2d_backprop_input([2, 5, 5, 3], F, g, [1, 1, 1, 1], 'SAME')
    np.testing.assert_array_equal(dilated.numpy(), plain.numpy())


def test_gradients_match_central_differences():
    x = RS.randn(1, 4, 4, 2)
    w = RS.randn(2, 2, 2, 1)
    g = RS.randn(1, 2, 2, 2)
    theoretical, numerical = tf.test.compute_gradient(
        lambda w_, g_: tf.nn.depthwise_conv2d_backprop_input([1, 4, 4, 2], w_, g_, [1, 2, 2, 1], 'VALID'),
        [tf.constant(w), tf.constant(g)])
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-7, atol=1e-7)
    theoretical, numerical = tf.test.compute_gradient(
        lambda x_, g_: tf.nn.depthwise_conv2d_backprop_filter(x_, [2, 2, 2, 1], g_, [1, 2, 2, 1], 'VALID'),
        [tf.constant(x), tf.constant(g)])
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-7, atol=1e-7)


def test_sizes_must_be_four():
    with pytest.raises(ValueError, match='input_sizes must hold 4 sizes'):
        tf.nn.depthwise_conv2d_backprop_input([2, 5, 5], F, np.ones((2, 3, 3, 6), np.float32), [1, 2, 2, 1], 'SAME')
