"""Conv2D(groups=...) as Keras 3: each group of input channels has its own filters (ConvNeXt's
7x7 depthwise convs are Conv2D(groups=channels)).

Golden values printed by TensorFlow 2.21 / Keras 3.15 (script: /work/notes/progs/appsB/gconv_tf.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_grouped_conv_values_and_kernel_gradient_are_keras():
    keras.utils.set_random_seed(4)
    layer = keras.layers.Conv2D(6, 3, strides=2, padding='same', groups=3)
    x = tf.constant(np.random.RandomState(0).standard_normal((2, 5, 5, 6)).astype('float32'))
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    kernel_grad = tape.gradient(loss, layer.kernel)
    assert tuple(layer.kernel.shape) == (3, 3, 2, 6) and tuple(y.shape) == (2, 3, 3, 6)
    assert layer.get_config()['groups'] == 3
    np.testing.assert_allclose([float(tf.reduce_sum(y)), float(tf.reduce_sum(tf.abs(y)))],
                               [1.3960531949996948, 50.079261779785156], rtol=1e-5)
    np.testing.assert_allclose([float(tf.reduce_sum(kernel_grad)), float(tf.reduce_sum(tf.abs(kernel_grad)))],
                               [72.20310974121094, 544.421142578125], rtol=1e-5)


def test_grouped_conv_is_each_group_convolved_on_its_own():
    keras.utils.set_random_seed(1)
    layer = keras.layers.Conv2D(4, 3, groups=2, use_bias=False)
    x = np.random.RandomState(1).standard_normal((1, 6, 6, 4)).astype('float32')
    y = layer(x).numpy()
    kernel = layer.kernel.numpy()
    for group in range(2):
        alone = keras.layers.Conv2D(2, 3, use_bias=False)
        alone.build((None, 6, 6, 2))
        alone.kernel.assign(kernel[..., 2 * group:2 * group + 2])
        np.testing.assert_allclose(alone(x[..., 2 * group:2 * group + 2]).numpy(), y[..., 2 * group:2 * group + 2],
                                   rtol=1e-5, atol=1e-6)


def test_groups_that_do_not_divide_are_refused_in_kerass_words():
    with pytest.raises(ValueError, match=r'^The number of filters must be evenly divisible by the number of groups. '
                                         r'Received: groups=2, filters=5.$'):
        keras.layers.Conv2D(filters=5, kernel_size=3, groups=2)
    with pytest.raises(ValueError, match=r'The number of input channels must be evenly divisible by the number of '
                                         r'groups. Received groups=4, but the input has 6 channels \(full input '
                                         r'shape is \(1, 5, 5, 6\)\).'):
        keras.layers.Conv2D(4, 3, groups=4)(np.zeros((1, 5, 5, 6), 'float32'))
