"""A float64 tf.nn.conv2d / conv1d with dilations computes, but its gradient is TF 2.21's CPU backprop error
(printed by /opt/tfref for /work/notes/progs/autodiff13/x_conv2.py): TF's float64 Conv2DBackpropInput kernel
refuses dilations (oneDNN runs float32 only), for the input's and the filter's gradient alike."""
import numpy as np
import pytest

import framework as tf

X = np.sin(np.arange(50.0)).reshape(1, 5, 5, 2)
K = np.cos(np.arange(16.0)).reshape(2, 2, 2, 2)
TEXT = ('{{function_node __wrapped__Conv2DBackpropInput_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Current CPU implementations do not yet support dilation rates larger than 1. [Op:Conv2DBackpropInput] name: ')


@pytest.mark.parametrize('source', ['input', 'filters'])
@pytest.mark.parametrize('conv', ['conv2d', 'conv1d'])
def test_float64_dilated_gradient_is_tensorflows_error(source, conv):
    x, k = tf.constant(X), tf.constant(K)
    with tf.GradientTape() as tape:
        tape.watch(x if source == 'input' else k)
        if conv == 'conv2d':
            y = tf.nn.conv2d(x, k, 1, 'SAME', dilations=2)
        else:
            y = tf.nn.conv1d(tf.reshape(x, [1, 25, 2]), k[0], 1, 'SAME', dilations=2)
        s = tf.reduce_sum(y)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tape.gradient(s, x if source == 'input' else k)
    assert str(caught.value) == TEXT


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
def test_values_and_float32_gradients_stay():
    x, k = tf.constant(X), tf.constant(K)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, k, 1, 'SAME', dilations=2)
    np.testing.assert_allclose(y.numpy().ravel()[:4], [-0.395337, -0.806107, 1.843065, 0.896156], atol=1e-6)  # TF
    np.testing.assert_array_equal(y.numpy(), tf.nn.conv2d(x, k, 1, 'SAME', dilations=2).numpy())
    x32, k32 = tf.cast(x, tf.float32), tf.cast(k, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x32)
        s = tf.reduce_sum(tf.nn.conv2d(x32, k32, 1, 'SAME', dilations=2))
    assert tape.gradient(s, x32).dtype == tf.float32
