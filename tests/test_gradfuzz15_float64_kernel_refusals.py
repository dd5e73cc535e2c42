"""Dilated float64 convolutions TF 2.21's CPU build refuses (Eigen's double kernels; oneDNN runs float32
only), which tapeflow computed: a dilated conv2d_transpose is Conv2DBackpropInput, which refuses dilations
for double (as the gradient of a float64 dilated conv2d already did here), and tf.nn.conv3d's Conv3D refuses
them too. Texts printed by TF 2.21 (progs/gradfuzz15/t8.py, t20.py); float32 computes in both."""
import numpy as np
import pytest

import framework as tf

RNG = np.random.RandomState(7)
X = RNG.randn(1, 7, 6, 3)
F = RNG.randn(3, 3, 3, 3)
V = RNG.randn(1, 5, 5, 5, 2)
K = RNG.randn(2, 2, 2, 2, 3)


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
def test_float64_dilated_conv2d_transpose_is_refused():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.nn.conv2d_transpose(tf.constant(X), tf.constant(F), [1, 7, 6, 3], 1, 'SAME', dilations=2)
    assert str(caught.value) == (
        '{{function_node __wrapped__Conv2DBackpropInput_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Current CPU implementations do not yet support dilation rates larger than 1. [Op:Conv2DBackpropInput]')
    out = tf.nn.conv2d_transpose(tf.constant(X, tf.float32), tf.constant(F, tf.float32), [1, 7, 6, 3], 1, 'SAME',
                                 dilations=2)
    assert out.shape == (1, 7, 6, 3)
    assert tf.nn.conv2d_transpose(tf.constant(X), tf.constant(F), [1, 7, 6, 3], 1, 'SAME').dtype == tf.float64


def _conv3d(v, k):
    return tf.nn.conv3d(v, k, [1] * 5, 'SAME', dilations=[1, 2, 2, 2, 1])


def test_float64_dilated_conv3d_is_refused(onednn_on):     # (float32 runs on oneDNN's Conv3D only)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _conv3d(tf.constant(V), tf.constant(K))
    assert str(caught.value) == (
        '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'CPU implementation of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] name: ')
    assert _conv3d(tf.constant(V, tf.float32), tf.constant(K, tf.float32)).dtype == tf.float32
    # tf.nn.convolution dilates through space_to_batch: TF 2.21 computes it in float64
    assert tf.nn.convolution(tf.constant(V), tf.constant(K), padding='VALID', dilations=2).shape == (1, 3, 3, 3, 3)
