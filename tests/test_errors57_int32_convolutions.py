"""int32 convolutions, which TF 2.21's own CPU kernels compute (Conv2D and Conv2DBackpropInput take int32; Conv3D,
DepthwiseConv2dNative and Conv3DBackpropInputV2 refuse it): tf.nn.convolution, conv1d and atrous_conv2d of 1-D and
2-D int32 tensors (strides, SAME / VALID, dilations: TF's space_to_batch gives the dilated window's exact sums),
grouped filters, and conv2d_transpose / conv1d_transpose / conv_transpose / atrous_conv2d_transpose, wrapped to int32
as TF's sums wrap. tapeflow refused all but tf.nn.conv2d's ('convolution: expected a floating-point tensor, got
dtype int32'). Each golden is (dtype, shape, the sum of the output weighted by its flat index) as TF 2.21 printed it
for /work/notes/progs/errors57/iconv.py and itrans.py (the same seeded numpy ints)."""
import numpy as np
import pytest

import framework as tf

_rng = np.random.RandomState(0)
X2 = _rng.randint(-50, 50, (2, 7, 6, 3)).astype(np.int32)
F2 = _rng.randint(-9, 9, (3, 2, 3, 4)).astype(np.int32)
X1 = _rng.randint(-50, 50, (2, 9, 3)).astype(np.int32)
F1 = _rng.randint(-9, 9, (3, 3, 4)).astype(np.int32)
_rng = np.random.RandomState(1)
TX2 = _rng.randint(-50, 50, (2, 4, 3, 3)).astype(np.int32)
TF2 = _rng.randint(-9, 9, (3, 2, 4, 3)).astype(np.int32)
TX1 = _rng.randint(-50, 50, (2, 5, 3)).astype(np.int32)
TF1 = _rng.randint(-9, 9, (3, 4, 3)).astype(np.int32)


def _h(r):
    a = r.numpy()
    return r.dtype.name, list(a.shape), int(np.sum(a.astype(np.int64) * np.arange(a.size).reshape(a.shape)))


CASES = [
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='VALID', dilations=1),
     ('int32', [2, 5, 5, 4], 123633)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=2, padding='VALID', dilations=1),
     ('int32', [2, 3, 3, 4], -49810)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='VALID', dilations=2),
     ('int32', [2, 3, 4, 4], 128539)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=[2, 1], padding='VALID', dilations=1),
     ('int32', [2, 3, 5, 4], -43657)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='VALID', dilations=[1, 3]),
     ('int32', [2, 5, 3, 4], 106646)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=1, padding='VALID', dilations=1),
     ('int32', [2, 7, 4], 23235)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 1, 'VALID', dilations=1),
     ('int32', [2, 7, 4], 23235)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=2, padding='VALID', dilations=1),
     ('int32', [2, 4, 4], 5022)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 2, 'VALID', dilations=1),
     ('int32', [2, 4, 4], 5022)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=1, padding='VALID', dilations=2),
     ('int32', [2, 5, 4], 21996)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 1, 'VALID', dilations=2),
     ('int32', [2, 5, 4], 21996)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=3, padding='VALID', dilations=1),
     ('int32', [2, 3, 4], -6723)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 3, 'VALID', dilations=1),
     ('int32', [2, 3, 4], -6723)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 1, 'VALID'),
     ('int32', [2, 5, 5, 4], 123633)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 2, 'VALID'),
     ('int32', [2, 3, 4, 4], 128539)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 3, 'VALID'),
     ('int32', [2, 1, 3, 4], 4296)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='SAME', dilations=1),
     ('int32', [2, 7, 6, 4], -20447)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=2, padding='SAME', dilations=1),
     ('int32', [2, 4, 3, 4], -91908)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='SAME', dilations=2),
     ('int32', [2, 7, 6, 4], 225898)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=[2, 1], padding='SAME', dilations=1),
     ('int32', [2, 4, 6, 4], -134137)),
    (lambda: tf.nn.convolution(X2, tf.constant(F2), strides=1, padding='SAME', dilations=[1, 3]),
     ('int32', [2, 7, 6, 4], -381332)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=1, padding='SAME', dilations=1),
     ('int32', [2, 9, 4], 37904)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 1, 'SAME', dilations=1),
     ('int32', [2, 9, 4], 37904)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=2, padding='SAME', dilations=1),
     ('int32', [2, 5, 4], 14166)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 2, 'SAME', dilations=1),
     ('int32', [2, 5, 4], 14166)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=1, padding='SAME', dilations=2),
     ('int32', [2, 9, 4], 53731)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 1, 'SAME', dilations=2),
     ('int32', [2, 9, 4], 53731)),
    (lambda: tf.nn.convolution(tf.constant(X1), F1, strides=3, padding='SAME', dilations=1),
     ('int32', [2, 3, 4], -6723)),
    (lambda: tf.nn.conv1d(tf.constant(X1), F1, 3, 'SAME', dilations=1),
     ('int32', [2, 3, 4], -6723)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 1, 'SAME'),
     ('int32', [2, 7, 6, 4], -20447)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 2, 'SAME'),
     ('int32', [2, 7, 6, 4], 225898)),
    (lambda: tf.nn.atrous_conv2d(tf.constant(X2), F2, 3, 'SAME'),
     ('int32', [2, 7, 6, 4], 157638)),
    (lambda: tf.nn.convolution(tf.constant(X2) * 40000, tf.constant(F2) * 40000),
     ('int32', [2, 5, 5, 4], -747833061376)),
    (lambda: tf.nn.convolution(tf.constant(np.ones((1, 5, 5, 4), np.int32)), np.ones((2, 2, 2, 4), np.int32)),
     ('int32', [1, 4, 4, 4], 16128)),
    (lambda: tf.nn.convolution(tf.constant(np.ones((1, 2, 2, 3), np.int32)), F2),
     ('int32', [1, 0, 1, 4], 0)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 6, 4, 4], 1, 'VALID'),
     ('int32', [2, 6, 4, 4], 729754)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX2), TF2, [2, 6, 4, 4], 1, 'VALID'),
     ('int32', [2, 6, 4, 4], 729754)),
    (lambda: tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 7, 4], 1, 'VALID'),
     ('int32', [2, 7, 4], 19483)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX1), TF1, [2, 7, 4], 1, 'VALID'),
     ('int32', [2, 7, 4], 19483)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 4, 3, 4], 1, 'SAME'),
     ('int32', [2, 4, 3, 4], 50827)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX2), TF2, [2, 4, 3, 4], 1, 'SAME'),
     ('int32', [2, 4, 3, 4], 50827)),
    (lambda: tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 5, 4], 1, 'SAME'),
     ('int32', [2, 5, 4], 10605)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX1), TF1, [2, 5, 4], 1, 'SAME'),
     ('int32', [2, 5, 4], 10605)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 9, 6, 4], 2, 'VALID'),
     ('int32', [2, 9, 6, 4], 1602490)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX2), TF2, [2, 9, 6, 4], 2, 'VALID'),
     ('int32', [2, 9, 6, 4], 1602490)),
    (lambda: tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 11, 4], 2, 'VALID'),
     ('int32', [2, 11, 4], 32635)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX1), TF1, [2, 11, 4], 2, 'VALID'),
     ('int32', [2, 11, 4], 32635)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 8, 6, 4], 2, 'SAME'),
     ('int32', [2, 8, 6, 4], 1225244)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX2), TF2, [2, 8, 6, 4], 2, 'SAME'),
     ('int32', [2, 8, 6, 4], 1225244)),
    (lambda: tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 10, 4], 2, 'SAME'),
     ('int32', [2, 10, 4], 4893)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX1), TF1, [2, 10, 4], 2, 'SAME'),
     ('int32', [2, 10, 4], 4893)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 7, 5, 4], 2, 'SAME'),
     ('int32', [2, 7, 5, 4], 159875)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX2), TF2, [2, 7, 5, 4], 2, 'SAME'),
     ('int32', [2, 7, 5, 4], 159875)),
    (lambda: tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 9, 4], 2, 'SAME'),
     ('int32', [2, 9, 4], 21229)),
    (lambda: tf.nn.conv_transpose(tf.constant(TX1), TF1, [2, 9, 4], 2, 'SAME'),
     ('int32', [2, 9, 4], 21229)),
    (lambda: tf.nn.atrous_conv2d_transpose(tf.constant(TX2), TF2, [2, 8, 5, 4], 2, 'VALID'),
     ('int32', [2, 8, 5, 4], 1223286)),
    (lambda: tf.nn.atrous_conv2d_transpose(tf.constant(TX2), TF2, [2, 4, 3, 4], 2, 'SAME'),
     ('int32', [2, 4, 3, 4], 55168)),
    (lambda: tf.nn.atrous_conv2d_transpose(tf.constant(TX2), TF2, [2, 10, 6, 4], 3, 'VALID'),
     ('int32', [2, 10, 6, 4], 1844146)),
    (lambda: tf.nn.atrous_conv2d_transpose(tf.constant(TX2), TF2, [2, 4, 3, 4], 3, 'SAME'),
     ('int32', [2, 4, 3, 4], -33146)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2) * 40000, TF2 * 40000, [2, 6, 4, 4], 1, 'VALID'),
     ('int32', [2, 6, 4, 4], 6655680512)),
    (lambda: tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 4, 2, 4], 1, [[0, 0], [1, 1], [1, 1], [0, 0]]),
     ('int32', [2, 4, 2, 4], -49426)),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_int32_convolutions_compute_as_tf(index):
    call, golden = CASES[index]
    assert _h(call()) == golden


def test_a_dilated_int32_transpose_is_the_kernels_refusal():
    # TF 2.21 (itrans.py): its own CPU kernel has no dilated transpose; conv1d_transpose's wrapper names it
    text = ('{{function_node __wrapped__Conv2DBackpropInput_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
            'Current CPU implementations do not yet support dilation rates larger than 1. [Op:Conv2DBackpropInput]')
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.conv2d_transpose(tf.constant(TX2), TF2, [2, 8, 5, 4], 1, 'VALID', dilations=2)
    assert str(err.value) == text
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.conv1d_transpose(tf.constant(TX1), TF1, [2, 9, 4], 1, 'VALID', dilations=2)
    assert str(err.value) == text + ' name: '


def test_int32_filters_of_another_depth_are_the_kernels_refusal():
    # TF 2.21 (iconv.py): Eigen's Conv2D words it
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.convolution(tf.constant(np.ones((1, 5, 5, 4), np.int32)), np.ones((2, 2, 3, 4), np.int32))
    assert str(err.value) == ('{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'input depth must be evenly divisible by filter depth: 4 vs 3 [Op:Conv2D] name: ')
