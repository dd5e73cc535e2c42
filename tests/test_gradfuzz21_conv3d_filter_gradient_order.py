"""Conv3D's kernel gradient (Conv3DBackpropFilterV2) sums as TF 2.21's oneDNN backward-weights kernel
(framework/ops/conv3d_backprop_filter_order.py): the 2-D kernel's chains with the output depth folded into the
minibatch, its threads on contiguous (image, depth) slices. tapeflow kept numpy's BLAS product: 20 of 48, 42 of
64 and 29 of 48 values below were an ulp off. The slices follow the intra-op thread count (2 where TF printed
these), so the test pins it.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold7.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(f)
        y = tf.nn.conv3d(x, f, strides, padding)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, f).numpy().view('uint32').ravel()])
"""
import pytest

import framework as tf
from framework import config_threading
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

SINGLE_IMAGE = [
    0x3f922ae2, 0x3fef8bcc, 0x3f45a55f, 0x408d01de, 0xbfdfd2ee, 0xc090750e, 0xbfc9183a, 0x3fedf336,
    0xc00101fb, 0x3e807cf4, 0x3fbcbb62, 0x3f09e478, 0x400e3887, 0x401a5df7, 0x3f59125b, 0xbf01c170,
    0x40950324, 0x40631baa, 0x3d14a920, 0xc01d6bbb, 0xbf95c305, 0xbfb1aa1a, 0xc035da03, 0xbf1db859,
    0xc08d4434, 0xc055501e, 0xc0eff608, 0xc0ebba9c, 0x407d8a15, 0x400b9e74, 0xc00aef22, 0xc08c9dcf,
    0x3fcea0ac, 0x3fc88120, 0x3e92b624, 0xbf022ef8, 0x3e53cc18, 0x3ee23d70, 0x3fccc12c, 0x406df240,
    0xbfeba4c2, 0x3fe78517, 0x4022e8fd, 0x40ab8994, 0xc096b342, 0xc0a4e76c, 0xc000a572, 0xc0799640,
]
SIXTEEN_CHANNELS = [
    0xbfcb8264, 0x4052c8c8, 0xc0d93c60, 0xc14e7b80, 0xc00bdbfa, 0xc03026e0, 0xc16c96b0, 0xc045e52a,
    0xc095c762, 0xc122bc4a, 0xc0c77ebc, 0x41317dfe, 0x41821fba, 0xbf8e03a0, 0x4062ede8, 0xc00ae80e,
    0xbfa619af, 0xbefb370a, 0xc12a522a, 0xbfbf1816, 0xc0cd1dbc, 0x3fcc361c, 0xc0df7ab2, 0xbfe76f7d,
    0xc115289a, 0xc0d1ae47, 0xc003b191, 0x40a7c758, 0x413c2a66, 0xbf98e88e, 0xc06c0cfe, 0xc11b58eb,
    0xbef0e840, 0xbead197c, 0x3fed0444, 0x4107e89f, 0xbffa0410, 0x40862d9c, 0x410a48e4, 0x403c641a,
    0xbfbf2628, 0x3eb3741c, 0x40dc5820, 0xc080d8ea, 0xc02028f3, 0xc0160732, 0xc16fb59e, 0xc0a0503e,
    0xc02a161b, 0x3edf81c0, 0x40c00d04, 0x40dff6d2, 0xc0295833, 0xbf2a06f2, 0x412e7f68, 0x4025e5af,
    0x3e352078, 0x4068481f, 0x40dbb47a, 0xc07d913c, 0xc121437c, 0xbfd56eb8, 0xc0c99a04, 0x3fd20ec6,
]
STRIDED = [
    0x3f60b22e, 0x408cefb9, 0xc0e97063, 0xc0966b04, 0xc11f385c, 0xc0b21faa, 0x3ffdd820, 0x404136a5,
    0xbf9a4308, 0xc042e424, 0x4045221e, 0x4061f928, 0x408850b4, 0x3fe198b0, 0xc0973eff, 0xc02868f3,
    0x40c98555, 0x40d32710, 0xc13c1c09, 0xc0ea4037, 0xc0a02a61, 0xc094265c, 0xbf53bdcc, 0x3fd468e8,
    0xc0964494, 0xbfa8cb04, 0x40cd277f, 0xbfb801e6, 0x3feaf1a8, 0x3fdc5e91, 0xc08d173b, 0xc0fff852,
    0x40bb4427, 0x4095c2f1, 0xbe147420, 0x40956a67, 0x3f8b3d0f, 0x40f0c7c1, 0x402be408, 0x3f8dd87c,
    0xc05e3759, 0xc014e4d5, 0x401a50b4, 0x3e0f09a8, 0xbfb44aa8, 0xc0822d81, 0x3f091614, 0x4065cdec,
]


@pytest.fixture
def exact_math_two_threads(exact_math, monkeypatch):
    monkeypatch.setattr(config_threading, 'intra_op_pool_size', lambda: 2)


def _filter_gradient_bits(xshape, fshape, strides, padding, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.conv3d(x, f, strides, padding), [f])[0]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_single_image_depth_slices(exact_math_two_threads):
    assert _filter_gradient_bits((1, 4, 4, 3, 3), (2, 2, 2, 3, 2), [1, 1, 1, 1, 1], 'VALID', 14) == SINGLE_IMAGE


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_sixteen_channels_take_the_row_runs(exact_math_two_threads):
    assert _filter_gradient_bits((2, 3, 3, 4, 16), (2, 1, 2, 16, 1), [1, 1, 1, 1, 1], 'SAME', 15) == SIXTEEN_CHANNELS


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_strided(exact_math_two_threads):
    assert _filter_gradient_bits((3, 5, 4, 4, 2), (3, 2, 2, 2, 2), [1, 2, 1, 2, 1], 'SAME', 16) == STRIDED
