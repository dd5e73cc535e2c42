"""A float64 transposed convolution with dilations is TF 2.21's InvalidArgumentError on the CPU (Eigen's double
kernels refuse dilations; oneDNN runs float32): Conv1D/2D/3DTranspose(dilation_rate=2, dtype='float64'),
tf.nn.conv_transpose / conv1d_transpose / conv3d_transpose. tapeflow computed them (only tf.nn.conv2d_transpose
refused). Texts printed by TF 2.21, e.g.

    tf.nn.conv3d_transpose(x (1, 4, 4, 3, 3) float64, f (2, 2, 2, 2, 3), [1, 6, 6, 5, 2], 1, 'VALID', dilations=2)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_2D = ('{{function_node __wrapped__Conv2DBackpropInput_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       'Current CPU implementations do not yet support dilation rates larger than 1. [Op:Conv2DBackpropInput]')
_3D = ('{{function_node __wrapped__Conv3DBackpropInputV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       'Current CPU implementation does not yet support dilation rates larger than 1. [Op:Conv3DBackpropInputV2]')


def _operands(rank, dtype='float64'):
    rs = np.random.RandomState(1)
    x = tf.constant(rs.randn(*((2,) + (5,) * rank + (3,))).astype(dtype))
    f = tf.constant(rs.randn(*((2,) * rank + (2, 3))).astype(dtype))
    return x, f, [2] + [7] * rank + [2]


@pytest.mark.parametrize('rank, call, text', [
    (1, lambda x, f, o: tf.nn.conv1d_transpose(x, f, o, 1, 'VALID', dilations=2), _2D + ' name: '),
    (1, lambda x, f, o: tf.nn.conv_transpose(x, f, o, 1, 'VALID', dilations=2), _2D + ' name: '),
    (2, lambda x, f, o: tf.nn.conv_transpose(x, f, o, 1, 'VALID', dilations=2), _2D),
    (2, lambda x, f, o: tf.nn.conv2d_transpose(x, f, o, 1, 'VALID', dilations=2), _2D),
    (3, lambda x, f, o: tf.nn.conv3d_transpose(x, f, o, 1, 'VALID', dilations=2), _3D),
    (3, lambda x, f, o: tf.nn.conv_transpose(x, f, o[:2] + [6, 6] + o[-1:], 1, 'VALID',
                                             dilations=[1, 2, 1, 1, 1]), _3D),
])
def test_float64_dilated_transpose_ops_refuse(rank, call, text):
    x, f, out = _operands(rank)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(x, f, out)
    assert str(info.value) == text


@pytest.mark.parametrize('layer, rank, op_text', [
    (keras.layers.Conv1DTranspose, 1, _2D + ' name: '),
    (keras.layers.Conv2DTranspose, 2, _2D),
    (keras.layers.Conv3DTranspose, 3, _3D),
])
def test_float64_dilated_transpose_layers_refuse(layer, rank, op_text):
    x, _, _ = _operands(rank)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        layer(2, 2, dilation_rate=2, dtype='float64')(x)
    assert op_text in str(info.value)


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
@pytest.mark.parametrize('dtype', ['float32', 'float16'])
def test_other_dtypes_still_dilate(dtype):
    # TF 2.21 computes these: (2, 7, 7, 2) from a (2, 5, 5, 3) input, a 2x2 kernel dilated by 2
    x, f, out = _operands(2, dtype)
    assert tuple(tf.nn.conv_transpose(x, f, out, 1, 'VALID', dilations=2).shape) == (2, 7, 7, 2)
    assert tuple(keras.layers.Conv2DTranspose(2, 2, dilation_rate=2, dtype=dtype)(x).shape) == (2, 7, 7, 2)
