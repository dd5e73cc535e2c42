"""channels_first convolution layers in float64 are TF 2.21's kernel errors on the CPU (Keras's TF backend passes
NCHW to Eigen's double kernels, which take NHWC only); tapeflow computed them. Texts printed by TF 2.21
(notes progs/gradfuzz20/t12.py), e.g.

    keras.layers.Conv2D(2, 2, data_format='channels_first', dtype='float64')(tf.constant(np.zeros((2, 3, 5, 4))))
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_CONV2D = (_NODE % 'Conv2D' + 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was '
           'given the format: NCHW [Op:Conv2D]')
_BACKPROP = _NODE % 'Conv2DBackpropInput' + 'Conv2DCustomBackpropInputOp only supports NHWC. [Op:Conv2DBackpropInput]'
_BACKPROP3D = (_NODE % 'Conv3DBackpropInputV2' + 'Conv3DBackpropInputOpV2 only supports NDHWC on the CPU. '
               '[Op:Conv3DBackpropInputV2]')
L = keras.layers


@pytest.mark.parametrize('make, shape, error, text', [
    (lambda: L.Conv1D(2, 2, data_format='channels_first', dtype='float64'), (2, 3, 7), tf.errors.UnimplementedError,
     _CONV2D + ' name: '),
    (lambda: L.Conv2D(2, 2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4),
     tf.errors.UnimplementedError, _CONV2D),
    (lambda: L.Conv2D(2, 2, dilation_rate=2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4),
     tf.errors.UnimplementedError, _CONV2D),
    (lambda: L.Conv1DTranspose(2, 2, data_format='channels_first', dtype='float64'), (2, 3, 7),
     tf.errors.InvalidArgumentError, _BACKPROP + ' name: '),
    (lambda: L.Conv2DTranspose(2, 2, strides=2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4),
     tf.errors.InvalidArgumentError, _BACKPROP),
    # the layout is checked before the dilation (TF's kernel refuses both)
    (lambda: L.Conv2DTranspose(2, 2, dilation_rate=2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4),
     tf.errors.InvalidArgumentError, _BACKPROP),
    (lambda: L.Conv3DTranspose(2, 2, data_format='channels_first', dtype='float64'), (1, 2, 4, 4, 3),
     tf.errors.InvalidArgumentError, _BACKPROP3D),
], ids=['conv1d', 'conv2d', 'conv2d_dilated', 'conv1d_transpose', 'conv2d_transpose', 'conv2d_transpose_dilated',
        'conv3d_transpose'])
def test_float64_channels_first_is_refused(make, shape, error, text):
    layer = make()
    with pytest.raises(error) as info:
        layer(tf.constant(np.zeros(shape)))
    message = str(info.value)
    assert message.startswith('Exception encountered when calling %s.call().' % type(layer).__name__)
    assert '\x1b[1m' + text + '\x1b[0m' in message


@pytest.mark.parametrize('make, shape, out', [
    # TF 2.21 computes these: float32 / float16 through oneDNN, grouped ones through XLA, depthwise / separable and
    # Conv3D as Keras arranges them
    (lambda: L.Conv2D(2, 2, data_format='channels_first', dtype='float32'), (2, 3, 5, 4), (2, 2, 4, 3)),
    (lambda: L.Conv2D(2, 2, data_format='channels_first', dtype='float16'), (2, 3, 5, 4), (2, 2, 4, 3)),
    (lambda: L.Conv2D(4, 2, groups=2, data_format='channels_first', dtype='float64'), (2, 4, 5, 4), (2, 4, 4, 3)),
    (lambda: L.DepthwiseConv2D(2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4), (2, 3, 4, 3)),
    (lambda: L.SeparableConv2D(2, 2, data_format='channels_first', dtype='float64'), (2, 3, 5, 4), (2, 2, 4, 3)),
    (lambda: L.Conv3D(2, 2, data_format='channels_first', dtype='float64'), (1, 2, 4, 4, 3), (1, 2, 3, 3, 2)),
    (lambda: L.Conv2DTranspose(2, 2, data_format='channels_first', dtype='float32'), (2, 3, 5, 4), (2, 2, 6, 5)),
], ids=['conv2d_float32', 'conv2d_float16', 'grouped', 'depthwise', 'separable', 'conv3d', 'transpose_float32'])
def test_other_channels_first_convolutions_compute(make, shape, out, xeon_cpu):
    dtype = make().dtype
    assert tuple(make()(tf.constant(np.ones(shape, dtype))).shape) == out
