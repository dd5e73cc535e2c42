"""A depthwise convolution's filter gradient with a channel multiplier, in TF 2.21's order.

keras SeparableConv1D / DepthwiseConv1D(depth_multiplier=2) differed from TF in the last bits of the depthwise
kernel's gradient (a fit's final weights drifted: notes progs/layers16/fit1.py 'sep1', g1.py), and so did
DepthwiseConv2D(depth_multiplier=2)'s (cg1.py); TF's grouped kernel sums each image's output rows' columns in blocks
of 28 (framework/ops/depthwise_multiplier_filter_order.py).

Golden values printed by TF 2.21 with /work/notes/progs/layers16/gold_dwm.py (float32 bits as hex):
    rs = RandomState(seed); x = rs.randn(n, 1, W, c); dk = rs.randn(1, k, c, m)
    gradient of sum(tf.nn.depthwise_conv2d(x, dk, (1, 1, 1, 1), padding) * rs.randn(...)) for dk
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

DEPTHWISE = [
    ((1, 3, 7, 2, 3, 2, 'VALID'), [
        '40553dc1', '407286fe', '405d5ab8', '40286e8f', '408cd622', 'c0df1039', 'bf3add68', 'bfe33768', '40b540d7',
        '40a1cc6c', '3fb1a913', 'c0017964',
    ]),
    ((2, 2, 33, 3, 2, 3, 'SAME'), [
        '404ce4f1', '3fa01103', '407ba58c', 'c181c354', 'bee13a8f', '400d8563', 'c030e294', '409937a9', 'c0133d5b',
        '415f96f2', 'c18b28f7', 'c0f5f45c', '408d64af', '4124eb91', 'c198c060', '40247b28', '414361de', 'c182462d',
    ]),
    ((3, 4, 12, 2, 2, 1, 'VALID'), [
        'c165bc11', 'c0067ac6', '40502c18', '3f8d2b7f',
    ]),
]

TALLER = [
    ((11, 2, 5, 7, 3, 2, 2, 3, 'SAME'), [
        '40e56fec', 'c0993f5a', '40f9ce6d', '3f1ffe68', 'c0ad4d40', '40b2c5b2', '412628e7', 'c0bad229', '418714c6',
        'c0001cd5', 'c17abcc5', '411bdaf2', '3db533c0', '3c945200', 'c04f7f54', 'c0426a79', '402293d8', '3f84c487',
        'c05eb6bc', 'c1108468', 'bfcf4268', 'bdc148e8', 'c01abe30', '3f680c34', 'bfdd76f4', '4028dd70', '40869397',
        'c12e39c3', 'c007b9ea', 'c069bb54', 'c110f6c2', 'c0a44c54', '3fe5edef', 'c09ec76a', 'c0d05cca', '3f824b38',
    ]),
    ((12, 3, 4, 30, 2, 3, 1, 2, 'VALID'), [
        '412a5c89', 'c184ef12', '4059ccdf', 'c18da3ec', 'c08fc9b9', 'c180b152', '4026a678', 'c0e8be16', '416ed9fd',
        'c13a0fb9', 'c1234e72', '40e9edd0',
    ]),
]

SEPARABLE = [
    'bc70f157', 'bced03fc', '3c064d14', 'bcdd8561', 'bca96402', 'bd29db30', 'bc2a235a', '3cd79cf6', 'bd255959',
    'bcb92c6e', '3c5e4dd6', 'bddf1a3a',
]


@pytest.fixture
def exact_math():
    before = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)       # (the emulated orders for arrays of more than 32 values too)
    yield
    tf.config.set_tf_exact_math(before)


def bits(a):
    return [format(int(v), '08x') for v in np.asarray(a, np.float32).ravel().view(np.uint32)]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('case, expected', DEPTHWISE)
def test_height_one_depthwise_multiplier_filter_gradient_bits(case, expected, exact_math):
    seed, n, width, channels, multiplier, k, padding = case
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(n, 1, width, channels).astype('float32'))
    kernel = tf.Variable(rs.randn(1, k, channels, multiplier).astype('float32'))
    with tf.GradientTape() as tape:
        y = tf.nn.depthwise_conv2d(x, kernel, (1, 1, 1, 1), padding)
        loss = tf.reduce_sum(y * tf.constant(rs.randn(*y.shape).astype('float32')))
    assert bits(tape.gradient(loss, kernel)) == expected


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('case, expected', TALLER)
def test_depthwise_multiplier_filter_gradient_bits_of_taller_images(case, expected, exact_math):
    seed, n, height, width, channels, multiplier, kh, kw, padding = case
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(n, height, width, channels).astype('float32'))
    kernel = tf.Variable(rs.randn(kh, kw, channels, multiplier).astype('float32'))
    with tf.GradientTape() as tape:
        y = tf.nn.depthwise_conv2d(x, kernel, (1, 1, 1, 1), padding)
        loss = tf.reduce_sum(y * tf.constant(rs.randn(*y.shape).astype('float32')))
    assert bits(tape.gradient(loss, kernel)) == expected


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_separable_conv1d_depthwise_kernel_gradient_bits(exact_math):
    x = np.random.RandomState(4).randn(2, 30, 2).astype('float32')
    layer = keras.layers.SeparableConv1D(3, 3, depth_multiplier=2,
                                         depthwise_initializer=keras.initializers.RandomNormal(seed=1),
                                         pointwise_initializer=keras.initializers.RandomNormal(seed=2))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(layer(x)))
    assert bits(tape.gradient(loss, layer.depthwise_kernel)) == SEPARABLE


def test_gradient_values_are_the_product_values():
    rs = np.random.RandomState(7)
    x = tf.constant(rs.randn(3, 1, 40, 3).astype('float32'))
    kernel = tf.Variable(rs.randn(1, 3, 3, 2).astype('float32'))
    up = rs.randn(3, 1, 38, 6)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.depthwise_conv2d(x, kernel, (1, 1, 1, 1), 'VALID') * tf.constant(up.astype('float32')))
    got = tape.gradient(loss, kernel).numpy()
    xs = x.numpy().astype(np.float64)[:, 0]
    ups = up.astype(np.float32).astype(np.float64)[:, 0].reshape(3, 38, 3, 2)
    want = np.stack([np.einsum('nwc,nwcm->cm', xs[:, j:j + 38], ups) for j in range(3)])[None]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
