"""A one-channel Conv2D with strides 1 (grayscale images) sums each output as TF 2.21's oneDNN
brgemm kernel does (framework/ops/conv_forward_order.py): a batch of two or more images with
output rows of 5+ columns chains its taps kernel column by kernel column (kw outer, kh inner),
a single image or narrower rows kernel row by kernel row.

Golden bits: TensorFlow 2.21 (oneDNN on, AVX-512) printed tf.nn.conv2d(x, f, 1, padding) as uint32
hex, x and f drawn from np.random.default_rng(8) in this order (notes progs/conv7/goldens_fw.py).
Each output has at most 32 values, which eigen_math's default mode computes in TF's order.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason="TensorFlow's order here is oneDNN's AVX-512 kernel")

# (x shape, kernel size, filters, padding): row-major (4 columns), one image, column-major (5 and 7 columns)
CASES = [((2, 4, 4, 1), 3, 1, 'SAME'), ((1, 5, 5, 1), 3, 2, 'VALID'), ((2, 3, 7, 1), 3, 1, 'VALID'),
         ((2, 3, 9, 1), 3, 2, 'VALID')]
GOLDEN = [
    ['0x3f8a1acb', '0x3f98d96c', '0xbf97115b', '0xbfb3949d', '0xc099cf5b', '0xc0ea52ca', '0xc10b06fd', '0xc0148a65',
     '0xc0108840', '0xbfad62f7', '0xbf1f2cff', '0x4056277e', '0x3f365ead', '0x40b96b41', '0x3fe95e0a', '0xbe50b7fc',
     '0xbfb994da', '0xbe8596af', '0x404079a5', '0x3fea173f', '0xbf1b18de', '0x40aa311f', '0xc0267d98', '0xc00f6ce7',
     '0x40901da5', '0x4013e345', '0xc10d310d', '0x40b4d819', '0xc086e781', '0x3daac7bc', '0x402b8ddc', '0xc08fcff5'],
    ['0xc1040ce1', '0x401b7c95', '0x3efe3826', '0x4023f60c', '0x4089cbd4', '0x3fb73840', '0x40832d80', '0xbfb4a695',
     '0x401151ea', '0xc0e13872', '0xc035667e', '0xbff12134', '0x3f8c3587', '0x40b3b432', '0x406b1bcb', '0x3f8f2f6d',
     '0x40c43bf5', '0x407ea1bf'],
    ['0x4025ec56', '0x3fa1400c', '0xbf895ce4', '0x3fec24c5', '0x3f999b29', '0xbef805a9', '0x40010a08', '0xc0194c0e',
     '0x3f896f12', '0x3d4b313c'],
    ['0xbfc0c489', '0xc0152320', '0x3fe91df4', '0xc0303c8c', '0xbef54661', '0x408227ea', '0x3f8f91dd', '0x3f66a31c',
     '0x3f993404', '0x3f668add', '0xbfa52a85', '0xbfe8b144', '0xbfdebeb7', '0x401bb3a2', '0x3ff3dd89', '0x40995b3d',
     '0xc00d5edd', '0xc0771af1', '0xbff6749b', '0xbf89e875', '0x3f3ca1cf', '0x408d6f2e', '0xbf8dc0b6', '0xc0d7d5e7',
     '0x4002a73b', '0x3f179101', '0x40da5307', '0x4095a188'],
]


@pytest.fixture
def mode():
    previous = config.tf_exact_math()
    yield config.set_tf_exact_math
    config.set_tf_exact_math(previous)


def _outputs():
    rng = np.random.default_rng(8)
    for shape, k, o, padding in CASES:
        x = rng.standard_normal(shape).astype(np.float32)
        f = rng.standard_normal((k, k, 1, o)).astype(np.float32)
        yield [hex(v) for v in np.asarray(tf.nn.conv2d(x, f, 1, padding)).reshape(-1).view(np.uint32).tolist()]


def test_one_channel_conv2d_gives_tf_bits(mode):
    mode('small')
    assert list(_outputs()) == GOLDEN


def test_blas_product_differs_from_tf_on_these(mode):
    # the test can fail: without the emulation most of these outputs differ in the last bit
    mode(False)
    assert sum(ours != golden for ours, golden in zip(_outputs(), GOLDEN)) >= 3
