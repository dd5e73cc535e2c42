"""Conv2DBackpropInput at strides other than (1, 1) and (2, 2) (conv2d's input gradient at strides (2, 1), a
strided conv1d's, tf.nn.conv2d_transpose at strides (2, 3)) sums in TF 2.21's order
(framework/ops/conv_backprop_input_order.py: taps from the first up, one FMA chain where the width is not a
multiple of the column stride, per-column partial sums where it is). tapeflow kept numpy's BLAS product there,
whose last bits differed from TF's in 15 of 80, 8 of 36 and 23 of 140 of the values below.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold1.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = conv(x, f)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, x).numpy().view('uint32').ravel()])
"""
import numpy as np

import framework as tf
from helpers_conv_gradients import bits, cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

CONV2D_S21 = [
    0xbf43f5e1, 0xc02d2f1a, 0xbf99c12c, 0xbe35a6e8, 0x3f1598b5, 0x40594c92, 0x3f08e4ea, 0xbfd712c5,
    0x4042c063, 0x3f8ffe3e, 0xbe3fb547, 0xc081f5d4, 0xc02b42d6, 0x40289370, 0x400b2596, 0x3f6b8d0a,
    0xbe489ff1, 0x3f2ef3d5, 0x3f1a1816, 0x40575a4b, 0x3f17fcf4, 0xc0523594, 0xbfa45dd1, 0xbd3b0d40,
    0xbda97620, 0xc03650fe, 0xc02951c2, 0x402bf50c, 0x403a64ec, 0x3fab1086, 0xbf011821, 0xc0728422,
    0x3f780d30, 0x3fff8463, 0x3f137872, 0xc0544ea5, 0xbf99b954, 0x3c827ec0, 0x3f4c853a, 0x3fdd24ea,
    0xbf4f76ea, 0xc0306cde, 0xbf99a076, 0x3da4a198, 0x3f275202, 0x40512685, 0x3ee8a53c, 0xbfdfd478,
    0x4049d918, 0x3f71be93, 0xbece13fa, 0xc0803652, 0xc0233594, 0x4035ce3e, 0x400dfa06, 0x3f285966,
    0xbe02559d, 0x3f5de40f, 0x3f2ba2da, 0x404ef6c8, 0x3f05ac3c, 0xc05a3d0a, 0xbfa2aa4f, 0x3db520e8,
    0xbea310e4, 0xc0341ee5, 0xc021145c, 0x4038fca2, 0x403fd446, 0x3f892d5c, 0xbf274d4f, 0xc06cb1e8,
    0x3f714e1b, 0x3feda009, 0x3f00ff0b, 0xc05c17c5, 0xbf991330, 0x3e8c0e5c, 0x3f5d8ee8, 0x3fd4129d,
]
CONV1D_S2 = [
    0xbe96cf50, 0x3e0f6aa9, 0xbd4c9cc8, 0xbfb0d53b, 0xc003ffab, 0xbee727da, 0xbf808e67, 0x3f63c34e,
    0x40182119, 0x3ea1b011, 0x3f883247, 0x3ef7640d, 0xbeacd725, 0x3e07cd34, 0xbd8f5ceb, 0xbfb0541f,
    0xc0025098, 0xbee63f25, 0x40192ed4, 0x3ea493d5, 0x3f895788, 0x3eec0cd9, 0xbec2d280, 0x3e0025ec,
    0xbdb86108, 0xbfafc641, 0xc0009818, 0xbee545c6, 0xbf7b69be, 0x3f6cee58, 0x401a3178, 0x3ea76bb0,
    0x3f8a72d7, 0x3ee0a492, 0xbed8bfb9, 0x3df0eabf,
]
TRANSPOSE_S23 = [
    0xc005408f, 0xbf251838, 0x4004cf85, 0xbfda3414, 0xbffed241, 0xbf61d2d1, 0x3edb2c2a, 0xbf565e93,
    0xbfbf627b, 0x400fe6ef, 0x3fcda9f8, 0x3eeef1aa, 0x3fadf70a, 0x3faa1300, 0xc0814b08, 0x40077e6e,
    0x401043b9, 0xc071afab, 0x401c0654, 0x40393a68, 0x40705e15, 0x3f5055c5, 0xc030c2cc, 0x408a0da1,
    0xc0103382, 0xc04b1781, 0xbe14aaf9, 0xc069791c, 0x3f8608f6, 0x400142d8, 0xc0511de0, 0x3fa349ba,
    0x3fb7d1ad, 0xbffa51fa, 0x3fb046f5, 0x3ebaee0e, 0xbfacf5e8, 0xbf8d234a, 0x400c7529, 0x40b279bb,
    0x406122c5, 0x3f7353c2, 0x3e9e78c8, 0xbf507f85, 0x3f0a8100, 0x3f1da9b5, 0xbf6a117f, 0x3e8a0b62,
    0x403d35b4, 0xbedc2269, 0x3fc0fae4, 0xbc5bf577, 0xc01b56fa, 0x3e30fed1, 0x3fdb37b6, 0x3f9bc2b8,
    0xbf8f19b6, 0xbef0b4d0, 0xbf32704a, 0xbebc710f, 0xbf3e42fc, 0x3ff8de42, 0xbfb44c66, 0xbf1d0bf8,
    0xc017fe53, 0xbfd4b909, 0xbfcfffa8, 0x40594be1, 0x3de40738, 0x3ef4d81b, 0xc005c119, 0xbfbbd246,
    0x407e408b, 0xc0030567, 0xc020881f, 0xc036fa50, 0xc05f35b9, 0xbf95eaed, 0x3f0b78a1, 0x408dda48,
    0xbf4e5536, 0xbd7b8a7b, 0x40011f09, 0x3f2b37c2, 0xc018dd1c, 0x402cef8c, 0xbf0ef9b9, 0xc0310e55,
    0x404c6a6f, 0x3ed60cd6, 0xc00b1cce, 0xc02b7374, 0xbfa66bac, 0x40815c76, 0xbf58a2a1, 0xbf154706,
    0xbe229c1f, 0xbfcee9d5, 0x3ff9d1f1, 0x402ad7ad, 0x3f8e31a3, 0x408b57fe, 0x3f816bfd, 0xc09d9a1d,
    0xbfc37c00, 0xc01ebe0c, 0x408d44d9, 0xbf4621ad, 0xbfdca9d4, 0x3f9c375c, 0xbf27312b, 0xbf5733a9,
    0xc0475354, 0xbfdabf28, 0x3fd85b50, 0x3f8d5f8c, 0xbe51d795, 0x4013b2c5, 0x3f8dbb05, 0x406d0fa9,
    0xbfe24266, 0xbf776ab0, 0x3fdc2408, 0xbfaa8086, 0xbfc131ee, 0xbfdac28b, 0xc02b1bd5, 0xbead984e,
    0xbfa3bb8d, 0x3f0d1a38, 0xbf8eb350, 0x405f4da0, 0x4079b762, 0x40009179, 0x4001f893, 0x3f2a4aa9,
    0x3fd99d25, 0xc08c2d33, 0xbf5f87b1, 0xbf75256c,
]


def _input_gradient_bits(conv, xshape, fshape, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: conv(x, f), [x])[0]


def test_conv2d_input_gradient_at_strides_2_1(exact_math, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    # width 4, column stride 1: per-column partial sums
    conv = lambda x, f: tf.nn.conv2d(x, f, strides=(2, 1), padding='SAME')    # noqa: E731
    assert _input_gradient_bits(conv, (2, 5, 4, 2), (3, 3, 2, 3), 1) == CONV2D_S21


def test_conv1d_input_gradient_at_stride_2_on_odd_length(exact_math, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    # Conv2DBackpropInput on a height-1 image of width 9 at strides (1, 2): one chain
    conv = lambda x, f: tf.nn.conv1d(x, f, stride=2, padding='SAME')    # noqa: E731
    assert _input_gradient_bits(conv, (2, 9, 2), (3, 2, 3), 2) == CONV1D_S2


def test_conv2d_transpose_at_strides_2_3(exact_math, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    rs = np.random.RandomState(3)
    g = tf.constant(rs.randn(2, 2, 2, 3).astype('float32'))
    f = tf.constant(rs.randn(3, 4, 2, 3).astype('float32'))
    out = tf.nn.conv2d_transpose(g, f, (2, 5, 7, 2), strides=(2, 3), padding='VALID')
    assert bits(out) == TRANSPOSE_S23
