"""keras.ops image and convolution ops check their data_format with Keras 3's standardize_data_format (any case;
its ValueError otherwise), keras.ops.conv refuses a dilation below 1 or strides and dilation both above 1 in
tf.nn.convolution's words, and on KerasTensors resize / conv run Keras's own checks before the symbolic call
(tapeflow wrapped the error of a run on stand-ins).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors38/img.py, fmt.py, symimg.py, convargs.py), e.g.
    keras.ops.conv(x, k, data_format='foo') -> ValueError: The `data_format` argument must be one of
        {'channels_first', 'channels_last'}. Received: data_format=foo
    keras.ops.conv(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 2]), dilation_rate=0)
        -> ValueError: all values of `dilation_rate` must be positive. Received: dilation_rate=[0 0]
    keras.ops.conv(keras.Input((5, 5, 3)), tf.ones([3, 3, 4, 2])) -> ValueError: The number of input channels
        must match the kernel's input channels. Received: input channels=3, kernel input channels=4,
        data_format='channels_last'.
"""
import pytest

import framework as tf
from framework import keras

ops = keras.ops
FORMAT = ("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
          "Received: data_format=foo")


@pytest.mark.parametrize('call', [
    lambda f: ops.image.resize(tf.ones([4, 4, 3]), (2, 2), data_format=f),
    lambda f: ops.conv(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 2]), data_format=f),
    lambda f: ops.max_pool(tf.ones([1, 4, 4, 3]), 2, data_format=f),
    lambda f: ops.depthwise_conv(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 1]), data_format=f),
    lambda f: ops.conv_transpose(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 2, 3]), data_format=f),
    lambda f: ops.nn.depth_to_space(tf.ones([1, 2, 2, 4]), 2, data_format=f),
    lambda f: ops.image.resize(keras.Input((4, 4, 3)), (2, 2), data_format=f),
    lambda f: ops.conv(keras.Input((5, 5, 3)), tf.ones([3, 3, 3, 2]), data_format=f),
])
def test_data_format_is_standardized_as_keras(call):
    with pytest.raises(ValueError) as info:
        call('foo')
    assert str(info.value) == FORMAT


def test_data_format_in_any_case():
    assert ops.image.resize(tf.ones([4, 4, 3]), (2, 2), data_format='CHANNELS_LAST').shape == (2, 2, 3)
    assert ops.conv(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 2]), data_format='Channels_Last').shape == (1, 3, 3, 2)


@pytest.mark.parametrize('kwargs, text', [
    ({'dilation_rate': 0}, 'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 0]'),
    ({'dilation_rate': (1, 0)}, 'all values of `dilation_rate` must be positive. Received: dilation_rate=[1 0]'),
    ({'strides': 2, 'dilation_rate': 2}, '`strides > 1` not supported in conjunction with `dilation_rate > 1`. '
                                         'Received: strides=[2 2] and dilation_rate=[2 2]'),
])
def test_conv_dilation_checks_in_tf_words(kwargs, text):
    with pytest.raises(ValueError) as info:
        ops.conv(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 2]), **kwargs)
    assert str(info.value) == text


@pytest.mark.parametrize('call, text', [
    (lambda: ops.image.resize(keras.Input((4,)), (2, 2)), 'Invalid images rank: expected rank 3 (single image) or '
     'rank 4 (batch of images). Received input with shape: images.shape=(None, 4)'),
    (lambda: ops.image.resize(keras.Input((4, 4, 3)), (2,)), 'Expected `size` to be a tuple of 2 integers. '
     'Received: size=(2,)'),
    (lambda: ops.image.resize(keras.Input((4, 4, 3)), (0, 2)), '`size` must have positive height and width. '
     'Received: size=(0, 2)'),
    (lambda: ops.image.resize(keras.Input((4, 4, 3)), (2, 2), crop_to_aspect_ratio=True, pad_to_aspect_ratio=True),
     'Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.'),
    (lambda: ops.conv(keras.Input((5, 5, 3)), tf.ones([3, 3, 4, 2])), "The number of input channels must match the "
     "kernel's input channels. Received: input channels=3, kernel input channels=4, data_format='channels_last'."),
    (lambda: ops.conv(keras.Input((3, 5, 5)), tf.ones([3, 3, 4, 2]), data_format='channels_first'),
     "The number of input channels must match the kernel's input channels. Received: input channels=3, kernel "
     "input channels=4, data_format='channels_first'."),
    (lambda: ops.conv(keras.Input((5, 3)), tf.ones([3, 3, 3, 2])), 'Kernel shape must have the same length as '
     'input, but received kernel of shape (3, 3, 3, 2) and input of shape (None, 5, 3).'),
])
def test_symbolic_resize_and_conv_check_as_keras(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text


def test_symbolic_resize_and_conv_that_fit():
    assert ops.image.resize(keras.Input((3, 4, 4)), (2, 5), data_format='channels_first').shape == (None, 3, 2, 5)
    assert ops.conv(keras.Input((None, 3)), tf.ones([3, 3, 2]), padding='same').shape == (None, None, 2)
