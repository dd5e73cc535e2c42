"""conv2d with explicit padding has TF 2.21's float32 input gradient: TF runs its own Conv2DCustomBackpropInputOp
there, not oneDNN (framework/ops/eigen_float_conv_backprop_input.py: a column buffer per image, summed in one FMA
chain for a single image or a large work unit, else in 16 lanes folded by halves for fewer than 16 output
positions; col2im by output position). tapeflow padded the input and took oneDNN's VALID order: 40 of 60, 45 of
80 and 105 of 168 values below were an ulp off.

Golden bits printed by TF 2.21 with notes progs/gradfuzz22/gold1.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, f, strides, padding)
        total = tf.reduce_sum(y * np.cos(np.arange(int(np.prod(y.shape))) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, x).numpy().view('uint32').ravel()])
"""
import pytest

import framework as tf
from framework import config_threading
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

ONE_IMAGE = [
    0xc0241b4a, 0xc05b30d5, 0xbeb120f9, 0xbfa11cca, 0x40a2e9cf, 0x4055419f, 0x3fc21a8f, 0xbf3e6fc8,
    0xbf60f87e, 0xbe69af00, 0xc08b9289, 0xc01e1bf1, 0xbfa57656, 0x40a0a88a, 0x405345ab, 0x40283d1c,
    0xbfdb8bfe, 0xbfc0dcfe, 0xc02ba1ea, 0xc0245eba, 0xc030a3bd, 0x3f108042, 0x407767c8, 0x4078bebf,
    0x400835fc, 0xbf9c6ec2, 0xbf86854e, 0xc029aed6, 0xc02ab66e, 0xc036cb7c, 0xbf9683b9, 0x40a3cdc7,
    0x3fa15a28, 0x400c1a87, 0xbf8c36dc, 0xbf6b9812, 0xc0278aa3, 0xc030dcb7, 0xc03cbe53, 0x3ec16572,
    0x4073863a, 0x4073f72e, 0x400fd682, 0xbf77acc2, 0xbf49e156, 0xbfab9852, 0xc0791b6e, 0x3e00de8a,
    0x3e913cfa, 0x40712b66, 0x40712914, 0x401368da, 0xbf56a41d, 0xbf27f025, 0xc022b16a, 0xc03c8df4,
    0xc047fe67, 0x3e41d4ea, 0x406e8ac0, 0x406e152e,
]
SIXTEEN_LANES = [
    0x3ee0286e, 0x3f587da0, 0xbd9f4b80, 0x4096cddb, 0x3f147f60, 0xc03268bc, 0xbf75275e, 0xbfc7eaa2,
    0xbf073d0b, 0xbfcc1540, 0xc0a15faf, 0xc0a51856, 0xc0807d76, 0xc091d1aa, 0x3ff6f94c, 0x40d060c5,
    0xbfb5c87a, 0x4085c346, 0x40a3b628, 0x404dea4c, 0xbf280ad4, 0x401643d8, 0x3f6843ba, 0x3e2001c8,
    0x3dcc1b90, 0x401001b4, 0x3edd4cba, 0x40a5d6ee, 0xbfce7d97, 0x407200e0, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x3db2ccc0, 0xc02e548e, 0xbf25e49b, 0xc09acddc, 0xbf28e84a, 0x3f7cd4fc, 0x3f1ca31c, 0xc0256013,
    0x3fe8ce3d, 0xbfb71bb8, 0x40abc4cb, 0x410d9a69, 0x40057cd0, 0x40d4ebe4, 0x4027670f, 0x3d4a56c0,
    0x4072cfc3, 0x3f7404fa, 0xc084cba8, 0xc0a13972, 0x3f1629ba, 0xbe2ce500, 0xbec71c36, 0x406dad58,
    0x3edb3718, 0xc042923a, 0xbf6bf47a, 0xc047623e, 0x3e2205f8, 0xc028c347, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
]
TWO_IMAGES_IN_ORDER = [
    0xc0af5d28, 0x40504f6b, 0x40843860, 0xc107a3a1, 0x40b8f7b0, 0xc008954b, 0xc08062ac, 0x408b4176,
    0xc0ab1073, 0x3f3dfe28, 0x3fc94650, 0x40208324, 0x40876bc7, 0x3f3e7e1c, 0xc014a83b, 0xc09edad4,
    0xc0252297, 0xc008b137, 0x3f77cfa6, 0x410f8744, 0x3f19c460, 0x405063bc, 0x4008effc, 0xc0d0e79e,
    0x3fba4628, 0xc07d9a78, 0xbff61cf0, 0x41532e36, 0xc054e11d, 0x40854b36, 0x4045d965, 0xc14e2249,
    0x4098c8a6, 0xc075b12c, 0xc066dffe, 0x406cdafe, 0xc0b3b60a, 0x40419289, 0x4084d8b4, 0xc0f2d77b,
    0x40b7ccb0, 0xbfe9b459, 0xc07a1f3a, 0x405214b5, 0xc0a48790, 0x3eca4104, 0x3fa5488b, 0x40408ae2,
    0x4078b336, 0x3f8b00e2, 0xc001a31c, 0xc0bf668e, 0xc008bc0a, 0xc01b73d6, 0x3f20241a, 0x411c2eef,
    0x3dec8aa8, 0x405da5b6, 0x401846cf, 0xc0d1fd22, 0x3ff5c7bc, 0xc081d63c, 0xc00e6604, 0x4154705c,
    0xc06d8df1, 0x4084597a, 0x40540ba5, 0xc1490fe5, 0x40a103b0, 0xc06c15ae, 0xc06377cf, 0x404ee31f,
    0xc021aead, 0xbf088644, 0x40384d49, 0xc0a62f08, 0x40327037, 0x3fa2b83f, 0xc0610f46, 0x40201037,
    0xc02c8468, 0xbfec7f65, 0x3fe289b3, 0x3fff88c0, 0x4017c66c, 0xc083f46e, 0xc020bc0b, 0x41543255,
    0xc0824696, 0x40827866, 0x4060be6d, 0xc14291e6, 0x40a81b8a, 0xc060cf3e, 0xc05e7444, 0x402f751c,
    0xc0b89343, 0x40201bb1, 0x4083492f, 0xc0b508f5, 0x40b195fa, 0xbf961e4e, 0xc067953c, 0x3f8a85ef,
    0xc0940716, 0xbe9c3af0, 0x3f341eff, 0x407c4e4c, 0x40475077, 0x3fdf4510, 0xbfb1fb2d, 0xc0fc3730,
    0xbf9a7c76, 0xc03d8dc2, 0xbd8fb95c, 0x41321a09, 0xbf5a9426, 0x40736200, 0x4033a085, 0xc0cfb5a0,
    0x4033967e, 0xc08523fe, 0xc031ef66, 0x4152748e, 0xc08cda9a, 0x407f56bd, 0x406bdac5, 0xc13ab40a,
    0x40ae0364, 0xc053f23f, 0xc057de6d, 0x400ec9cc, 0xc0b90ecd, 0x400d9e43, 0x40811c2a, 0xc09419fc,
    0x40ac9582, 0xbf552b56, 0xc05bd2e2, 0xbd0879a9, 0xc08a2d56, 0xbf2739a2, 0x3ecd7104, 0x408bcef2,
    0x402c6b60, 0x40039783, 0xbf874d6a, 0xc10c070f, 0xbf3a4a38, 0xc04ca766, 0xbed649a2, 0x413b35d6,
    0xbfaa62f0, 0x407bb506, 0x403f71f2, 0xc0cc5cbc, 0x3f55ce21, 0xbfa013aa, 0xbe7a95c6, 0x41078107,
    0xbfdc09b6, 0x3f0254c7, 0x3fc37e98, 0xc0f51fae, 0x40189ace, 0x3e981bf8, 0xbfffe830, 0x3fb30582,
]


@pytest.fixture
def exact_math_two_threads(exact_math, monkeypatch):
    # the kernel's split compares a work unit per intra-op thread (2 where TF printed these)
    monkeypatch.setattr(config_threading, 'intra_op_pool_size', lambda: 2)


def _input_gradient_bits(xshape, fshape, strides, padding, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.conv2d(x, f, strides, padding), [x])[0]


def test_one_image_is_one_chain(exact_math_two_threads):
    padding = [[0, 0], [1, 2], [0, 1], [0, 0]]
    assert _input_gradient_bits((1, 4, 5, 3), (3, 2, 3, 6), (1, 1), padding, 1) == ONE_IMAGE


def test_few_output_positions_of_several_images_take_sixteen_lanes(exact_math_two_threads):
    padding = [[0, 0], [1, 0], [2, 1], [0, 0]]
    assert _input_gradient_bits((2, 4, 5, 2), (2, 3, 2, 20), (2, 2), padding, 2) == SIXTEEN_LANES


def test_many_output_positions_of_several_images_are_one_chain(exact_math_two_threads):
    padding = [[0, 0], [2, 1], [1, 1], [0, 0]]
    assert _input_gradient_bits((2, 7, 6, 2), (3, 3, 2, 5), (1, 2), padding, 3) == TWO_IMAGES_IN_ORDER
