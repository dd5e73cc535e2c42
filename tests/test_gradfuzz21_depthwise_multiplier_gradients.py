"""tf.nn.depthwise_conv2d gradients with a channel multiplier above 1, or of one input channel, in TF 2.21's
orders: the multiplier's input gradient chains each tap's products in turn (taps row-major, then the multiplier:
depthwise_backprop_input_order); a one-channel depthwise convolution runs as a Conv2D, so its gradients take
Conv2DBackpropInput / Filter's orders. tapeflow kept the grouped BLAS product: 58 of 96, 8 of 40 and 9 of 18 of the
values below were an ulp off.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold6.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch([x, f])
        y = tf.nn.depthwise_conv2d(x, f, [1, strides, strides, 1], padding)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([[hex(v) for v in g.numpy().view('uint32').ravel()] for g in tape.gradient(total, [x, f])])
"""

import pytest
import framework as tf
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

MULTIPLIER_INPUT = [
    0x404bba57, 0xbeaa17ed, 0xc04357ef, 0xc05887e7, 0x3fa39516, 0x40574f04, 0xc0830a95, 0xc00229a9,
    0x404da40e, 0x40db351f, 0x3ee46929, 0xc0823b35, 0x3da9058b, 0x3f85fe2d, 0x40301583, 0xc097dfcb,
    0xbfc0eec7, 0x3ff68fa4, 0x4100454f, 0x3fae757a, 0xc0eda919, 0xc06bac71, 0xbf347f1a, 0x4044fdfd,
    0xc088983d, 0x3f1dfdd5, 0x3f8f3195, 0x40ff63b5, 0x3faa378c, 0xc0efa4a3, 0xc0373462, 0x3e680721,
    0x40a55e09, 0xc02c06b1, 0xbeebefc9, 0x3f9fd431, 0x4041ab7b, 0xbf9e5d7f, 0xbfc632bf, 0xbfb1b98a,
    0xbf3b6af2, 0x40366dbd, 0xc049fc0f, 0xbf130a48, 0x3dd383c7, 0x40668f85, 0x3fc77222, 0xbf99a43e,
    0x3ec87ec1, 0x3f6e4c1b, 0xbf4cc293, 0xc0a25156, 0xbff9c006, 0x4083b887, 0x40e68a72, 0x3ec41769,
    0xc0cd69ed, 0xc015fa82, 0x3f4a3453, 0x3fbf72e5, 0xc0907849, 0x3f500e08, 0x3fcd14a0, 0x40f7e951,
    0x3f976025, 0xc0f4d877, 0xbfe98cc3, 0x3ee47c2c, 0x408b7945, 0xc05a0ea1, 0xbf18632f, 0x3fe50abb,
    0x405c122e, 0xbfcf5d87, 0xc075e4e8, 0xbfc79474, 0x3f00049a, 0x40849655, 0xc0c4696c, 0xbfd0fc51,
    0x4066e78d, 0x40c40701, 0x3f9070a0, 0xc0897848, 0x3f9484fc, 0x3ee5f5d8, 0x3f7d29b4, 0xc06b3694,
    0xbf42cba0, 0x3f28abef, 0x40878bb0, 0x3fa4f308, 0xc04ac281, 0xbfc54483, 0xbfcb4bb0, 0x40493be0,
]
ONE_CHANNEL_INPUT = [
    0xbf82c3ff, 0x3f80219c, 0x3f36fcd5, 0xbef2e0f7, 0xbee2946d, 0x4021f053, 0xbda21e4e, 0xbef5cff3,
    0x3e998a41, 0xbf05a56c, 0xbf824039, 0x3f8030c1, 0x3f05c048, 0xc002ea17, 0xbee590b5, 0x4022e8e9,
    0x3f3a41ad, 0xbefa706f, 0x3e90e143, 0xbf01f298, 0xbf81b305, 0x3f80369e, 0x3f3d7909, 0xbf00f6e5,
    0xbee87c62, 0x4023d5b4, 0xbd7712a7, 0xbf11a692, 0x3e882dc6, 0xbefc6cb7, 0xbf811c6f, 0x3f803335,
    0x3f03d5ae, 0xbffe2370, 0xbeeb573d, 0x4024b6a4, 0x3f40a2ad, 0xbf04ac3b, 0x3e7ee0df, 0xbef4e1fa,
]
ONE_CHANNEL_FILTER = [
    0xbfae7bbc, 0x3eac308a, 0x3ff05510, 0x3e547998, 0x3fb961e0, 0x40008230, 0xc0829c67, 0xc01699ec,
    0x3ef6cbcc, 0x407717b6, 0x3fb13daa, 0xbfdf100d, 0x40222a8c, 0x4001c040, 0x3f113f53, 0x3fd24dc4,
    0x3f02050c, 0xbf5db7eb,
]


def _gradient_bits(xshape, fshape, strides, padding, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.depthwise_conv2d(x, f, [1, strides, strides, 1], padding), [x, f])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_channel_multiplier_input_gradient(exact_math):
    assert _gradient_bits((2, 4, 4, 3), (3, 3, 3, 2), 1, 'SAME', 12)[0] == MULTIPLIER_INPUT


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_one_channel_gradients_are_conv2d_ones(exact_math):
    assert _gradient_bits((2, 5, 4, 1), (3, 2, 1, 3), 2, 'SAME', 13) == [ONE_CHANNEL_INPUT, ONE_CHANNEL_FILTER]
