"""Dilated transposed convolutions in TF 2.21's order of sums.

tf.nn.conv1d_transpose / keras Conv1DTranspose(dilation_rate=r) run Conv2DBackpropInput on a height-1 image with
dilations (1, r) (TF's outputs of the two are equal bit for bit), so they take conv_backprop_input_order's dilated
sums; tapeflow's 1-D product rounded in its own order (17 of 60 random shapes matched). A dilated product with one
output channel (or a dilated conv2d's input gradient with one input channel) took the BLAS product: 3 of 38
shapes matched; now 31.

Golden values printed by TF 2.21 with /work/notes/progs/layers16/gold_ct.py (float32 bits as hex):
    x, f = RandomState(seed): randn(n, w, cin), randn(k, cout, cin)
    tf.nn.conv1d_transpose(x, f, (n, wout, cout), 1, padding, dilations=r)
    and the input gradient of sum(tf.nn.conv2d(x, f, 1, padding, dilations=r) * randn) for one input channel
"""
import numpy as np
import pytest

import framework as tf

CONV1D_TRANSPOSE = [
    ((1, 2, 6, 2, 2, 2, 2, 'SAME'), [
        '3e83ffea', '3f88d3a1', '3fcbfc7c', '3f95527e', '3fd51580', '3fa4fb1f', 'bf7e9b3e', '3f023b92', '3fed6385',
        '3f57e494', 'be5ef271', 'bdf94ca9', '3fe2fe6b', '3f63d180', '3ea7b736', '3f9be8c5', 'bf9fae94', 'bf65fb57',
        'c00c635c', 'beefd067', '3f443468', 'bf576914', '3f66e667', '3e9d39d8',
    ]),
    ((2, 2, 8, 2, 2, 4, 2, 'SAME'), [
        'c07494c8', 'bf1e04e0', '4017c261', 'bfb39d50', '4009d77d', '41179c69', 'bf2b93ab', 'beb95756', 'c0faef18',
        'c06c2c0b', 'bfe08972', 'bfab922b', '40618ead', '40373239', 'c007d7f7', 'c02d0306', 'bf8f3e7f', 'bf9f49f7',
        '3fb3691a', '3fc4ea08', '4027e8eb', 'bf7977b7', '404d178e', '3f0d0bca', 'beb5600b', 'beb72d31', 'bff2a9ed',
        'bece99e2', 'c001aaf0', '3ee8dee7', 'bdb9ec9b', '400aeddf',
    ]),
    ((3, 2, 8, 1, 2, 3, 2, 'VALID'), [
        'bf79b6da', 'c0310758', 'be73c4b0', 'bf2cd03f', '3fda2be4', 'c00797ab', '3fb8f8a0', '4019ada1', 'bfefd003',
        'bd38c210', 'c009e278', '4020af25', 'beaef6df', '3ed3bb09', '400ce9af', '3fdf2a74', '3e7d5fb5', '3e17b454',
        'be483b6e', '3f43695b', '3dc8cfc1', '3c8b64ac', '3f3e36e3', '3e040989', '3cc3c2f6', '3d8ac7c0', '3e854039',
        '3f3cee05', '3f2c696d', '40052081', 'bf73848a', 'bf57b493', 'bfdc1586', '3dbde780', '3f00914d', 'c06142da',
        '40194f97', 'bf470edd', '3f5a0fe6', 'bfb81f40', 'bf7ec8cc', 'be720161', 'c01b1a10', '3dc08504', 'bd72dc60',
        'bc2894ee', '3ef58919', '3daa703a',
    ]),
    ((4, 1, 8, 3, 5, 3, 3, 'VALID'), [
        'bfb01d20', '40077bb8', '3e43088e', 'bfc0d0e6', '3f568832', 'bfa6f968', '3f33524c', 'bf4131dc', 'c0200b8f',
        '3fc06693', 'bf244bf8', '3f9fb50f', '3f433003', '3f926c81', 'bf6580bc', 'c05fb852', '401dd34a', 'be6adc88',
        '3fc95898', 'bff531d8', 'bf28a3a3', '3f6bd8a1', 'bfafd66a', 'c0824b90', '3e2561d0', '40083148', 'c02a8ec6',
        'bf48f6fc', '4001d9ab', '3f7a23e8', 'be509973', '40093748', 'bfbc7e96', 'bf563a4c', '4062804a', 'bf4d50fe',
        '3f8f1d3e', '3e9cecb0', 'bf92287f', '3f2f26a2', '3ff2041a', 'bf1fefc7', '3f743f2e', '3f79048a', 'bfe2d511',
        '3f93cff2', 'bf9912be', 'c04fb02f', '3e6d54d4', 'c04f4e90', '3f280878', '3e10ccf8', 'bebb7e44', '3d93c030',
        '3b92b7a0', 'c02891cd', '3eb38504', '3f428367', 'bff66d0c', '3f8ad435', '3f6031d5', '3e05a096', '3fdee482',
        '3edbe0d8', '3f3bfb74', '3fdf7bb8', 'be80bc88', '3de06925', '3f95cf56', 'be675414',
    ]),
    ((5, 1, 7, 5, 1, 1, 3, 'VALID'), [
        '405ede8b', 'bf8da13a', 'c05e008f', '406aeabe', '3c776beb', 'beec400a', 'bc0906cf',
    ]),
    ((6, 1, 6, 7, 1, 4, 2, 'VALID'), [
        'c013683e', 'bef1f8d7', '401f621d', 'c03da2b3', '3e027af0', 'c0a921a0', '3ea980d0', '3f03d4e0', 'c09ef7a7',
        'bf863153', 'c03a8d82', 'c06f0258',
    ]),
]

CONV2D_ONE_CHANNEL_INPUT_GRAD = [
    ((7, 1, 6, 4, 3, 2, 'SAME'), [
        'bf8d7f34', '3e627713', 'be82f7c2', 'c03ead9d', 'c0bbfacd', 'c02115aa', '40bed502', '40da12dc', 'beb7dacc',
        'c0641422', '40832ab0', '3ee72a27', 'c143de0e', '402669c9', 'c0b689c1', 'bff40d88', 'c0e8f063', '4058f6d4',
        '40099198', '40878b14', 'bfb936c3', '3fd28982', '4020b3b6', '40a3cda4', 'c083df87', 'c07a8294', '40c262ed',
        '3e89718a', '3f77bdf8', '404df6d2', 'bf596411', '40822456', 'c0dcf903', '4030161c', '3fac5a9e', '40066f27',
    ]),
    ((8, 2, 8, 2, 2, 3, 'VALID'), [
        'bf8178cc', '3ee7b43b', 'bea8260c', '3d1cba00', '3ed885ca', 'bf09b5fb', 'bfffb65c', '3eee5da9', '3f615048',
        'bf8ae695', 'be0fc7c1', '3f69eea2', '407fd434', '3d08da0a', '4008335e', '3fb4fdac', 'bf759324', '3f19e4b7',
        '3f2bc1ef', '40817154', 'bf88c3a5', '3fe822ee', 'c08cc834', 'bfa179a4', 'bfb04046', 'bf0166b7', 'beaeac6c',
        'c04fa88f', '3fad22fc', 'bfeb46cb', 'bfb6c9d4', 'bfb63f0c', '3fdbd489', 'c06c0bf4', '4003a783', 'c0678bb9',
        'c0019c11', '3f88e5ec', 'bf10938b', 'c0231f70', 'c00e40f9', '3f6cc3b8', '3ec19a41', 'bf9cb289', '3f494596',
        '3e8e5660', '3ff11109', 'be3ea992', '3f2a26ba', 'bfdea149', '3eaa3bd0', '400c1188', 'c036607c', '3ef1f4e7',
        '3fc2099f', 'bf4f383b', '3fff06f6', 'bfdc61a5', '402182e4', '3fea002e', 'beae11f4', '40289534', 'bf234884',
        '3fe986ab', 'bed782be', '3fd58524', 'bffb3932', 'c0a98537', '3ffa71ee', '3f453eee', '3f9db5ab', 'c0066650',
        '403ee58f', '3f85c836', 'bd899942', 'bf8fbe79', '400cf02d', '3dd47fce', '3d544083', '3ffdefd4', 'bfb0b5a7',
        'bf2be886', 'bf862719', '40b9732a', '3e657990', 'c02c4d27', 'beaaa378', '3f908af7', 'bf22296a', '3fb5a5bd',
        'c05967e0', 'c06a1c3b', '40b40ee0', 'bfa36f15', 'c0a2411b', '40864426', '403f33fb', '3fedb752', 'c00636de',
        '40a01f2c', '3f3d934e', '3f6b3ba3', 'bf168a06', '3d3ffb65', 'c0306848', 'bf368766', 'bf20addd', 'bf201958',
        'bd5a85e0', 'bef7f9e4', '4037013c', '3f26a46c', 'bf2c4cc0', 'bf376761', 'bfaa5eb4', '3f5840cb', '3ea6546e',
        'bfc7a1e7', '3fd5a69b', '3f8a0cf7', 'bf8e4e3f', '3fbcf317', 'c033535e', '3f8f8d81', '4021b88e', 'c046838d',
        '401d8dc6', '3f6eb574',
    ]),
]


@pytest.fixture
def exact_math():
    before = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)       # (the emulated orders for arrays of more than 32 values too)
    yield
    tf.config.set_tf_exact_math(before)


def bits(a):
    return [format(int(v), '08x') for v in np.asarray(a, np.float32).ravel().view(np.uint32)]


@pytest.mark.parametrize('case, expected', CONV1D_TRANSPOSE)
def test_dilated_conv1d_transpose_bits(case, expected, exact_math, xeon_cpu):
    seed, n, w, cin, cout, k, r, padding = case
    rs = np.random.RandomState(seed)
    x, f = rs.randn(n, w, cin).astype('float32'), rs.randn(k, cout, cin).astype('float32')
    wout = w if padding == 'SAME' else w + (k - 1) * r
    assert bits(tf.nn.conv1d_transpose(x, f, (n, wout, cout), 1, padding, dilations=r)) == expected


def test_keras_dilated_conv1d_transpose_is_the_op(exact_math, xeon_cpu):
    from framework import keras
    seed, n, w, cin, cout, k, r, padding = CONV1D_TRANSPOSE[3][0]
    rs = np.random.RandomState(seed)
    x, f = rs.randn(n, w, cin).astype('float32'), rs.randn(k, cout, cin).astype('float32')
    layer = keras.layers.Conv1DTranspose(cout, k, padding=padding.lower(), dilation_rate=r, use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    assert bits(layer(x)) == CONV1D_TRANSPOSE[3][1]


@pytest.mark.parametrize('case, expected', CONV2D_ONE_CHANNEL_INPUT_GRAD)
def test_dilated_conv2d_one_input_channel_input_gradient_bits(case, expected, exact_math, xeon_cpu):
    seed, n, w, cout, k, r, padding = case
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(n, w, w, 1).astype('float32'))
    f = tf.constant(rs.randn(k, k, 1, cout).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, f, 1, padding, dilations=r)
        loss = tf.reduce_sum(y * tf.constant(rs.randn(*y.shape).astype('float32')))
    assert bits(tape.gradient(loss, x)) == expected


def test_float64_dilated_conv1d_transpose_is_still_refused():
    x, f = np.ones((1, 4, 2)), np.ones((2, 3, 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match='do not yet support dilation rates'):
        tf.nn.conv1d_transpose(x, f, (1, 6, 3), 1, 'VALID', dilations=2)
