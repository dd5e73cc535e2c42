"""tf.nn.conv2d adds its float32 products in oneDNN's order where TensorFlow runs oneDNN
(framework/ops/conv_forward_order.py): one fused multiply-add chain over kernel rows, columns,
then input channels.

Golden bits: TensorFlow 2.21 with oneDNN on (this project's default CPU) printed
tf.nn.conv2d(x, f, strides, padding) for these cases, x and f drawn from np.random.default_rng(31)
in this order, as uint32 hex. The tests turn oneDNN on (TF_ENABLE_ONEDNN_OPTS=1), as TF's default
is CPU-dependent; outputs of at most 32 values are computed in TF's order by default.
"""
import numpy as np
import pytest

import framework as tf

CASES = [((1, 4, 4, 3), (3, 3, 3, 2), 1, 'VALID'), ((1, 4, 4, 5), (3, 3, 5, 2), 2, 'SAME'),
         ((2, 3, 3, 16), (2, 2, 16, 3), 1, 'VALID')]
GOLDEN = [
    ['0x403fbe7d', '0x40ac2c16', '0xc0af6c8d', '0xc106dbf0', '0x3f2dc545', '0x3f860c41', '0xbedffe76', '0xbfdcfe7a'],
    ['0x40ab4e3f', '0x40d509e5', '0x3f0d2b6b', '0xbfecb597', '0xc083cd2f', '0xbf20b6ef', '0xc0a65a6e', '0x3e021667'],
    ['0x410b0add', '0x41a6f86e', '0x3fc50ba2', '0x3fc90d68', '0x40d87864', '0x3f1dfecf', '0xc02fffa7', '0x4185c8ba',
     '0x40298f0a', '0xc103702f', '0x406db4ce', '0xbf801056', '0x40bc2edc', '0xc0047e88', '0xc1b53c6c', '0xc183e923',
     '0x4173c29f', '0xc02f2171', '0xc0c99af3', '0xc12f89e7', '0x40d4ee3c', '0xc1236815', '0x41134810', '0xbffd39d6'],
]


def _operands():
    rng = np.random.default_rng(31)
    return [(rng.standard_normal(xs).astype(np.float32), rng.standard_normal(fs).astype(np.float32))
            for xs, fs, _, _ in CASES]


def _bits(a):
    return np.asarray(a, np.float32).reshape(-1).view(np.uint32).tolist()


@pytest.mark.parametrize('k', range(len(CASES)))
def test_conv2d_gives_onednn_bits(k, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    (x, f), (_, _, strides, padding) = _operands()[k], CASES[k]
    assert _bits(tf.nn.conv2d(x, f, strides, padding)) == [int(b, 16) for b in GOLDEN[k]]


@pytest.mark.avx512_bits
def test_without_onednn_the_blas_product_differs(monkeypatch):
    # the test can fail: TF without oneDNN (Eigen) is not emulated, and BLAS's sums differ here
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    differs = [_bits(tf.nn.conv2d(x, f, s, p)) != [int(b, 16) for b in golden]
               for (x, f), (_, _, s, p), golden in zip(_operands(), CASES, GOLDEN)]
    assert sum(differs) >= 2


def test_keras_conv2d_layer_uses_the_same_product(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    from framework import keras
    (x, f), (_, fs, strides, padding) = _operands()[0], CASES[0]
    layer = keras.layers.Conv2D(fs[3], 3, strides=strides, padding=padding.lower(), use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    assert _bits(layer(x)) == [int(b, 16) for b in GOLDEN[0]]


def test_one_input_channel_keeps_the_blas_product(monkeypatch):
    # oneDNN's one-channel kernel changes order with the sizes (notes progs/kernels/cf1b_tf.py): not emulated
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1) / 7
    f = np.linspace(-1, 1, 9, dtype=np.float32).reshape(3, 3, 1, 1)
    expected = sum(x[0, i:i + 2, j:j + 2, 0] * f[i, j, 0, 0] for i in range(3) for j in range(3))
    assert np.allclose(tf.nn.conv2d(x, f, 1, 'VALID').numpy()[0, :, :, 0], expected, rtol=1e-6)
