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


def _direct_conv(x, w, stride, padding):
    """The convolution as its definition: a sum over each window (float64, VALID or SAME)."""
    kh, kw = w.shape[:2]
    if padding == 'SAME':
        oh, ow = -(-x.shape[1] // stride), -(-x.shape[2] // stride)
        ph = max((oh - 1) * stride + kh - x.shape[1], 0)
        pw = max((ow - 1) * stride + kw - x.shape[2], 0)
        x = np.pad(x, ((0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2), (0, 0)))
    oh, ow = (x.shape[1] - kh) // stride + 1, (x.shape[2] - kw) // stride + 1
    out = np.zeros((x.shape[0], oh, ow, w.shape[3]))
    for r in range(oh):
        for c in range(ow):
            window = x[:, r * stride:r * stride + kh, c * stride:c * stride + kw, :]
            out[:, r, c] = np.tensordot(window, w, axes=3)
    return out


@pytest.mark.parametrize('channels', [1, 3])     # one channel takes its own im2col path
@pytest.mark.parametrize('padding', ['VALID', 'SAME'])
@pytest.mark.parametrize('stride', [1, 2])
def test_conv_equals_the_windowed_sum(channels, padding, stride):
    rng = np.random.default_rng(channels)
    x, w = rng.standard_normal((2, 7, 6, channels)), rng.standard_normal((3, 2, channels, 4))
    np.testing.assert_allclose(tf.nn.conv2d(x, w, stride, padding).numpy(), _direct_conv(x, w, stride, padding),
                               rtol=1e-12, atol=1e-12)
    check_gradients(lambda x, w: tf.nn.conv2d(x, w, stride, padding), [x, w])


# TensorFlow 2.21's max_pool2d gradients where windows tie (relu's zeros): the
# first maximal element of each window, in row-major order, takes it all.
TF_TIES_VALID_2x2 = [[1, 0, 1, 0], [0, 0, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0]]
TF_TIES_SAME_3x3_STRIDE_2 = [[1, 1, 0, 1, 0], [1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [1, 1, 0, 1, 0], [0, 0, 0, 0, 0]]


@pytest.mark.parametrize('x, ksize, padding, expected', [
    (np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 0, 0, 0], [0, 2, 0, 0]]), 2, 'VALID', TF_TIES_VALID_2x2),
    (np.zeros((5, 5)), 3, 'SAME', TF_TIES_SAME_3x3_STRIDE_2),
    (-np.ones((4, 4)), 3, 'SAME', TF_TIES_VALID_2x2),
])
def test_max_pool_gradient_goes_to_the_first_tied_maximum_as_tensorflow(x, ksize, padding, expected):
    x = tf.constant(x.astype(np.float32).reshape((1,) + x.shape + (1,)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, ksize, 2, padding)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy()[0, :, :, 0], expected)


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


def test_max_pool_second_derivative_through_nested_tapes():
    rng = np.random.default_rng(1)
    x0 = rng.standard_normal((1, 5, 5, 2))
    c = tf.constant(rng.standard_normal((1, 5, 5, 2)))

    def weighted_first_grad(x):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.max_pool2d(x, 3, 2, 'SAME') ** 2)
        return tf.reduce_sum(inner.gradient(y, x) * c)

    check_gradients(weighted_first_grad, [x0], rtol=1e-4, atol=1e-5)


def test_bad_input_names_the_op_and_shapes():
    with pytest.raises(ValueError, match=r'conv2d.*\(2, 4, 5, 2\)'):
        tf.nn.conv2d(X, np.zeros((3, 3, 5, 1), np.float32), 1, 'SAME')
    with pytest.raises(ValueError, match="padding must be 'SAME' or 'VALID'"):
        tf.nn.max_pool2d(X, 2, 2, 'FULL')
    with pytest.raises(ValueError, match='max_pool2d.*shape'):
        tf.nn.max_pool2d(X[0], 2, 2)
