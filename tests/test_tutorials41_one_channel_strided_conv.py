"""A one-channel Conv2D with strides 2 and an odd square kernel (the first layer of keras.io's VAE
encoder: Conv2D(32, 3, strides=2, padding='same') on grayscale images) sums each output as TF 2.21's
oneDNN kernel does (framework/ops/conv_forward_order.py): kernel column by kernel column for a batch
of two or more images with output rows of 5+ columns, kernel row by kernel row otherwise.

Golden bits: TensorFlow 2.21 (oneDNN on, AVX-512) printed tf.nn.conv2d(x, f, 2, padding) as uint32
hex, and the md5 of the last case's bytes, x and f drawn from np.random.default_rng(41) in this
order (notes progs/tutorials41/t41_goldens_conv.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import config, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason="TensorFlow's order here is oneDNN's AVX-512 kernel")

# (x shape, kernel size, filters, padding): column-major (2 images, 5 columns), one image,
# row-major (4 columns) at 5x5 and 3x3; each output within the default mode's 32 values
CASES = [((2, 5, 10, 1), 3, 1, 'SAME'), ((1, 9, 9, 1), 3, 1, 'SAME'), ((2, 7, 11, 1), 5, 1, 'VALID'),
         ((2, 5, 9, 1), 3, 1, 'VALID')]
GOLDEN = [
    ['0xc00b749e', '0x3e4556d2', '0xc02662e3', '0x3eed4539', '0xbfbeb594', '0xbff423fc', '0x3d1fba84', '0xc0171522',
     '0xbec6c9fd', '0x4060b8d1', '0x3ef8cb34', '0xc01845a6', '0xc00cd715', '0x40605a8b', '0x40788663', '0xbf3a7d2e',
     '0xbf51c77a', '0xbf977d61', '0xc02725b6', '0x3f084be0', '0xbf6001e4', '0xbf8c1179', '0xc01e572e', '0xc053a3ea',
     '0xbf58a3c5', '0x3fce670d', '0x403fa179', '0x40124244', '0xc039ed5c', '0xbfd0fde6'],
    ['0xbfc29402', '0x3f893814', '0xc02f850d', '0x40944ef6', '0xbe69f911', '0x407c077d', '0xc0abff7e', '0x406ca5bc',
     '0xc0020f7f', '0xbfd871af', '0x4080a52a', '0xc0f65e3d', '0x40d3a1ee', '0xc0c3214a', '0x3fa1ad8c', '0xbfcff2e3',
     '0x4094b6dd', '0x3e85fa4e', '0xc0d7f730', '0x4081b525', '0x3f417dbd', '0xc05ccc15', '0x4097eefb', '0xbf9bdd28',
     '0xbfaeee29'],
    ['0x402b9bf1', '0x400c271f', '0x40052fdd', '0x3f11f768', '0x40860b53', '0xc0b536ea', '0xc0173580', '0xbffab021',
     '0x4010a3fa', '0x40e1499b', '0xbf91e96b', '0xbf85ac07', '0xbe1a3863', '0x4042d0bf', '0x3ff34c28', '0x409aeb8f'],
    ['0xbf6604d4', '0x3ff80b74', '0x401a8f15', '0xbfeee641', '0xc090f029', '0xbeaeeeb0', '0x40a64d9b', '0xbff68962',
     '0x4049891d', '0xc09bbb50', '0x3fcd5529', '0xbf06334f', '0xc0af3b96', '0xc01539e2', '0xbf001726', '0xc0209770'],
]
# the VAE encoder's first layer on 8 images of 28x28, 32 filters
BATCH_MD5 = '8e02dc3b2503cb6503c4917e975d6605'


@pytest.fixture
def mode():
    previous = config.tf_exact_math()
    yield config.set_tf_exact_math
    config.set_tf_exact_math(previous)


def _outputs(rng):
    for shape, k, o, padding in CASES:
        x = rng.standard_normal(shape).astype(np.float32)
        f = rng.standard_normal((k, k, 1, o)).astype(np.float32)
        yield [hex(v) for v in np.asarray(tf.nn.conv2d(x, f, 2, padding)).reshape(-1).view(np.uint32).tolist()]


def test_strided_one_channel_conv2d_gives_tf_bits(mode):
    mode('small')
    assert list(_outputs(np.random.default_rng(41))) == GOLDEN


def test_blas_product_differs_from_tf_on_these(mode):
    # the test can fail: without the emulation several of these outputs differ in the last bit
    mode(False)
    assert sum(ours != golden for ours, golden in zip(_outputs(np.random.default_rng(41)), GOLDEN)) >= 2


def test_vae_first_layer_batch_gives_tf_bytes(mode):
    mode(True)
    rng = np.random.default_rng(41)
    list(_outputs(rng))                                  # the draws before this case's
    x = rng.standard_normal((8, 28, 28, 1)).astype(np.float32)
    f = rng.standard_normal((3, 3, 1, 32)).astype(np.float32)
    out = np.asarray(tf.nn.conv2d(x, f, 2, 'SAME'))
    assert hashlib.md5(out.tobytes()).hexdigest() == BATCH_MD5
