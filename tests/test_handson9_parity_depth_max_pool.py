"""tf.nn.max_pool across channels (ksize = strides = (1, 1, 1, k) on NHWC input), Géron ch. 14's
depthwise pooling: the maximum of each group of k channels, as TF 2.21's MaxPool kernel computes it,
and, as there, no gradient (MaxPoolGrad's UnimplementedError). Tapeflow refused the ksize
('ksize must be a positive int or 2 of them'). Golden values printed by TF 2.21 (/opt/tfref)."""
import numpy as np
import pytest

import framework as tf


def _x():
    return tf.constant(np.arange(24, dtype=np.float32).reshape(1, 2, 2, 6) % 7)


def test_depth_pool_values():
    y = tf.nn.max_pool(_x(), ksize=(1, 1, 1, 3), strides=(1, 1, 1, 3), padding='VALID')
    assert tuple(y.shape) == (1, 2, 2, 2)
    assert y.numpy().ravel().tolist() == [2.0, 5.0, 6.0, 4.0, 6.0, 3.0, 6.0, 2.0]


def test_depth_pool_of_three_channel_images():
    images = np.random.RandomState(0).rand(2, 16, 16, 3).astype(np.float32)
    y = tf.nn.max_pool(images, ksize=(1, 1, 1, 3), strides=(1, 1, 1, 3), padding='VALID')
    assert tuple(y.shape) == (2, 16, 16, 1)
    np.testing.assert_array_equal(y.numpy()[..., 0], images.max(-1))


def test_depth_pool_has_no_gradient_as_in_tf():
    x = _x()
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.nn.max_pool(x, ksize=(1, 1, 1, 3), strides=(1, 1, 1, 3), padding='VALID'))
    with pytest.raises(tf.errors.UnimplementedError) as info:
        tape.gradient(loss, x)
    assert str(info.value) == ('{{function_node __wrapped__MaxPoolGrad_device_/job:localhost/replica:0/task:0/device:'
                               'CPU:0}} MaxPoolingGrad is not yet supported on the depth dimension. [Op:MaxPoolGrad] '
                               'name: ')
