"""TensorFlow 2.21's nn_ops.py / nn_impl.py docstring examples that tapeflow printed differently: explicit
padding lists, integer max pooling, top_k's index_type, general_dropout's sampler. Golden values printed
by TF 2.21 (/opt/tfref) running the same calls."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

X4 = tf.reshape(tf.range(1., 25.), [1, 4, 3, 2])
K4 = tf.reshape(tf.range(1., 9.) / 10, [2, 2, 2, 1])
PAD = [[0, 0], [1, 2], [0, 1], [0, 0]]


def _round(t):
    return np.round(t.numpy().astype(np.float64).ravel(), 4).tolist()


def test_conv2d_explicit_padding_is_padding_then_valid():
    # TF 2.21: the nn_ops module docstring's conv2d with padding [[0, 0], [1, 2], [0, 1], [0, 0]]
    out = tf.nn.conv2d(tf.ones((1, 3, 3, 1)), tf.ones((2, 2, 1, 1)), [1, 1], padding=[[0, 0], [1, 2], [0, 1], [0, 0]])
    assert tuple(out.shape) == (1, 5, 3, 1)
    # TF 2.21 values, strides 1 and 2, dilations 2
    assert _round(tf.nn.conv2d(X4, K4, 1, PAD))[:6] == [7.0, 12.2, 6.1, 25.6, 32.8, 14.4]
    assert _round(tf.nn.conv2d(X4, K4, 2, PAD)) == [7.0, 6.1, 47.2, 22.8, 21.0, 7.1]
    dilated = tf.nn.conv2d(X4, K4, 1, PAD, dilations=2)
    assert dilated.shape == (1, 5, 2, 1) and _round(dilated)[:4] == [25.6, 10.5, 45.6, 18.2]
    strided = tf.nn.conv2d(X4, K4, [1, 2, 1, 1], [[0, 0], [0, 3], [2, 0], [0, 0]])
    assert strided.shape == (1, 3, 4, 1) and _round(strided)[:4] == [0.0, 12.4, 25.6, 32.8]


def test_conv2d_explicit_padding_of_batch_or_channels():
    # TF 2.21: float32 (oneDNN) ignores it; float64's Conv2D kernel refuses it
    assert _round(tf.nn.conv2d(X4, K4, 1, [[1, 0], [1, 2], [0, 1], [1, 0]]))[:3] == [7.0, 12.2, 6.1]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Nonzero explicit padding in the batch or depth '
                                                             r'dimensions is not supported \[Op:Conv2D\]'):
        tf.nn.conv2d(tf.cast(X4, tf.float64), tf.cast(K4, tf.float64), 1, [[1, 0], [1, 2], [0, 1], [0, 0]])


@pytest.mark.parametrize('padding, text', [
    ([[0, 0], [1, 2], 3, [1, 0]], "When `padding` is a list, each element of `padding` must be a list/tuple of size 2."
                                  " Received: padding=[[0, 0], [1, 2], 3, [1, 0]] with element at index 2 of type "
                                  "<class 'int'>"),
    ([[0, 0], [1, 2], [3, 1, 1], [1, 0]], 'with element at index 2 of size 3'),
    ([[1, 2], [0, 1]], 'When padding is a list, it must be of size 4. Received: padding=[[1, 2], [0, 1]] of size 2'),
    ('EXPLICIT', "'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be a list."),
])
def test_explicit_padding_lists_are_checked_as_tensorflow(padding, text):
    with pytest.raises(ValueError) as caught:
        tf.nn.conv2d(X4, K4, 1, padding)
    assert text in str(caught.value)


@pytest.mark.parametrize('call', [
    lambda: tf.nn.convolution(X4, K4, 1, PAD),
    lambda: tf.nn.conv1d(tf.ones([1, 4, 2]), tf.ones([2, 2, 1]), 1, [[0, 0], [1, 0], [0, 0]]),
    lambda: tf.nn.avg_pool2d(X4, 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]]),
    lambda: tf.nn.max_pool3d(tf.ones([1, 3, 3, 3, 1]), 2, 1, [[0, 0], [1, 0], [0, 0], [0, 0], [0, 0]]),
])
def test_ops_without_explicit_padding_refuse_a_list_as_the_attr_check(call):
    # TF 2.21: TypeError: Expected string for argument 'padding' not [[0, 0], ...].
    with pytest.raises(TypeError, match="Expected string for argument 'padding' not"):
        call()


def test_lower_case_padding_lists_explicit_where_the_kernel_takes_it():
    # TF 2.21: Conv2D's attr lists "SAME", "VALID", "EXPLICIT"
    with pytest.raises(tf.errors.InvalidArgumentError, match='allowed values: "SAME", "VALID", "EXPLICIT"'):
        tf.nn.conv2d(X4, K4, 1, 'same')


def test_depthwise_and_separable_take_explicit_padding():
    # TF 2.21: the depthwise_conv2d docstring, then this module's X4 example (channels last and first)
    x = np.array([[1., 2.], [3., 4.], [5., 6.]], np.float32).reshape((1, 3, 2, 1))
    kernel = np.array([[1., 2.], [3., 4]], np.float32).reshape((2, 1, 1, 2))
    out = tf.nn.depthwise_conv2d(x, kernel, strides=[1, 1, 1, 1], padding=[[0, 0], [1, 0], [1, 0], [0, 0]])
    assert out.numpy().reshape(-1, 2).tolist() == [[0, 0], [3, 4], [6, 8], [0, 0], [10, 14], [14, 20], [0, 0],
                                                   [18, 26], [22, 32]]
    ones = tf.ones([2, 2, 2, 1])
    assert _round(tf.nn.depthwise_conv2d(X4, ones, [1, 1, 1, 1], PAD))[:6] == [4.0, 6.0, 8.0, 10.0, 5.0, 6.0]
    first = tf.nn.depthwise_conv2d(tf.transpose(X4, [0, 3, 1, 2]), ones, [1, 1, 1, 1],
                                   [[0, 0], [0, 0], [1, 2], [0, 1]], data_format='NCHW')
    assert first.shape == (1, 2, 6, 3) and _round(first)[:6] == [4.0, 8.0, 5.0, 20.0, 28.0, 16.0]
    separable = tf.nn.separable_conv2d(X4, ones, tf.ones([1, 1, 2, 1]), [1, 1, 1, 1], PAD)
    assert _round(separable)[:6] == [10.0, 18.0, 11.0, 44.0, 60.0, 34.0]


def test_max_pool_explicit_padding_is_ignored_by_every_window():
    # TF 2.21: the max_pool2d docstring: [[1, 3, 4], [9, 11, 12]]
    x = tf.constant([[1., 2., 3., 4.], [5., 6., 7., 8.], [9., 10., 11., 12.]])[tf.newaxis, :, :, tf.newaxis]
    out = tf.nn.max_pool2d(x, ksize=(2, 2), strides=(2, 2), padding=[[0, 0], [1, 1], [1, 1], [0, 0]])
    assert out[0, :, :, 0].numpy().tolist() == [[1., 3., 4.], [9., 11., 12.]]
    two = [[0, 0], [1, 1], [1, 1], [0, 0]]
    assert _round(tf.nn.max_pool2d(-X4, 2, 2, two))[:6] == [-1.0, -2.0, -3.0, -4.0, -7.0, -8.0]
    ints = tf.nn.max_pool2d(tf.cast(X4, tf.int32), 2, 2, two)
    assert ints.dtype == tf.int32 and ints.numpy().ravel()[:6].tolist() == [1, 2, 5, 6, 13, 14]
    assert _round(tf.nn.max_pool(X4, 2, 2, two))[:6] == [1.0, 2.0, 5.0, 6.0, 13.0, 14.0]
    assert tf.nn.max_pool1d(tf.ones([1, 4, 2]), 2, 1, [[0, 0], [1, 0], [0, 0]]).shape == (1, 4, 2)
    assert tf.nn.max_pool(tf.ones([1, 4, 2]), 2, 1, [[0, 0], [1, 0], [0, 0]]).shape == (1, 4, 2)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.max_pool2d(X4, 2, 2, [[0, 0], [2, 1], [1, 1], [0, 0]]),
     'Top padding 2 needs to be smaller than the window size 2 [Op:MaxPool]'),
    (lambda: tf.nn.max_pool1d(tf.ones([1, 4, 2]), 2, 1, [[0, 0], [2, 0], [0, 0]]),
     'Left padding 2 needs to be smaller than the window size 2 [Op:MaxPool]'),
    (lambda: tf.nn.max_pool2d(X4, 2, 2, [[1, 0], [1, 1], [1, 1], [0, 0]]),
     'Nonzero explicit padding in the batch or depth dimensions is not supported [Op:MaxPool]'),
    (lambda: tf.nn.max_pool2d(X4, 2, 2, [[0, 0], [-1, 1], [1, 1], [0, 0]]),
     'All elements of explicit_paddings must be nonnegative [Op:MaxPool]'),
    (lambda: tf.nn.max_pool2d(X4, 2, 2, [[0, 0], [0, 0], [1, 1], [1, 1]], data_format='NCHW'),
     'Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool]'),
])
def test_max_pool_explicit_padding_errors(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert text in str(caught.value)


def test_max_pool_explicit_padding_refuses_three_spatial_axes():
    with pytest.raises(ValueError, match='Explicit padding is not supported with an input tensor of rank 5'):
        tf.nn.max_pool(tf.ones([1, 2, 2, 2, 1]), 2, 1, [[0, 0], [1, 0], [0, 0], [0, 0], [0, 0]])


def test_explicit_padding_gradients_match_central_differences():
    check_gradients(lambda x, k: tf.nn.conv2d(x, k, 1, PAD), [np.random.default_rng(0).normal(size=(1, 4, 3, 2)),
                                                              np.random.default_rng(1).normal(size=(2, 2, 2, 1))])
    check_gradients(lambda x: tf.nn.max_pool2d(x, 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]]),
                    [np.random.default_rng(2).normal(size=(1, 4, 3, 2))])
    check_gradients(lambda x, k: tf.nn.depthwise_conv2d(x, k, [1, 1, 1, 1], PAD),
                    [np.random.default_rng(3).normal(size=(1, 4, 3, 2)),
                     np.random.default_rng(4).normal(size=(2, 2, 2, 1))])


def test_explicit_padding_gradient_values():
    # TF 2.21 (float32): d/dx of sum(conv2d(x, k, 1, PAD) ** 2) + sum(3 * max_pool2d(x, 2, 2, pads)); the conv
    # part sums in another order than TF's explicit kernel: a few entries differ in the last bit (~1e-6)
    want = [15.12, 21.64, 43.92, 59.44, 48.74, 61.84, 35.04, 49.6, 107.84, 139.84, 97.52, 122.4, 63.96, 87.16,
            176.96, 226.24, 153.8, 190.68, 76.0, 93.96, 189.52, 227.28, 155.82, 183.28]
    xv = tf.Variable(X4)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.conv2d(xv, K4, 1, PAD) ** 2) + \
            tf.reduce_sum(tf.nn.max_pool2d(xv, 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]]) * 3.)
    np.testing.assert_allclose(tape.gradient(y, xv).numpy().ravel(), want, rtol=1e-6)


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'int8', 'uint8', 'int16', 'uint16', 'float16', 'float64'])
def test_max_pool_pools_integers_as_tensorflow(dtype):
    # TF 2.21: the max_pool docstring (ksize 3, strides 2, SAME) on 1..9, 0..6 -> [[9, 8], [9, 6]] in the input's dtype
    x = tf.reshape(tf.constant([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6]), [1, 4, 4, 1])
    out = tf.nn.max_pool(tf.cast(x, dtype), ksize=3, strides=2, padding='SAME')
    assert out.dtype == dtype and out.numpy().ravel().tolist() == [9, 8, 9, 6]


def test_max_pool1d_pools_integers_and_max_pool3d_refuses_them():
    # TF 2.21: max_pool1d([[[1], [5], [3]]], 2, 1, 'VALID') -> [[[5], [5]]] int32; MaxPool3D has no int kernel
    out = tf.nn.max_pool1d(tf.constant([[[1], [5], [3]]]), 2, 1, 'VALID')
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[[5], [5]]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.max_pool3d(tf.ones([1, 2, 2, 2, 1], tf.int32), 2, 1, 'VALID')


def test_top_k_index_type():
    # TF 2.21: the top_k docstring; index_type int64 / int16, and the attr check for others
    result = tf.math.top_k([1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0], k=3, index_type=tf.int16)
    assert result.indices.dtype == tf.int16 and result.indices.numpy().tolist() == [0, 1, 3]
    assert tf.math.top_k([3, 1, 2], 2, index_type=tf.int64).indices.numpy().tolist() == [0, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'index_type' of float is not in the list "
                                                             'of allowed values: int16, int32, int64'):
        tf.math.top_k([3, 1, 2], 2, index_type=tf.float32)


def test_general_dropout_calls_its_sampler_by_keyword():
    # TF 2.21: the general_dropout docstring (Generator.uniform takes (shape, minval, maxval, dtype))
    g = tf.random.Generator.from_seed(7)
    x = tf.constant([1.1, 2.2, 3.3, 4.4, 5.5])
    assert tf.nn.experimental.general_dropout(x, 0.5, g.uniform).numpy().tolist() == pytest.approx(
        [0., 4.4, 6.6, 8.8, 11.])
    assert tf.nn.experimental.general_dropout(x, 0.5, g.uniform).numpy().tolist() == pytest.approx(
        [2.2, 0., 0., 8.8, 0.])


def test_conv2d_transpose_takes_explicit_padding():
    # TF 2.21: Conv2DBackpropInput with explicit paddings (values, and gradients of sum(y ** 2))
    x = tf.reshape(tf.range(1., 13.), [1, 3, 2, 2])
    f = tf.reshape(tf.range(1., 37.) / 10, [2, 3, 3, 2])
    pads = [[0, 0], [1, 0], [0, 2], [0, 0]]
    out = tf.nn.conv2d_transpose(x, f, [1, 3, 2, 3], 1, pads)
    assert out.shape == (1, 3, 2, 3) and _round(out)[:6] == [7.6, 10.4, 13.2, 32.0, 39.2, 46.4]
    strided = tf.nn.conv2d_transpose(x, f, [1, 5, 4, 3], 2, [[0, 0], [1, 1], [1, 0], [0, 0]])
    assert strided.shape == (1, 5, 4, 3) and _round(strided)[:6] == [7.7, 8.3, 8.9, 23.2, 25.2, 27.2]
    xv, fv = tf.Variable(x), tf.Variable(f)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.conv2d_transpose(xv, fv, [1, 3, 2, 3], 1, pads) ** 2)
    gx, gf = tape.gradient(y, [xv, fv])
    np.testing.assert_allclose(gx.numpy().ravel()[:4], [774.08, 803.84, 499.68, 523.2], rtol=1e-6)
    np.testing.assert_allclose(gf.numpy().ravel()[:4], [2617.6, 2896.0, 3153.6, 3491.2], rtol=1e-6)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Nonzero explicit padding in the batch or depth '):
        tf.nn.conv2d_transpose(x, f, [1, 3, 2, 3], 1, [[1, 0], [1, 0], [0, 2], [0, 0]])
    with pytest.raises(ValueError, match='When padding is a list, it must be of size 4'):
        tf.nn.conv2d_transpose(x, f, [1, 3, 2, 3], 1, [[1, 0], [0, 2], [0, 0]])
    check_gradients(lambda a, k: tf.nn.conv2d_transpose(a, k, [1, 3, 2, 3], 1, pads),
                    [np.random.default_rng(5).normal(size=(1, 3, 2, 2)),
                     np.random.default_rng(6).normal(size=(2, 3, 3, 2))])
