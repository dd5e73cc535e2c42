"""keras Conv1DTranspose at strides 2 sums as TF 2.21's Conv2DBackpropInput on a height-1 image (strides (1, 2)):
SAME padding adds per-kernel-column partial sums, VALID padding chains one fused multiply-add per output for an odd
kernel width and adds column sums for an even one (framework/ops/conv_backprop_input_order.py). Before, tapeflow
kept numpy's BLAS product at strides (1, 2), whose last bits differed (the (2, 2, 6, 2, 3, 'valid') and
(2, 2, 33, 4, 7, 'same') cases below).

The expected bits were printed by TF 2.21 (notes progs/tutorials44/t44_goldens_ct1d.py):
    x = np.sin(np.arange(n * w * c) * 0.37 + 0.1).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * o * c) * 0.91) * 0.3).reshape(k, o, c).astype(np.float32)
    layer = keras.layers.Conv1DTranspose(o, k, strides=2, padding=pad, use_bias=False)
    layer.build(x.shape); layer.kernel.assign(f); [hex(v) for v in np.asarray(layer(x)).reshape(-1).view(np.uint32)]
Each case has at most 32 outputs, so the default mode computes it in TF's order too.
"""
import numpy as np
import pytest

from framework import keras

_CASES = [
    ((2, 2, 6, 2, 3, 'valid'), (2, 5, 2), [
        0xbf01eee8, 0xbeaa0fbf, 0x3d64f70f, 0x3ed0faad, 0x3f897b29, 0x3f7ad79a, 0x3ec776c6, 0xbe37e7fc,
        0xbf223ff8, 0xbf2ea5af, 0xbe40238a, 0xbf0687c7, 0xbf06e58e, 0xbe4398b8, 0xbda5a62c, 0x3ef5f8bc,
        0x3e7d7d2d, 0x3ed23393, 0x3e9f1531, 0x3c43b41e,
    ]),
    ((2, 3, 6, 2, 4, 'valid'), (2, 8, 2), [
        0xbf01eee8, 0xbeaa0fbf, 0x3d64f70f, 0x3ed0faad, 0x3f897b29, 0x3f7ad79a, 0x3e844140, 0xbf20ec70,
        0xbf5248da, 0xbf9a96bb, 0xbf5220d0, 0x3dbb9988, 0x3e88cf3a, 0x3f0dea16, 0x3ef92271, 0x3ddbc154,
        0xbeb238c5, 0xbd976db8, 0x3e7d7d2d, 0x3ed23393, 0x3f6b520a, 0x3f207991, 0xbd88e1f4, 0xbf37bdb8,
        0xbf83e914, 0xbf9e8224, 0xbf274058, 0x3eb32f25, 0x3eeee716, 0x3f2d0079, 0x3ee795e0, 0xbd78cac6,
    ]),
    ((2, 4, 8, 2, 5, 'same'), (2, 8, 2), [
        0x3e5b12a8, 0x3e7af36a, 0x3e86d768, 0xbe92cbe4, 0xbf1320d6, 0xbeacc11c, 0x3ca98440, 0x3f45106e,
        0x3f3047a7, 0x3e7667c1, 0xbe89ed5b, 0xbf818459, 0xbf47a26b, 0xbe0b32ea, 0x3f21d7e8, 0x3f528e1b,
        0x3f0e2c75, 0x3e51dbc6, 0xbe7ec3d0, 0xbf856cb4, 0xbf6218a8, 0x3daa8aae, 0x3f6e6b5b, 0x3fc191e1,
        0x3f645558, 0xbe4326ff, 0xbf8cc334, 0xbfcaf19d, 0xbf5f0fc7, 0x3e954edd, 0x3f981104, 0x3f7f9f42,
    ]),
    ((2, 2, 33, 4, 7, 'same'), (2, 4, 4), [
        0x3e436ecc, 0xbe8c408c, 0xbe954740, 0x3e2abe6c, 0x3eb4aa0a, 0xbd179fda, 0xbebba1ce, 0xbdc81c02,
        0x3ea93d75, 0x3e607e22, 0xbe7ff2c6, 0xbe9f4b60, 0x3e0ad2cd, 0x3eb8d00f, 0xbb3bdc60, 0xbeb95a2c,
        0x3f0d346f, 0xbe70e769, 0xbf23589c, 0x3a320600, 0x3f2368fb, 0x3e6f9b54, 0xbf0d6351, 0xbedfc32c,
        0x3ec88338, 0x3f14bd35, 0xbe364c12, 0xbf257e70, 0xbd744740, 0x3f1fe18a, 0x3e941757, 0xbf04a8b9,
    ]),
]


def _data(n, w, c, o, k):
    x = np.sin(np.arange(n * w * c) * 0.37 + 0.1).reshape(n, w, c).astype(np.float32)
    f = (np.cos(np.arange(k * o * c) * 0.91) * 0.3).reshape(k, o, c).astype(np.float32)
    return x, f


@pytest.mark.parametrize('case, shape, bits', _CASES)
def test_conv1d_transpose_strides_2_gives_tf_bits(case, shape, bits, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    n, w, c, o, k, padding = case
    x, f = _data(n, w, c, o, k)
    layer = keras.layers.Conv1DTranspose(o, k, strides=2, padding=padding, use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    y = np.asarray(layer(x))
    assert y.shape == shape
    assert y.reshape(-1).view(np.uint32).tolist() == bits
