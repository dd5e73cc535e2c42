"""keras DepthwiseConv1D / SeparableConv1D run as Keras 3's TF backend runs them: tf.nn.depthwise_conv2d (and
separable_conv2d's 1x1 Conv2D) on a height-1 image with strides (1, s, s, 1) (layers/depthwise_conv.py), so their
gradients take the 2-D depthwise kernels' orders. tapeflow convolved in 1-D with numpy's BLAS product: 14 of 72
input and 6 of 12 kernel values below were an ulp off (22 of 72 and 7 of 12 for SeparableConv1D).

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold8.py:

    rs = np.random.RandomState(seed); x = tf.constant(rs.randn(*shape).astype('float32')); layer.build(shape)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x); y = layer(x)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([[hex(v) for v in g.numpy().view('uint32').ravel()] for g in tape.gradient(total, [x, layer.trainable_weights[0]])])
"""
import pytest
import numpy as np

import framework as tf
from framework import keras
from helpers_conv_gradients import cos_weighted_gradient_bits, exact_math  # noqa: F401 (a fixture)

DEPTHWISE_INPUT = [
    0xbe413363, 0x3ee99f74, 0x3d6d04fb, 0xbd2c82d5, 0xbea80b58, 0xbd50252d, 0xbb6d0aaf, 0xbec9a541,
    0x3e3609bd, 0xbf0f057e, 0xbe2aead9, 0x3c7eeec6, 0x3e4abce5, 0x3d0b516d, 0x3e793271, 0xbe1be6bc,
    0xbe15d703, 0x3f18b460, 0x3e836a2c, 0x3c51a33e, 0xbd37d6bb, 0xbc59915e, 0xbee8f277, 0x3f2e4505,
    0x3dc8a766, 0xbf10bded, 0xbea22f64, 0xbd227eee, 0xbde84241, 0xbc134722, 0x3f1d3052, 0xbf90b68a,
    0xbd1ce1fc, 0x3ef01b66, 0x3eae36d2, 0x3d7dce12, 0xbcd35782, 0xbea2fc10, 0xbea61c9f, 0xbd9de48f,
    0xbebf6f59, 0xbd446e0f, 0x3f35856c, 0xbfccfb3a, 0x3db201c3, 0x3e060e92, 0x3e8ad079, 0x3daaa345,
    0x3ee4595a, 0x3d766296, 0xbf2253a3, 0x3fc8b503, 0xbe0d4de9, 0x3d92b15a, 0xbe3ef3cc, 0xbda3aa26,
    0xbeeee048, 0xbd85ef42, 0x3ef8bfc2, 0xbfad3d72, 0x3e3146d9, 0xbe882317, 0x3da46bbb, 0x3d89c778,
    0x3eddccc1, 0x3d813326, 0xbe9019b5, 0x3f7b8223, 0xbe40c38f, 0x3edbde9c, 0x3d10201e, 0xbd3ff1fa,
]
DEPTHWISE_KERNEL = [
    0x3f78531d, 0x4025f911, 0xbffb1289, 0xbfd6729c, 0x3f8107da, 0x40b1ebcf, 0x4002a3c3, 0xc04a8654,
    0xbfe064c2, 0xc00d7fa5, 0x3ffc0029, 0x401591ce,
]
SEPARABLE_INPUT = [
    0x3fade604, 0xbed5e276, 0xbd1fe1ad, 0xbdf09cb0, 0x4007ec47, 0x3ef2951e, 0x3d9b1302, 0xc00b81b0,
    0xc04a8e05, 0xbf836091, 0xbe162062, 0x3f9a7e9a, 0x3f8930a5, 0x3f100285, 0x3d9416cb, 0x3f760ae1,
    0x40054b7f, 0x3eeab297, 0x3d96ba95, 0xc00b5aa3, 0xc04b2e8c, 0xbf833f7e, 0xbe1623ab, 0x3f9e6361,
    0x3f8fb662, 0x3f13b0fe, 0x3d9875cf, 0x3f6d91d2, 0x4002a112, 0x3ee2bf11, 0x3d92573a, 0xc00b2982,
    0xbf67bfde, 0xbf554e7d, 0x3e9a2100, 0x3f967f99, 0x3fb9202f, 0xbec64261, 0xbc97f8d2, 0xbe70a579,
    0x3fffda62, 0x3edabb24, 0x3d8de951, 0xc00aee4e, 0xc04c4375, 0xbf82e0da, 0xbe16099b, 0x3fa60a41,
    0x3f9ca22f, 0x3f1aed9c, 0x3da11283, 0x3f5c6cc1, 0x3ffa601a, 0x3ed2a75f, 0x3d897120, 0xc00aa90b,
    0xc04cb7c2, 0xbf82a351, 0xbe15ec4e, 0x3fa9cbcd, 0x3fa3074f, 0x3f1e7b39, 0x3da54f7c, 0x3f53c1fb,
    0x3ff4d3b4, 0x3eca845d, 0x3d84eef6, 0xc00a59bf, 0xbf77c1bb, 0xbf4c08d0, 0x3e979fc9, 0x3f9f62ee,
]
SEPARABLE_DEPTHWISE_KERNEL = [
    0xc0c88214, 0xc130a1b2, 0x40000935, 0x40c18c40, 0x3fa78bbf, 0x400295aa, 0x3f16bed4, 0xc1414066,
    0x410dcab8, 0x40f5feaa, 0xbfd91138, 0x4095ad0c,
]


def _gradient_bits(layer, shape, seed):
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*shape).astype('float32'))
    layer.build(shape)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    return cos_weighted_gradient_bits(lambda: layer(x), [x, layer.trainable_weights[0]])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_strided_depthwise_conv1d(exact_math):
    layer = keras.layers.DepthwiseConv1D(3, strides=2, padding='same', use_bias=False)
    assert _gradient_bits(layer, (2, 9, 4), 15) == [DEPTHWISE_INPUT, DEPTHWISE_KERNEL]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_separable_conv1d(exact_math):
    layer = keras.layers.SeparableConv1D(3, 3, padding='same', use_bias=False)
    assert _gradient_bits(layer, (2, 9, 4), 14) == [SEPARABLE_INPUT, SEPARABLE_DEPTHWISE_KERNEL]
