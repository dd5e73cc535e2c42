"""tf.nn.conv2d / conv1d with dilations (one dilated Conv2D op in TF 2.21, unlike tf.nn.convolution's space_to_batch)
has gradients in TF's orders: its Conv2DBackpropInput is the kernel a dilated conv2d_transpose runs
(conv_backprop_input_order's dilated view), its Conv2DBackpropFilter oneDNN's backward-weights chains over the
dilated windows (conv_backprop_filter_order's, the explicit broadcast's runs only with an undilated width), and a
1x1 kernel's dilations change nothing. tapeflow took numpy's BLAS product: 44 of 100 input and 16 of 24 filter
values below were an ulp off, and 36 of 64 and 4 of 6 of the others.

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold4.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape).astype('float32')); f = tf.constant(rs.randn(*fshape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch([x, f])
        y = tf.nn.conv2d(x, f, 1, 'SAME', dilations=2)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype('float32'))
    print([[hex(v) for v in g.numpy().view('uint32').ravel()] for g in tape.gradient(total, [x, f])])
"""

import pytest
import framework as tf
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

CONV2D_INPUT = [
    0xbf53dad2, 0xc007d951, 0xbf227499, 0x40733b40, 0x3e888444, 0xbfbb3d10, 0x3ebb1238, 0xc014b46e,
    0xbf6617ae, 0x3fbc951e, 0x3fb63bc1, 0xbff8e3db, 0x3f1d1e91, 0xbfe70b67, 0xc00263a8, 0x40a6dd26,
    0x3fb8bf15, 0xc05d70a1, 0x3fa8480f, 0xbdec2c3c, 0xbf2e8930, 0x40677a4b, 0x3fbbfbab, 0xc061bb48,
    0x3f0bce0e, 0xbfd17585, 0xc0014813, 0x40a5bcf3, 0x3d921506, 0xbfbf97ee, 0xbf467866, 0xbfbf6a2d,
    0xc000ac3a, 0x40a51ad7, 0x3fc24bd2, 0xc06a1f47, 0x3ef4aa2a, 0xbfbba300, 0xbfb0f704, 0x3fc4faf9,
    0x3f68d8d3, 0xbfdc48c3, 0x3e07d3d6, 0x3f1fc680, 0xbfad174d, 0x3fa3c24b, 0x3f9dca4c, 0xbff53bdb,
    0x3dc45c3f, 0x3d93be71, 0x3eb674cc, 0x401c70ef, 0x3eaf0e2b, 0xbff670a9, 0x3e957f94, 0xbff24e22,
    0xbf230057, 0x40758c00, 0xbdfd5462, 0xbfb0b8e9, 0xbf5f7089, 0xbf9b3c16, 0xbffa2c88, 0x40a13e11,
    0x3fd11a41, 0xc07deb98, 0x3e9c2dc0, 0xbf843507, 0xbfb78060, 0x3fbaefe7, 0x3fb3c779, 0xc01b77f9,
    0x3e8a5435, 0xbf71fe33, 0xbff6cea2, 0x409f6074, 0x3fd69df6, 0xc082ac20, 0x3f94f27b, 0x3e39db2d,
    0xbeed0dd3, 0x40617ac1, 0x3fd9489d, 0xc084792b, 0x3e4d08c4, 0xbf44f391, 0xbff3294d, 0x409d54b3,
    0x3ea75ddd, 0xbfd10851, 0xbde9dc30, 0x3f4617d1, 0xbfa096b9, 0x3f8905fc, 0x3faae175, 0xbff939cf,
    0xbdbf2b92, 0x3f653c67, 0xbec7762c, 0x3dc2396d,
]
CONV2D_FILTER = [
    0xc031deb5, 0xc0c7a420, 0xc0d873f2, 0xc00cc27a, 0xc0629cd0, 0xc04de2d1, 0xc0d773fd, 0xc054c83e,
    0x3fd2d54d, 0xbfcc492a, 0xc0215783, 0xc010a8bb, 0x3eab79f4, 0xc03a8a29, 0xc0996403, 0x406871c7,
    0x4083980c, 0x402a2665, 0xbf4d7548, 0x3d50cac0, 0x3f616b84, 0x408bba38, 0x3fc3bfa7, 0xc001bcf2,
]
WIDE_FILTER = [
    0xc00861fc, 0xbfb39ab6, 0x4007831c, 0xbe2b9680, 0x3ffe5adc, 0x3fd26491, 0xbf58a0fa, 0x3f83c0cb,
    0xbfde2718, 0xbf9a993e, 0xc03b2184, 0xc01c36e2, 0xbf4261fb, 0xbdf37170, 0x3c47da10, 0x3f865bde,
    0xc03b7cd1, 0xbf1783d1, 0xbe842ff8, 0xbf1cd69d, 0x3fbf6268, 0x403b0548, 0x3fb69d3b, 0x402e8326,
    0xbf068116, 0xc01c606d, 0xc07d1dfa, 0xc060ad9e, 0xbfa86351, 0xbfd8ae5e, 0xbf5e0737, 0x3fb34c7a,
    0xbc8a4e40, 0x3fc63666, 0x3fbb2a14, 0xbfba16d1, 0x3d9a6c44, 0xc02d0d6e, 0xbff07bf6, 0xbfafce56,
    0x3f5ab849, 0xc0001757, 0x3f028f12, 0x3da3df60, 0xc01525e3, 0xbf705a8a, 0xbeb75e14, 0xbfc5a313,
    0xbe6fe07c, 0x40094875, 0xbf19496c, 0xbecd0cd0, 0xbfb22486, 0xbf96b1ac, 0xbf9fef27, 0xbf7d9912,
    0x3e28eee0, 0x400fa4f2, 0x3f202062, 0x3ea3153e, 0xbf42009c, 0x3e840731, 0xbd11a5c0, 0x3f0292a2,
]
ONE_BY_ONE_FILTER = [
    0x3f198684, 0xc004617b, 0xc04e160c, 0xc0a71ad9, 0x3dd79d40, 0xc088bd66,
]


def _gradient_bits(padding, dilations, xshape, fshape, seed):
    x, f = seeded_operands(seed, xshape, fshape)
    return cos_weighted_gradient_bits(lambda: tf.nn.conv2d(x, f, 1, padding, dilations=dilations), [x, f])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_dilated_conv2d_gradients(exact_math):
    assert _gradient_bits('SAME', 2, (2, 5, 5, 2), (2, 2, 2, 3), 6) == [CONV2D_INPUT, CONV2D_FILTER]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_dilated_rows_over_sixteen_channels_take_the_row_runs(exact_math):
    assert _gradient_bits('VALID', (2, 1), (1, 5, 4, 16), (2, 2, 16, 1), 7)[1] == WIDE_FILTER


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_dilated_one_by_one_kernel_is_undilated(exact_math):
    assert _gradient_bits('VALID', 2, (2, 4, 4, 3), (1, 1, 3, 2), 8)[1] == ONE_BY_ONE_FILTER
