"""Conv2D at strides other than 1 and 2 and undilated Conv3D sum as TF 2.21's oneDNN forward kernel: one fused
multiply-add chain per output over the kernel's taps (depth, rows, columns), then the input channels
(framework/ops/conv_forward_order.py). tapeflow kept numpy's BLAS product there: 39 of 48 and 16 of 24 values below
were an ulp off.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold5.py:

    rs = np.random.RandomState(11)
    x = tf.constant(rs.randn(2, 5, 4, 12).astype('float32')); f = tf.constant(rs.randn(3, 3, 12, 2).astype('float32'))
    print([hex(v) for v in tf.nn.conv2d(x, f, (2, 1), 'SAME').numpy().view('uint32').ravel()])
    x3 = tf.constant(rs.randn(1, 3, 4, 3, 4).astype('float32')); f3 = tf.constant(rs.randn(2, 2, 2, 4, 2).astype('float32'))
    print([hex(v) for v in tf.nn.conv3d(x3, f3, [1, 1, 1, 1, 1], 'VALID').numpy().view('uint32').ravel()])
"""

import framework as tf
from helpers_conv_gradients import bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

CONV2D_S21 = [
    0x40783066, 0xc0631aea, 0xc0eece28, 0x40c85632, 0xc0440e6f, 0x411c6f9b, 0x40110a59, 0x40cf9f88,
    0xc141e2b8, 0xc0a16201, 0xc144fe0a, 0xc10837c2, 0x3ff38806, 0x4115db58, 0x413826cf, 0xc097cdb2,
    0x3f6660d0, 0x409d2acf, 0x4117f6b3, 0x40469654, 0x4180edf1, 0xc12643e6, 0xc09ba548, 0x40d975b8,
    0xc19f0440, 0xc1191b11, 0x40e58e7b, 0xbfd16e8f, 0x41a3ab48, 0xc01e5104, 0xc014279b, 0xc1522d6d,
    0x418e746b, 0x40b05367, 0xc0128295, 0x416056af, 0x40df1481, 0xc11eb779, 0x410b009b, 0xc020c8a3,
    0x3f30dcda, 0xc0876712, 0xc1a3c78a, 0x40ac073f, 0xc1194657, 0x409c8cfb, 0xc0423a05, 0xbf559e2f,
]
CONV3D = [
    0x41392f1c, 0x402e8bcc, 0xbf7aa69c, 0x3ffced8e, 0xc106d023, 0x406cb78b, 0x412ce966, 0x40c690ea,
    0xc06d7ca9, 0x40a101fb, 0xc0ce1253, 0x40c2faff, 0x40db85e0, 0xc1242c0a, 0xc150cfbc, 0xc05377f6,
    0xc136ca76, 0xc100671b, 0xc1abe7e4, 0xc119f16f, 0xc00c7b73, 0xc12c5999, 0xc15d8e0b, 0xbd8752ea,
]


def _operands():
    return seeded_operands(11, (2, 5, 4, 12), (3, 3, 12, 2), (1, 3, 4, 3, 4), (2, 2, 2, 4, 2))   # gold5.py's order


def test_conv2d_at_strides_2_1(exact_math, onednn_on):
    # oneDNN's bits (without it, on an AVX2 CPU, TF 2.21 gives 0x40783061 first: eigen_avx2_conv.py)
    x, f = _operands()[:2]
    assert bits(tf.nn.conv2d(x, f, (2, 1), 'SAME')) == CONV2D_S21


def test_conv3d(exact_math, onednn_on):
    # oneDNN's bits (without it, on an AVX2 CPU, TF 2.21 gives 0x41392f1c, 0x402e8bd0 first: eigen_avx2_conv.py)
    x3, f3 = _operands()[2:]
    assert bits(tf.nn.conv3d(x3, f3, [1, 1, 1, 1, 1], 'VALID')) == CONV3D
