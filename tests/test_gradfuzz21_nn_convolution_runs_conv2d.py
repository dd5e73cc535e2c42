"""tf.nn.convolution without dilations runs TF 2.21's Conv2D op (convolution_internal's conv2d / conv1d), so its
values and gradients take conv2d's TF-order sums (framework/ops/nn_windows.py); tapeflow ran convolution_nd's own
product, whose gradients differed from TF's in the last bits (11 of 80 input and 22 of 54 filter values of the 2-D
case below, 8 of 54 and 6 of 18 of the 1-D one).

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold3.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch([x, f])
        y = tf.nn.convolution(x, f, strides=2, padding='SAME')
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([[hex(v) for v in g.numpy().view('uint32').ravel()] for g in tape.gradient(total, [x, f])])
"""

import pytest
import framework as tf
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

CONV2D_INPUT = [
    0xbf1aa493, 0x3f8cb9ce, 0x3fb6778c, 0xbea13b81, 0x3fcbdb17, 0xc00a0830, 0xbf2149e5, 0x3ea30425,
    0xbe8b79f3, 0x4003fc41, 0xbf0186d9, 0x3fb94c7b, 0xc08498ad, 0xc0a0afc6, 0xbf6dc436, 0xbffbb61b,
    0x3f8b4152, 0xbe9ae718, 0xbf4a1502, 0xbbd747ac, 0xc035d941, 0x3fdce3a0, 0x3fb6aa28, 0xbe9f9eae,
    0x404025e1, 0x3f79c56a, 0x3fb8cc81, 0x3f09b458, 0xbe47f5f3, 0x3fb9a7d2, 0xbf0769d8, 0x3fb63119,
    0xbeece294, 0xbf4d8245, 0xbf26c9c2, 0x3ea487da, 0x3f98c1dc, 0x3eede8d2, 0xbf44ecb8, 0xbc502ce8,
    0xbf225ff7, 0x3f8b7a87, 0x3fb6cf8b, 0xbe9df64e, 0x3fd5ea5e, 0xc00b9aa0, 0xbf2c3d8e, 0x3ea5ffa6,
    0xbec40f5b, 0x3ffe02e3, 0xbf0d430a, 0x3fb30887, 0xc081c5c7, 0xc09f58e4, 0xbf63e949, 0xbffdd640,
    0x3f8ad3c9, 0xbe88078e, 0xbf3fb62b, 0xbc9a537f, 0xc03540c6, 0x3fd64ac8, 0x3fb6e7b4, 0xbe9c427f,
    0x40430035, 0x3f895c37, 0x3fb9b0e8, 0x3f1a8715, 0xbeb7a87d, 0x3fa44434, 0xbf131203, 0x3fafd2ff,
    0xbedbbe33, 0xbf54446f, 0xbf31a4e1, 0x3ea76b6d, 0x3f8d878e, 0x3f0a2e0c, 0xbf3a71c0, 0xbccc8554,
]
CONV2D_FILTER = [
    0xbfe34519, 0xbfd3eafe, 0xbf41cb9b, 0x3f20a720, 0x3f7ca7d6, 0x3f61d49c, 0xc08c4f7a, 0xc075589e,
    0xbfbd5cd0, 0x3ffe70c4, 0x3fe8aeae, 0x3f4afae6, 0xbf94b9b4, 0xbfcea85c, 0xbfa76545, 0xbf100f61,
    0xbf0bf1ec, 0xbe8c05ec, 0x3e8dc740, 0xbf4fc0ff, 0xbfc257f1, 0x3fb34eb8, 0x4098bf56, 0x40bcd414,
    0xc01738e6, 0x3b63d400, 0x40179007, 0xc041f3c6, 0xc0529948, 0xc0003288, 0xbfe5e99e, 0xbf958a41,
    0x3c14ec00, 0xbfd76242, 0xbfe76994, 0xbf8a9aa9, 0x3eef8ade, 0x3fc01635, 0x3fe9f24e, 0x3ec1a510,
    0xbe9f8dd4, 0xbf5adb27, 0x3fc00b32, 0x40761080, 0x408c3086, 0xbf127547, 0xbfd98a3c, 0xc001c4ed,
    0xbed31f40, 0x3f315f7e, 0x3fbc7160, 0x3df2e4c8, 0x3eed66a0, 0x3f173666,
]
CONV1D_INPUT = [
    0x3e9b8405, 0x3fcf8c0a, 0x3f40881f, 0x3e9d9fce, 0xbf5efc2f, 0x3f13f0a7, 0x3ee7e652, 0xc05a921c,
    0xbf26f92e, 0xbf109a6c, 0x3ec012ae, 0x3db8925b, 0xbe97577f, 0xc0399aef, 0xbfea7022, 0xbeffef75,
    0x3f7fa195, 0xbf0c18e7, 0xbf0dac48, 0x401b7a27, 0x3cf2c364, 0x3eca3488, 0xbd12380b, 0xbe8d6401,
    0xbf18bfc1, 0x3fc64cd3, 0x3f9a91fa, 0x3f3442ab, 0x400b4ea3, 0x3f225080, 0x3f225600, 0xbf815e6e,
    0x3ee82189, 0x3f170669, 0xbf94d5b2, 0x3f18ad67, 0xbe37ad1b, 0xbe9da15b, 0x3edc4cc9, 0x3dbe9e1a,
    0xc083e08b, 0xbfd1c6fe, 0xbf31f205, 0x3f67f21e, 0xbe9d3e56, 0xbf0eece5, 0xbe73de27, 0xbf93a631,
    0xbd69218c, 0x3f1da956, 0xbf08e04e, 0xbf892192, 0x40124346, 0x3f81f774,
]
CONV1D_FILTER = [
    0xbf80acc6, 0xbfcfa9c7, 0xc010469e, 0xbf27e928, 0x408cfc2a, 0x4052976d, 0x3fe5eede, 0x3fadbcbc,
    0xbea663cf, 0xbfa2a356, 0xbfc2a2b5, 0xbfb9ca82, 0x3e3fb81e, 0xbdd5ec30, 0xbf8b6946, 0xbfe454b4,
    0x3f823f2a, 0x3ff968c3,
]


def _gradient_bits(padding, xshape, fshape, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.convolution(x, f, strides=2, padding=padding), [x, f])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_2d_convolution_gradients(exact_math):
    assert _gradient_bits('SAME', (2, 5, 4, 2), (3, 3, 2, 3), 4) == [CONV2D_INPUT, CONV2D_FILTER]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_1d_convolution_gradients(exact_math):
    assert _gradient_bits('VALID', (2, 9, 3), (3, 3, 2), 5) == [CONV1D_INPUT, CONV1D_FILTER]

