"""conv2d with explicit padding has TF 2.21's float32 kernel gradient: TF runs its own Conv2DCustomBackpropFilterOp
there, not oneDNN (framework/ops/eigen_float_conv_backprop_filter.py: patches^T x output gradient, each value one
FMA chain over the output positions in order, up to 384 positions). tapeflow padded the input and took oneDNN's
VALID order: 60 of 90 and 66 of 72 values below were an ulp off.

Golden bits printed by TF 2.21 with notes progs/gradfuzz22/gold2.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(f)
        y = tf.nn.conv2d(x, f, strides, padding)
        total = tf.reduce_sum(y * np.cos(np.arange(int(np.prod(y.shape))) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, f).numpy().view('uint32').ravel()])
"""
import framework as tf
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

STRIDED = [
    0x3fccdd56, 0x40874b1a, 0x409bbd6f, 0x404de11a, 0x3d5cd3ce, 0x3ef6800c, 0xc041e0f5, 0xc0a3b163,
    0xc0997588, 0xc00e1a29, 0x4101b0b1, 0x40d6c05a, 0x400a3e2b, 0xc05a08ec, 0xc0ebe238, 0xbfb73336,
    0xbfdeed34, 0xbf9dcead, 0xbe13c001, 0x3f818e53, 0xc046131e, 0x3f2c7392, 0x4084030c, 0x40b4614e,
    0x408fe9a7, 0xc011335e, 0xc0729ef7, 0xc061eecf, 0xbfcdf84a, 0x3f88cbf5, 0x3eb23cf5, 0x3fe73d56,
    0x401a9503, 0x3ff1af17, 0x3ef224e5, 0x4005880d, 0xbef27041, 0xc033e363, 0xc074de0e, 0xc042ae7f,
    0xbe9c0140, 0x40048863, 0x405e3be0, 0x404f6a39, 0x3fbe174f, 0xc0086ddf, 0xbee85388, 0x3fb8030e,
    0x4029c7e8, 0x4027b48c, 0xbf77c404, 0x40408e39, 0x40b23ece, 0x40b0619c, 0x40371ff1, 0xbe49d1b4,
    0x3edfb77e, 0x3f5d9010, 0x3f631010, 0x3efb8b0c, 0xbf167a09, 0xbf16bbc9, 0xbea03233, 0x3de1abae,
    0x3ef67f41, 0x408cb1b2, 0x3fe8e459, 0xbfce867a, 0xc08933de, 0xc09e3ed3, 0xc02ace2c, 0xc0842815,
    0xc06982a6, 0xbfb9c499, 0x3fb6dab8, 0xbd956e16, 0xbefa3e71, 0xbf2cb7e7, 0xbf0b1529, 0xbe2022f7,
    0xc03d8c13, 0xc0140695, 0xbf138aad, 0x3fb7348e, 0x40310230, 0x3ed2c346, 0x3fd94a07, 0x400bd8b9,
    0x3fd28d91, 0x3ea98bd9,
]
THREE_HUNDRED_EIGHTY_FOUR_POSITIONS = [
    0xbe0bb5b0, 0xc021b1e0, 0xc06e9c45, 0xc04b4dc0, 0x41811172, 0x407603e3, 0xc1240e06, 0xc19c3a59,
    0xc08f823f, 0xc0896d78, 0xc0056c8b, 0x3f8d845a, 0xc097a63e, 0x40db6a05, 0x4173a449, 0x41837e7a,
    0x3f17131a, 0xbfd49bc8, 0xc0486177, 0xc048370f, 0x41294dd3, 0xc025e6a8, 0xc168bf7d, 0xc19d4722,
    0xc02c2a92, 0x40619f6d, 0x41015316, 0x410d6b84, 0xc1d356a9, 0xc120488a, 0x41317e7e, 0x41d7e58a,
    0x3fdad865, 0xbe93d731, 0xc009b0dc, 0xc04024d8, 0x4156f77b, 0xc0b70f98, 0xc1b17d62, 0xc1e1bcf0,
    0x3fc551e3, 0x40adf63a, 0x40d8c6dc, 0x409da363, 0xc18dd291, 0x40241982, 0x41ad3336, 0x41f46dd7,
    0x40f87cb1, 0x3fa38114, 0xc0b9f5ab, 0xc122aaf6, 0x41e4a5cd, 0x4193d57b, 0xbea08bac, 0xc197abd1,
    0xc0fe3500, 0xc029aa4a, 0x4078e142, 0x410997d8, 0xc19c27fd, 0xc0801c8e, 0x415653d6, 0x41c3f45a,
    0x4034f22e, 0xc0a425fb, 0xc12ac8c4, 0xc1332bf5, 0x41bbf17c, 0x410aad74, 0xc123c0f6, 0xc1c295a5,
]


def _kernel_gradient_bits(xshape, fshape, strides, padding, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.conv2d(x, f, strides, padding), [f])[0]


def test_strided_kernel_gradient(exact_math):
    padding = [[0, 0], [1, 2], [0, 1], [0, 0]]
    assert _kernel_gradient_bits((2, 5, 6, 3), (2, 3, 3, 5), (2, 1), padding, 4) == STRIDED


def test_384_output_positions_are_one_chain(exact_math):
    padding = [[0, 0], [1, 1], [2, 0], [0, 0]]
    assert _kernel_gradient_bits((6, 8, 8, 2), (3, 3, 2, 4), (1, 1), padding, 5) == THREE_HUNDRED_EIGHTY_FOUR_POSITIONS
