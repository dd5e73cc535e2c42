"""Keras's dilated Conv1D / Conv2D (and tf.nn.convolution, atrous_conv2d, keras.ops.conv) run as TF 2.21's
with_space_to_batch: the dilation's phases moved to the batch, one undilated VALID Conv2D, batch_to_space back
(framework/ops/convolution_nd.py _space_to_batch_conv). Their gradients are then Conv2DBackpropInput / Filter over
the larger batch, in TF's order; the dilated window's own BLAS gradients differed in the last bits (17 of 75 input
and 14 of 24 kernel values below for Conv2D, 6 of 48 and 14 of 18 for Conv1D).

Golden bits printed by TF 2.21 with notes progs/gradfuzz20/gold1.py:

    rs = np.random.RandomState(seed); x = tf.constant(rs.randn(*shape).astype('float32')); layer.build(shape)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x); y = layer(x)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, x).numpy().view('uint32').ravel()])    # and for layer.kernel
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

CONV2D_INPUT = [
    0x3fab8f07, 0xbf25e4e0, 0xbe3d7045, 0x3ff3c2cc, 0xbf0a4cd8, 0xbf1dcd1f, 0xbf394916, 0xbd54a460,
    0x3f0dc119, 0xc009a06e, 0x3f05c84b, 0x3f4dfd09, 0x3dd8dfbd, 0x3e74dbdf, 0xbf00c677, 0x400d9d03,
    0xbfb51d2c, 0xbe997b3e, 0xbd419308, 0xc03035ef, 0xbe8f0423, 0xc0187359, 0x3e2fe0de, 0x3f8680a0,
    0xbf4331be, 0x4033f287, 0x3f22f3bb, 0x3ed6504a, 0x3ed8579a, 0xbf3648c7, 0x3fd71a0c, 0xc0257179,
    0xbeae6307, 0xbfcf2611, 0xbfd31986, 0x3f0588f0, 0xc00230f9, 0x3ffe0536, 0x3f8c7ac6, 0x3f6d457e,
    0x4014b997, 0xbe181bea, 0x3e0c828b, 0x3e9833eb, 0xbf57afe8, 0x3ea46b3b, 0xc01ee62b, 0xbe5aeb6e,
    0xc0192530, 0x3e887f49, 0x3f886d23, 0xbf2f68e6, 0x4034839e, 0x3f1aa069, 0x400a3d02, 0x3f313403,
    0xbf5c4a2c, 0xbe58c409, 0x3cd265eb, 0xbf0eee05, 0xbecd2da1, 0xbfc90ddc, 0xbb2cab51, 0x3e069b60,
    0x3fc2957c, 0x3e9f42f4, 0x3f5c9ac9, 0x40049f35, 0x3e1a8c68, 0x3e255b7c, 0xbf50d640, 0xbe84fe4c,
    0xbeaa36a2, 0xbe2e6f40, 0xbece3a47,
]
CONV2D_KERNEL = [
    0x401ff5fe, 0x3f78731c, 0x3f20b71b, 0x3fd5cf84, 0x40382bc8, 0x40565500, 0xc0167b44, 0xc02e95b2,
    0x3fa73630, 0xbeafece4, 0xbecfd308, 0x3f7c4bfa, 0x4052f43d, 0x40896284, 0xbfbd444c, 0x3ec8a678,
    0x3e4d20a0, 0x400c3d40, 0xbf6840f0, 0xbfd458c7, 0x3fb43187, 0x3f91c063, 0xc0114f30, 0xbfec2695,
]
CONV1D_INPUT = [
    0xbe9852a8, 0x406f9e9c, 0x4071ec4c, 0xc04ad229, 0xbf4bedbd, 0x3f414302, 0xbf479f28, 0xc080799f,
    0xc0617fbc, 0x4039db3c, 0xbf1174be, 0xbff9f0c7, 0x401bc3e0, 0x403c85b0, 0x3fe09be7, 0x3e11ecf4,
    0x3e62998f, 0x3f7c5b10, 0xbfe7767c, 0xbfca2848, 0x3e549e65, 0xbfce02f9, 0xbf2904cd, 0x3f0e6086,
    0x404272fb, 0x400bc516, 0x3f27d7f2, 0xbeceb6f0, 0x406c5ae2, 0x40720824, 0xc04b3b9a, 0xbf6db2e5,
    0x3f214190, 0xbf2cfc62, 0xc080471b, 0xc06453e3, 0x3f437600, 0x3f60261e, 0xbea76128, 0x401b15be,
    0x403bce3a, 0x3fe37c0e, 0x3f6d3e4a, 0x3d8ca895, 0xbef36805, 0xbfed04c8, 0xbfcbc10e, 0x3e66b262,
]
CONV1D_KERNEL = [
    0x3fd9beb2, 0x40073271, 0x4051de91, 0x3fd90fce, 0xbf864892, 0x3fde8097, 0xc02d64c2, 0xc024b168,
    0xc03a136d, 0xbefde7ec, 0x3fc62816, 0xc02af5be, 0x40239b85, 0x3fdd124e, 0x3e6f5ee0, 0x3df02110,
    0x3efa2356, 0x40a96e64,
]


@pytest.fixture
def exact_math():
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True        # the emulated orders at every size
    yield
    eigen_math.ENABLED[0] = previous


def _gradients(layer, shape, seed):
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*shape).astype('float32'))
    layer.build(shape)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        weights = np.cos(np.arange(int(np.prod(y.shape))) * 0.7).reshape(y.shape).astype('float32')
        total = tf.reduce_sum(y * weights)
    return [[int(v) for v in g.numpy().view('uint32').ravel()] for g in tape.gradient(total, [x, layer.kernel])]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_dilated_conv2d_gradients_have_tf_bits(exact_math):
    layer = keras.layers.Conv2D(2, 2, dilation_rate=2, padding='same', use_bias=False)
    input_bits, kernel_bits = _gradients(layer, (1, 5, 5, 3), 1)
    assert input_bits == CONV2D_INPUT
    assert kernel_bits == CONV2D_KERNEL


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_dilated_causal_conv1d_gradients_have_tf_bits(exact_math):
    layer = keras.layers.Conv1D(2, 3, dilation_rate=2, padding='causal', use_bias=False)
    input_bits, kernel_bits = _gradients(layer, (2, 8, 3), 3)
    assert input_bits == CONV1D_INPUT
    assert kernel_bits == CONV1D_KERNEL


def test_tf_nn_convolution_is_the_keras_layer():
    # the same composition whatever the entry point: tf.nn.convolution, keras.ops.conv and the layer agree
    rs = np.random.RandomState(5)
    x = tf.constant(rs.randn(2, 7, 6, 3).astype('float32'))
    kernel = rs.randn(3, 3, 3, 2).astype('float32')
    layer = keras.layers.Conv2D(2, 3, dilation_rate=2, padding='same', use_bias=False)
    layer.build(x.shape)
    layer.set_weights([kernel])
    expected = layer(x).numpy()
    np.testing.assert_array_equal(tf.nn.convolution(x, kernel, padding='SAME', dilations=2).numpy(), expected)
    np.testing.assert_array_equal(keras.ops.conv(x, kernel, 1, 'same', dilation_rate=2).numpy(), expected)
