"""conv2d and pooling: values pinned to TensorFlow 2.21, gradients to central differences."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

X = np.arange(2 * 4 * 5 * 2, dtype=np.float32).reshape(2, 4, 5, 2) % 7 - 3
W = (np.arange(3 * 2 * 2 * 3, dtype=np.float32).reshape(3, 2, 2, 3) % 5 - 2) / 4

# First 12 output values printed by TensorFlow 2.21 for the X, W above.
TF_CONV_SAME_2 = [2.75, -1.75, -1.25, -1.75, 2.75, -1.5, -1.75, 0.75, 0.75, -2.5, -1.5, 0.75]
TF_MAXPOOL_SAME_2 = [2., 3., 3., 2., 1., 2., 3., 2., 3., 3., 0., 1.]
TF_AVGPOOL3_SAME_2 = [-0.16666667, -0.33333334, 0.11111111, 0.33333334, 0., -0.16666667,
                      0.25, -0.5, 0.33333334, 0.16666667, -0.75, 0.25]


def test_values_match_tensorflow():
    np.testing.assert_allclose(tf.nn.conv2d(X, W, 2, 'SAME').numpy().ravel()[:12], TF_CONV_SAME_2, rtol=1e-6)
    np.testing.assert_allclose(tf.nn.max_pool2d(X, 2, 2, 'SAME').numpy().ravel()[:12], TF_MAXPOOL_SAME_2)
    np.testing.assert_allclose(tf.nn.avg_pool2d(X, 3, 2, 'SAME').numpy().ravel()[:12], TF_AVGPOOL3_SAME_2,
                               rtol=1e-6)


def test_output_shapes_follow_tensorflow_padding_rules():
    assert tf.nn.conv2d(X, W, 1, 'VALID').shape == (2, 2, 4, 3)
    assert tf.nn.conv2d(X, W, 2, 'SAME').shape == (2, 2, 3, 3)
    assert tf.nn.max_pool2d(X, 2, 2, 'VALID').shape == (2, 2, 2, 2)
    assert tf.nn.avg_pool2d(X, 3, [1, 2, 2, 1], 'SAME').shape == (2, 2, 3, 2)


@pytest.mark.parametrize('padding', ['VALID', 'SAME'])
@pytest.mark.parametrize('stride', [1, 2])
def test_gradients_match_central_differences(padding, stride):
    rng = np.random.default_rng(stride)
    x, w = rng.standard_normal((2, 5, 6, 3)), rng.standard_normal((3, 2, 3, 4))
    check_gradients(lambda x, w: tf.nn.conv2d(x, w, stride, padding), [x, w])
    check_gradients(lambda x: tf.nn.max_pool2d(x, 2, stride, padding), [x])
    check_gradients(lambda x: tf.nn.avg_pool2d(x, 3, stride, padding), [x])


def test_second_derivative_through_nested_tapes():
    rng = np.random.default_rng(0)
    x = tf.constant(rng.standard_normal((1, 4, 4, 2)))
    w0 = rng.standard_normal((2, 2, 2, 3))

    def first_grad_norm(w):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.conv2d(x, w, 1, 'SAME') ** 2)
        gx = inner.gradient(y, x)
        return tf.reduce_sum(gx * gx)

    check_gradients(first_grad_norm, [w0], rtol=1e-4, atol=1e-5)


def test_bad_input_names_the_op_and_shapes():
    with pytest.raises(ValueError, match=r'conv2d.*\(2, 4, 5, 2\)'):
        tf.nn.conv2d(X, np.zeros((3, 3, 5, 1), np.float32), 1, 'SAME')
    with pytest.raises(ValueError, match="padding must be 'SAME' or 'VALID'"):
        tf.nn.max_pool2d(X, 2, 2, 'FULL')
    with pytest.raises(ValueError, match='max_pool2d.*shape'):
        tf.nn.max_pool2d(X[0], 2, 2)
