"""tf.nn.depthwise_conv2d with filters of another depth than the input raised tapeflow's own sentence; TF 2.21
raises its kernel's InvalidArgumentError, worded by the kernel that ran (oneDNN's for float32: 'input depth must
be evenly divisible by filter depth', and an AbortedError where the depth divides; Eigen's for float64: 'input
and filter must have the same depth'). keras.ops.depthwise_conv / separable_conv raise Keras 3's
check_conv_input_channels ValueError first. Texts printed by TF 2.21 (progs/gradfuzz15/t24.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.onednn_policy import enabled as onednn_enabled

X = np.ones((1, 5, 5, 3), np.float32)
PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_float64_depth_mismatch_is_eigens_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.nn.depthwise_conv2d(X.astype(np.float64), np.ones((3, 3, 2, 1)), [1, 1, 1, 1], 'SAME')
    assert str(caught.value) == (PREFIX % 'DepthwiseConv2dNative' + 'input and filter must have the same depth: 3 vs 2 '
                                 '[Op:DepthwiseConv2dNative] name: ')


@pytest.mark.skipif(not onednn_enabled(), reason="TF turns oneDNN on for this CPU only (onednn_policy)")
def test_float32_depth_mismatch_is_onednns_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.nn.depthwise_conv2d(X, np.ones((3, 3, 2, 1), np.float32), [1, 1, 1, 1], 'SAME')
    assert str(caught.value) == (PREFIX % '__MklNativeDepthwiseConv2dNative' + 'input depth must be evenly divisible '
                                 'by filter depth: 3 vs 2 [Op:DepthwiseConv2dNative] name: ')
    with pytest.raises(tf.errors.AbortedError) as caught:        # 4 channels, depth 2: oneDNN finds no primitive
        tf.nn.depthwise_conv2d(np.ones((1, 5, 5, 4), np.float32), np.ones((3, 3, 2, 1), np.float32), [1, 1, 1, 1],
                               'SAME')
    assert 'could not create a primitive descriptor for the convolution forward propagation primitive' in \
        str(caught.value)


@pytest.mark.parametrize('call, data_format, channels', [
    (lambda: keras.ops.depthwise_conv(X, np.ones((3, 3, 4, 2), np.float32)), 'channels_last', 4),
    (lambda: keras.ops.depthwise_conv(X[:, 0], np.ones((3, 2, 1), np.float32)), 'channels_last', 2),
    (lambda: keras.ops.depthwise_conv(np.ones((1, 3, 5, 5), np.float32), np.ones((3, 3, 2, 1), np.float32),
                                      data_format='channels_first'), 'channels_first', 2),
    (lambda: keras.ops.separable_conv(X, np.ones((3, 3, 2, 1), np.float32), np.ones((1, 1, 2, 4), np.float32)),
     'channels_last', 2)])
def test_keras_ops_check_the_channels_first(call, data_format, channels):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == ("The number of input channels must match the kernel's input channels. Received: "
                                 "input channels=3, kernel input channels=%d, data_format='%s'."
                                 % (channels, data_format))
