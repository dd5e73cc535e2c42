"""tf.nn.conv2d / tf.nn.convolution / tf.nn.conv1d with filters of fewer channels than the input compute a grouped
convolution, as TF 2.21's oneDNN Conv2D does (tapeflow raised InvalidArgumentError '... (grouped convolutions are
not supported)' / 'input channels 4 must equal filters.shape[-2] (2) times groups (1) ...'). Golden values printed by
TF 2.21 (notes progs/layers10/g_small_tf.txt):

    x = data((1, 4, 4, 6), 37); f = data((3, 3, 2, 3), 53) / 3
    print([hex(v) for v in tf.nn.conv2d(x, f, 1, 'SAME').numpy().view('uint32').ravel()])
    print(tf.nn.conv1d(x[:, 0], f[0], 1, 'VALID').numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.ops import eigen_math


def _data(shape, a):
    n = int(np.prod(shape))
    return ((np.arange(n) * a % 101) / 17.0 - 2.9).astype('float32').reshape(shape)


TF_CONV2D_BITS = [
    0xc0aec073, 0xc0802d29, 0x403847b7, 0xbf1a48fb, 0x40b0dfbe, 0xbf52e373, 0x40503943, 0x403b0f65,
    0xbfc9207a, 0xc067bdf5, 0xc02da1f6, 0xbf4d6a07, 0x40815214, 0x3e9d8b78, 0x3e805f3c, 0x405522ae,
    0xbe67b47d, 0xc064603a, 0x406e857a, 0x409b59a7, 0xc0869757, 0x408e165f, 0x3fb864d1, 0x3f6ae95f,
    0xbfe3c667, 0x3fef2315, 0x3e1c5a21, 0xc0a5dc42, 0xc006ca2c, 0x406fe315, 0xc01387dc, 0xbe92ea3c,
    0xc0641ffd, 0x3fc474a4, 0x40487727, 0xc07c49d7, 0xc043378c, 0x3fce3c2a, 0x4016400a, 0xc0aa7137,
    0xbd93eb34, 0x409cb9b7, 0xc023a7cb, 0xbf1b5186, 0xbf8f3964, 0x3fb08417, 0x3ff258c1, 0xc04504a4]
TF_CONV1D = [[[5.4930100440979, 1.973402500152588, -3.4124104976654053], [4.759446620941162, -0.5925721526145935, -3.3840367794036865]]]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_grouped_filters_give_tf_grouped_convolution():
    previous = eigen_math.ENABLED[0]
    tf.config.set_tf_exact_math(True)     # TF's order of sums for all 48 outputs
    try:
        x, f = _data((1, 4, 4, 6), 37), _data((3, 3, 2, 3), 53) / 3
        for y in (tf.nn.conv2d(x, f, 1, 'SAME'), tf.nn.convolution(x, f, padding='SAME')):
            assert [int(v) for v in y.numpy().view('uint32').ravel()] == TF_CONV2D_BITS
        assert tf.nn.conv1d(x[:, 0], f[0], 1, 'VALID').numpy().tolist() == TF_CONV1D
    finally:
        tf.config.set_tf_exact_math(previous)


def test_grouped_conv2d_has_gradients_for_input_and_filters():
    x, f = tf.constant(_data((1, 4, 4, 6), 37)), tf.constant(_data((3, 3, 2, 3), 53) / 3)
    with tf.GradientTape() as tape:
        tape.watch([x, f])
        loss = tf.reduce_sum(tf.nn.conv2d(x, f, 1, 'SAME') ** 2)
    gx, gf = tape.gradient(loss, [x, f])
    assert gx.shape == (1, 4, 4, 6) and gf.shape == (3, 3, 2, 3)
    # each group's filters see only its own input channels: group 0's filter gradient is that of the
    # ungrouped convolution of channels 0-1 with output 0
    f0 = tf.constant(f.numpy()[..., :1])
    with tf.GradientTape() as tape:
        tape.watch(f0)
        loss0 = tf.reduce_sum(tf.nn.conv2d(x[..., :2], f0, 1, 'SAME') ** 2)
    np.testing.assert_allclose(gf.numpy()[..., :1], tape.gradient(loss0, f0).numpy(), rtol=0, atol=1e-4)   # sums of ~80


def test_filters_whose_depth_does_not_divide_the_input_still_fail():
    with pytest.raises(InvalidArgumentError):
        tf.nn.conv2d(_data((1, 4, 4, 4), 3), _data((3, 3, 3, 4), 5), 1, 'SAME')
    with pytest.raises(InvalidArgumentError):        # Conv3D refuses grouped filters in TF 2.21 too
        tf.nn.convolution(np.ones((1, 4, 4, 4, 4), 'float32'), np.ones((2, 2, 2, 2, 4), 'float32'))


def test_float64_grouped_filters_compute_too():
    # TF 2.21: tf.nn.conv2d(np.ones((1, 5, 5, 4)), np.ones((3, 3, 2, 4)), 1, 'SAME').shape == (1, 5, 5, 4)
    y = tf.nn.conv2d(np.ones((1, 5, 5, 4)), np.ones((3, 3, 2, 4)), 1, 'SAME')
    assert y.dtype == tf.float64 and y.shape == (1, 5, 5, 4)
    assert y.numpy()[0, 2, 2].tolist() == [18.0] * 4 and y.numpy()[0, 0, 0].tolist() == [8.0] * 4
