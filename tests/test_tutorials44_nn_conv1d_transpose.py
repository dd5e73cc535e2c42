"""tf.nn.conv1d_transpose runs as TF 2.21 runs it, Conv2DBackpropInput on a height-1 image, so its float32 sums
take conv_backprop_input_order's orders (framework/ops/convolution_nd.py's height_one_transpose), as keras
Conv1DTranspose already did. Before, it took the N-d product, whose last bits differed from TF's in 54 of 69
strides-1 shapes measured (notes progs/tutorials44/t44_ct1d_check.py), e.g. every case below.

The expected bits were printed by TF 2.21 (notes progs/tutorials44/t44_goldens_ct1d_nn.py):
    x = np.sin(np.arange(n * w * c) * 0.37 + 0.1).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * o * c) * 0.91) * 0.3).reshape(k, o, c).astype(np.float32)
    y = tf.nn.conv1d_transpose(x, f, [n, ow, o], stride, padding); [hex(v) for v in y.numpy().reshape(-1).view(np.uint32)]
Each case has at most 32 outputs, so the default mode computes it in TF's order too.
"""
import numpy as np
import pytest

import framework as tf

_CASES = [
    ((2, 4, 6, 2, 3, 1, 'SAME'), (2, 4, 2), [
        0x3f21800c, 0x3f8f0a2d, 0x3f337836, 0xbede825c, 0xbfc120f6, 0xbf727993, 0x3f03c6e9, 0x3f7703df,
        0xbe23e08a, 0xbf79956c, 0xbfa718ce, 0xbed4b69a, 0x3fb6c064, 0x3fbb8fa0, 0x3de64b6e, 0xbf22fa00,
    ]),
    ((2, 4, 6, 2, 3, 1, 'VALID'), (2, 6, 2), [
        0xbf01eee8, 0xbeaa0fbf, 0x3f21800d, 0x3f8f0a2c, 0x3f337838, 0xbede825b, 0xbfc120f4, 0xbf727994,
        0x3f03c6e8, 0x3f7703e0, 0x3e9f1531, 0x3c43b41e, 0x3f1bc772, 0x3f1d6ac1, 0xbe23e08a, 0xbf79956c,
        0xbfa718cf, 0xbed4b698, 0x3fb6c066, 0x3fbb8fa0, 0x3de64b6e, 0xbf22fa00, 0xbf0fd06a, 0xbec049e4,
    ]),
    ((2, 3, 9, 2, 5, 1, 'SAME'), (2, 3, 2), [
        0xbed00fba, 0x3ef20892, 0x3dc1cc78, 0xbf08fdfa, 0x3e843b7c, 0x3ebac833, 0x3f6671d5, 0xbe9cf7b1,
        0xbf32b006, 0x3f445247, 0x3e44e28a, 0xbf64c7e9,
    ]),
    ((2, 2, 33, 4, 7, 2, 'SAME'), (2, 4, 4), [
        0x3e436ecc, 0xbe8c408c, 0xbe954740, 0x3e2abe6c, 0x3eb4aa0a, 0xbd179fda, 0xbebba1ce, 0xbdc81c02,
        0x3ea93d75, 0x3e607e22, 0xbe7ff2c6, 0xbe9f4b60, 0x3e0ad2cd, 0x3eb8d00f, 0xbb3bdc60, 0xbeb95a2c,
        0x3f0d346f, 0xbe70e769, 0xbf23589c, 0x3a320600, 0x3f2368fb, 0x3e6f9b54, 0xbf0d6351, 0xbedfc32c,
        0x3ec88338, 0x3f14bd35, 0xbe364c12, 0xbf257e70, 0xbd744740, 0x3f1fe18a, 0x3e941757, 0xbf04a8b9,
    ]),
]


@pytest.mark.parametrize('case, shape, bits', _CASES)
def test_nn_conv1d_transpose_gives_tf_bits(case, shape, bits, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    n, w, c, o, k, stride, padding = case
    x = np.sin(np.arange(n * w * c) * 0.37 + 0.1).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * o * c) * 0.91) * 0.3).reshape(k, o, c).astype(np.float32)
    ow = w * stride if padding == 'SAME' else (w - 1) * stride + k
    y = np.asarray(tf.nn.conv1d_transpose(x, f, [n, ow, o], stride, padding))
    assert y.shape == shape
    assert y.reshape(-1).view(np.uint32).tolist() == bits


def test_nn_conv1d_transpose_gradients_still_match_central_differences():
    rng = np.random.default_rng(0)
    x = tf.Variable(rng.normal(size=(2, 3, 2)))
    f = tf.Variable(rng.normal(size=(3, 2, 2)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.conv1d_transpose(x, f, [2, 6, 2], 2, 'SAME') ** 2)
    gx, gf = tape.gradient(loss, [x, f])

    def value(xv, fv):
        return float(np.sum(np.asarray(tf.nn.conv1d_transpose(xv, fv, [2, 6, 2], 2, 'SAME')) ** 2))
    eps = 1e-6
    for var, grad, index in ((x, gx, (1, 2, 0)), (f, gf, (2, 1, 1))):
        plus, minus = var.numpy().copy(), var.numpy().copy()
        plus[index] += eps
        minus[index] -= eps
        args_plus = (plus, f.numpy()) if var is x else (x.numpy(), plus)
        args_minus = (minus, f.numpy()) if var is x else (x.numpy(), minus)
        numeric = (value(*args_plus) - value(*args_minus)) / (2 * eps)
        assert abs(np.asarray(grad)[index] - numeric) < 1e-6
