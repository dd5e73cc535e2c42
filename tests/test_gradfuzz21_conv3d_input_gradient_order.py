"""Conv3D's input gradient (Conv3DBackpropInputV2; also tf.nn.conv3d_transpose) sums as TF 2.21's oneDNN kernel
(framework/ops/conv_backprop_input_order.py applies_3d): the 2-D rules with the taps in (depth, row, column) order,
at strides 1 with SAME padding one chain from the last tap down, at other strides from the first up, one chain
where the width is not a multiple of the column stride and per-column partial sums where it is. tapeflow kept
numpy's BLAS product: 50 and 85 of 144 values below were an ulp off.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold5.py:

    rs = np.random.RandomState(11); rs.randn(2, 5, 4, 12); rs.randn(3, 3, 12, 2)
    x3 = tf.constant(rs.randn(1, 3, 4, 3, 4).astype('float32')); f3 = tf.constant(rs.randn(2, 2, 2, 4, 2).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x3)
        y = tf.nn.conv3d(x3, f3, [1, 2, 1, 2, 1], 'SAME')
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([hex(v) for v in tape.gradient(total, x3).numpy().view('uint32').ravel()])
"""
import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math

CONV3D_INPUT_S212 = [
    0xbef425b9, 0xbf169def, 0x3ed47889, 0xbf319bbc, 0xbf7674c3, 0xbfcb6ed7, 0x3f22710a, 0x3f1b0975,
    0x3ef6ab48, 0xbf3f4ece, 0x3eb3eec9, 0x3eaee4de, 0x3fb0204e, 0x3cf9b4c7, 0xbf8ab20a, 0x3f7134b3,
    0xbed5b04e, 0x3f1d6407, 0x3e84f71b, 0xbe2ad176, 0xbf2feb63, 0x3fd57bd9, 0xbe1b1681, 0x3c32b1e2,
    0xbfce06d6, 0x3f09566c, 0x3f841b02, 0xbf7041b9, 0x3ec4c4ce, 0xbe7f3aa5, 0x38dfc199, 0x3e0a0445,
    0x3e0f64c4, 0xbfbe2413, 0x3f00961b, 0xbea8ed5f, 0x3fd41ea8, 0xbf854de0, 0xbf5c8005, 0x3f538b6e,
    0xbe9d1c74, 0xbe149905, 0xbe851179, 0xbdb28880, 0x3ed8baf6, 0x3f90d385, 0xbf4b8aba, 0x3f1c5ff9,
    0xbe944962, 0xc01007f4, 0x3e0f8dd0, 0x3f028c61, 0xbfe737ea, 0xbffbf61e, 0xbfbf59a9, 0xbeee1ecd,
    0x3e99e3ca, 0x3d31dddf, 0x3cd5e914, 0x3e3649ac, 0x4003b627, 0x3f886ede, 0xc048b8ef, 0xbfcdff3b,
    0xbf4efc8b, 0x4040e2ee, 0x3ff0902d, 0xbf1dd7d0, 0x3ea3ef1f, 0x3f7d8ad0, 0x3cdc5976, 0xbe88cd19,
    0xbff97dcb, 0xbf3aadae, 0x40494ebe, 0x3fc25f03, 0x3f8e7e10, 0xc03324dc, 0xbffd1c18, 0x3f09e82c,
    0xbf7b969f, 0xbf9e8016, 0x3f856b74, 0x3f488c22, 0x3fcebac8, 0x3e9dd68b, 0xc032a170, 0xbfa048e0,
    0xbfa5069b, 0x4010b355, 0x3fec687c, 0xbecc11e3, 0x3fc41194, 0x3fabe9fa, 0xbffedd76, 0xbf9ac28d,
    0xbf27f294, 0x3f0613c8, 0xbe478b1e, 0xbf18f0f5, 0x3e596437, 0xbf8735ff, 0x3f96515f, 0x3e86f51e,
    0xbeea2d5d, 0xbf1c2f88, 0x3ed941fd, 0xbf2d7e89, 0x3f98e647, 0xbfd2ac8f, 0xbe81447c, 0x3eaddb06,
    0xbd701764, 0xbf5703b0, 0xbf29af92, 0x3d016a70, 0x3fac010a, 0x3db29295, 0xbf8a7962, 0x3f6fc415,
    0xbf3cdbe0, 0x3fd677cf, 0xbdec156e, 0xbcad8a10, 0xbdaaf98d, 0x3f87af4a, 0x3f426935, 0xbdb6574e,
    0xbfcc1a97, 0x3ef6fa1a, 0x3f857557, 0xbf719c05, 0x3e48615e, 0xbfc17aa1, 0x3ef07d3e, 0xbe996a9e,
    0x3e5d1e7a, 0xbf942ee2, 0xbf44abc2, 0x3e0b73af, 0x3fd49e4f, 0xbf7f075e, 0xbf620a9b, 0x3f5788a0,
]
CONV3D_INPUT_SAME = [
    0xbef425b9, 0xbf169def, 0x3ed47889, 0xbf319bbc, 0xbef63e3e, 0xc0158b1f, 0x3f7c686f, 0x3f727be4,
    0x3d887e29, 0x3f4d75cd, 0xbf9eb559, 0x3f45731b, 0x3ef155c3, 0x3f0e9e99, 0xbf9eb5f4, 0x3d873c43,
    0xbfc07605, 0xbe7825b2, 0x4011bd1e, 0xbef33877, 0xc011e1c1, 0xbf86d379, 0x402ce04f, 0x3ea152c0,
    0x3f5c2a1b, 0xbf5dbf44, 0x3cf7f371, 0x3f254146, 0x4021bc89, 0x3f81ca5a, 0xc04a70e8, 0xbdf00287,
    0x3e056e8d, 0x3eebbc3d, 0x3e913e83, 0xbf1f3a77, 0xbfa84593, 0x3e959dda, 0x3f9ae978, 0xbf32f0c5,
    0xbf796c1f, 0xbf407ce3, 0x3f530951, 0x3f1706f3, 0x4009b46d, 0x3f1a1495, 0xc03ead99, 0x3e96ee36,
    0xbf13ad9d, 0xbfb2beb1, 0xbe9ba35f, 0x3ed4d649, 0xbfb57e64, 0xbff6ee8f, 0xbf27c437, 0xbfa2f4c3,
    0xbf54f8d2, 0x3e740932, 0x400bd8e7, 0x3efb0b8a, 0x40192395, 0xbfaaab54, 0xc045ef5e, 0xbf54ae81,
    0x3fbc5479, 0x3e920660, 0xc03695d5, 0xbfac542b, 0xc03c199a, 0xbfaadba4, 0x3fca8fcb, 0x3eaff7b0,
    0xbfecba9c, 0x3ffd00f6, 0x4006448f, 0xbf08d33a, 0x40065aac, 0x3f8ab468, 0xbedc150f, 0x3e1d6067,
    0x404bc736, 0x3f8dbcb9, 0xc0625da5, 0xbfb4988f, 0xbf1451fc, 0xbf1ad016, 0x3f8490a6, 0x3fad6bbb,
    0xc061e6f1, 0xbfac825a, 0x40518f4b, 0x3f990a37, 0xbe3b57c1, 0x3e7f0d7f, 0x3ff159fb, 0x3f851619,
    0x3f0f5456, 0x3ee8c0b1, 0xbd943d54, 0x3eed474e, 0x3f97bc3e, 0x3ec1ebbe, 0xbfe21c6f, 0xbd4ce594,
    0xbf4437dd, 0xbff1208d, 0xbff737af, 0xbfb94a61, 0xbfe541c6, 0x3ffb0fcf, 0x40011872, 0xbf138a4a,
    0x400c73ac, 0x3f8ea86b, 0xbf0c3c1c, 0x3dd6292c, 0x404842b9, 0x3f89bf19, 0xc0629ca7, 0xbfb6365a,
    0xbf294e6b, 0xbf0a2200, 0x3f915b50, 0x3fadf6a7, 0xc060dd25, 0xbfaa52ce, 0x405457e6, 0x3f9c9b4e,
    0xbd820070, 0x3e97bcd6, 0x3fe45085, 0x3f808fad, 0x401c216e, 0xbfb75736, 0xc0485bb2, 0xbf419c19,
    0x3fa01066, 0x3e42c882, 0xc02d2608, 0xbfa6f0f7, 0xc04446f9, 0xbfaef122, 0x3fe55b46, 0x3ee09ef5,
]


@pytest.fixture
def exact_math():
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True        # the emulated orders at every size
    yield
    eigen_math.ENABLED[0] = previous


def _bits(tensor):
    return [int(v) for v in tensor.numpy().view('uint32').ravel()]


def _operands():
    rs = np.random.RandomState(11)      # drawn in gold5.py's order
    return [tf.constant(rs.randn(*shape).astype('float32'))
            for shape in ((2, 5, 4, 12), (3, 3, 12, 2), (1, 3, 4, 3, 4), (2, 2, 2, 4, 2))]


def _input_gradient_bits(strides):
    x3, f3 = _operands()[2:]
    with tf.GradientTape() as tape:
        tape.watch(x3)
        y = tf.nn.conv3d(x3, f3, strides, 'SAME')
        weights = np.cos(np.arange(int(np.prod(y.shape))) * 0.7).reshape(y.shape).astype('float32')
        total = tf.reduce_sum(y * weights)
    return _bits(tape.gradient(total, x3))


def test_strided_conv3d_input_gradient(exact_math):
    assert _input_gradient_bits([1, 2, 1, 2, 1]) == CONV3D_INPUT_S212


def test_same_conv3d_input_gradient(exact_math):
    assert _input_gradient_bits([1, 1, 1, 1, 1]) == CONV3D_INPUT_SAME
