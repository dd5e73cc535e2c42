"""conv1d (keras Conv1D) at strides 2 and 3 sums as TF 2.21's oneDNN kernel: one fused multiply-add chain per
output over kernel columns, then channels (framework/ops/conv_forward_order.py). Before, tapeflow kept numpy's
BLAS product there, and keras.io's timeseries anomaly autoencoder (Conv1D(8, 7, strides=2) after
Conv1D(16, 7, strides=2)) predicted other last bits than TF at batch 32.

The expected bits were printed by TF 2.21 (notes progs/tutorials44/t44_goldens_c1d.py):
    x = np.sin(np.arange(n * w * c) * 0.37).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * c * o) * 0.91) * 0.3).reshape(k, c, o).astype(np.float32)
    y = tf.nn.conv1d(x, f, stride, padding); [hex(v) for v in y.numpy().reshape(-1).view(np.uint32)]
Each case has at most 32 outputs, so the default mode computes it in TF's order too. The bits are oneDNN's, so the
tests ask for it (onednn_on): on an AVX2 CPU TF 2.21's default (oneDNN off) sums otherwise (eigen_avx2_conv.py;
the first case's first output is 0x3ddad1d0 there).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_CASES = [
    ((1, 16, 16, 4, 7), 2, 'SAME', (1, 8, 4), [
        0x3ddad1d8, 0x3e1edbe8, 0x3dab2d2e, 0xbd57336e, 0xb893937f, 0x3d367b95, 0x3d6048c5, 0x3cb9a606,
        0xbe1ecf96, 0xbe13f267, 0xbcb6576e, 0x3deff028, 0xbe6d60ee, 0xbe8569f1, 0xbdb44cd7, 0x3e1c2b4e,
        0xbe441ce0, 0xbe7b0233, 0xbddfff07, 0x3de31050, 0xbd5f61a8, 0xbdd8f347, 0xbd9a9d32, 0x3c594dc7,
        0x3e0f7db2, 0x3db7a7c3, 0xbcf62fc0, 0xbe019a06, 0x3dd8e8e1, 0x3dc687ea, 0x3c56483b, 0xbda5a6fd]),
    ((1, 20, 8, 2, 5), 3, 'VALID', (1, 6, 2), [
        0x3cef115b, 0xbddc5893, 0x3d459f51, 0x3dffd85d, 0xbde4c831, 0xbdd945f1, 0x3e124229, 0x3d679847,
        0xbe07c827, 0x3c19a0f3, 0x3dabfd20, 0xbd94a510]),
    ((2, 9, 16, 2, 3), 2, 'SAME', (2, 5, 2), [
        0x3e3fd277, 0x3dc205c5, 0x3dcd7126, 0x3dafeaa9, 0xbc8c214f, 0x3d5b2c9d, 0xbe00e932, 0xbbc10716,
        0xbcbf227d, 0x3db7dc08, 0xbe4eb87f, 0xbda6d857, 0xbda7cb2b, 0xbdaa506e, 0x3d1de623, 0xbd358976,
        0x3e0eeb2b, 0x3c8a6592, 0xbc5bb099, 0xbde986f3]),
]


def _data(n, w, c, o, k):
    x = np.sin(np.arange(n * w * c) * 0.37).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * c * o) * 0.91) * 0.3).reshape(k, c, o).astype(np.float32)
    return x, f


@pytest.mark.parametrize('sizes, stride, padding, shape, bits', _CASES)
def test_conv1d_strided_gives_tf_bits(sizes, stride, padding, shape, bits, onednn_on):
    x, f = _data(*sizes)
    y = np.asarray(tf.nn.conv1d(x, f, stride, padding))
    assert y.shape == shape
    assert y.reshape(-1).view(np.uint32).tolist() == bits


def test_keras_conv1d_layer_takes_the_same_order(onednn_on):
    sizes, stride, padding, shape, bits = _CASES[0]
    x, f = _data(*sizes)
    layer = keras.layers.Conv1D(sizes[3], sizes[4], strides=stride, padding=padding.lower(), use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    y = np.asarray(layer(x))
    assert y.shape == shape
    assert y.reshape(-1).view(np.uint32).tolist() == bits
