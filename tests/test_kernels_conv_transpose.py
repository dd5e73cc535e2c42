"""tf.nn.conv2d_transpose (Conv2DBackpropInput) adds its float32 products in TensorFlow's order
(framework/ops/conv_backprop_input_order.py): one fused multiply-add chain, or one per kernel column.

Golden bits: TensorFlow 2.21 (CPU wheel; the same with oneDNN on and off) printed
tf.nn.conv2d_transpose(x, f, output_shape, strides, padding) for these cases, x and f drawn from
np.random.default_rng(21) in this order, as uint32 hex. Each output has at most 32 values, which
eigen_math's default mode computes in TF's order.
"""
import numpy as np
import pytest

import framework as tf
from framework import config

CASES = [((1, 2, 2, 3), (3, 3, 2, 3), 2, 'SAME', (1, 4, 4, 2)), ((1, 2, 2, 4), (3, 3, 2, 4), 1, 'VALID', (1, 4, 4, 2)),
         ((1, 3, 3, 5), (3, 3, 3, 5), 1, 'SAME', (1, 3, 3, 3)), ((1, 2, 1, 6), (3, 3, 1, 6), 2, 'VALID', (1, 5, 3, 1))]
GOLDEN = [
    ['0xc0b83854', '0x3fbe07b5', '0x3ee73675', '0xbf954e76', '0xc03d0db7', '0xbf6145f6', '0xc012a429', '0x3ecc3c2f',
     '0x3f7bbdf6', '0x3fb7c25e', '0xbfa6fa18', '0xbfd8c0eb', '0x409ac4fd', '0xbe2e90e8', '0x3f01a539', '0xbfe8c146',
     '0x403b0f1a', '0x3fb201a0', '0xbfca2b59', '0x402c3d3d', '0xbf438ee1', '0x4092ff51', '0x403c9a7a', '0x3e77fce0',
     '0x3f4cafb0', '0xbfab3d5b', '0x3eb8fd65', '0x3d7994c6', '0xbfa12667', '0x4031a391', '0x3db13f9c', '0x3e70b525'],
    ['0xbc99fa5c', '0x3dbcb7de', '0xbf24b0e2', '0xbf8c24e8', '0xbd04e1c8', '0xbea70b08', '0xc005ad97', '0xbfeda9f1',
     '0xbf01b6c8', '0xbd98c7ca', '0xbe6e380e', '0x3ecc2b60', '0x3dd0aca0', '0xc06d1dcc', '0x3ef921fa', '0xbf88e56d',
     '0x40493bda', '0x3f4a1462', '0xbf88d6bd', '0xbf89609a', '0x4052e974', '0xc011fb92', '0x3f75443f', '0xbdeb78d1',
     '0xbf1187aa', '0xc0185da9', '0x3fa652a9', '0x400ecfe7', '0xc00dd7da', '0xbf9cf587', '0x3f820267', '0x3befe0cb'],
    ['0x3fb4c84f', '0xbe24d80c', '0xbeead1d9', '0x406f8421', '0x40558043', '0x406e4f65', '0xc018e168', '0x40578b63',
     '0xbeed975e', '0xbe381392', '0xc08a5e2c', '0x40cd0c72', '0xbe3c9870', '0x40b9faec', '0x409cb9a2', '0xc05ac106',
     '0x40dac734', '0x3edcd7ff', '0xc08f369b', '0xc025152e', '0xc049eb40', '0xc07f1b3a', '0xbfe40d10', '0x3ec545db',
     '0xbf958aa0', '0xbfa36517', '0xbf441494'],
    ['0xbf65f6aa', '0x3ff0923c', '0x3f1f8390', '0x4000047d', '0xbf61add4', '0x4008689d', '0x3f7345e6', '0x40b11d1f',
     '0x404daa68', '0xc03347a7', '0xc05d5686', '0x40819943', '0x3f8eccdc', '0xbea6dccc', '0xc043d808'],
]


def _operands():
    rng = np.random.default_rng(21)
    out = []
    for xs, fs, _, _, _ in CASES:
        out.append((rng.standard_normal(xs).astype(np.float32), rng.standard_normal(fs).astype(np.float32)))
    return out


def _bits(a):
    return np.asarray(a, np.float32).reshape(-1).view(np.uint32).tolist()


@pytest.mark.parametrize('k', range(len(CASES)))
def test_conv2d_transpose_gives_tensorflow_bits(k, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    (x, f), (_, _, strides, padding, shape) = _operands()[k], CASES[k]
    assert _bits(tf.nn.conv2d_transpose(x, f, shape, strides, padding)) == [int(b, 16) for b in GOLDEN[k]]


def test_blas_order_differs_on_these():
    # the test can fail: with the exact mode off, the BLAS product and fold differ from TF here
    previous = config.tf_exact_math()
    config.set_tf_exact_math(False)
    try:
        differs = [_bits(tf.nn.conv2d_transpose(x, f, shape, strides, padding)) != [int(b, 16) for b in golden]
                   for (x, f), (_, _, strides, padding, shape), golden in zip(_operands(), CASES, GOLDEN)]
    finally:
        config.set_tf_exact_math(previous)
    assert sum(differs) >= 3


def test_keras_layer_uses_the_same_product(onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    from framework import keras
    (x, f), (_, _, strides, padding, shape) = _operands()[0], CASES[0]
    layer = keras.layers.Conv2DTranspose(shape[3], 3, strides=strides, padding=padding.lower(), use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    assert _bits(layer(x)) == [int(b, 16) for b in GOLDEN[0]]


def test_gradient_still_flows_through_both_operands():
    (x, f), (_, _, strides, padding, shape) = _operands()[1], CASES[1]
    xt, ft = tf.constant(x), tf.constant(f)
    with tf.GradientTape() as tape:
        tape.watch([xt, ft])
        y = tf.reduce_sum(tf.nn.conv2d_transpose(xt, ft, shape, strides, padding))
    gx, gf = tape.gradient(y, [xt, ft])
    assert gx.shape == x.shape and gf.shape == f.shape
    # d sum / d x[n, i, j, c] = the sum of f[..., c] over the taps inside the image (VALID: all of them)
    assert np.allclose(gx.numpy()[0, 0, 0], f.sum(axis=(0, 1, 2)), rtol=1e-5)
