"""A transposed convolution whose output_shape does not convolve back onto its input raises TF 2.21's kernel
error: oneDNN's AbortedError for float32 / float16 (Conv2DBackpropInput, Conv3DBackpropInputV2; also what Keras's
Conv2DTranspose raises for an output_padding that does not fit its strides), the float64 kernels' shape check
naming the first spatial dimension that disagrees. tapeflow raised an InvalidArgumentError of its own words.

Texts printed by TF 2.21 with notes progs/gradfuzz22/t4.py and t1.py, e.g.

    try:
        tf.nn.conv2d_transpose(x (2, 4, 3, 5), f (3, 2, 2, 5), (2, 11, 4, 2), (3, 2), 'SAME')
    except Exception as e:
        print(type(e).__name__, str(e))
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import AbortedError, InvalidArgumentError
from helpers_error_texts import assert_raises_exactly

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'
ONEDNN = ('{{function_node __wrapped____MklNative%s_device_' + CPU + '}} Operation received an exception:Status: 2, '
          'message: could not create a primitive descriptor for the convolution forward propagation primitive. Run '
          'workload with environment variable ONEDNN_VERBOSE=all to get additional diagnostic information., in file '
          'tensorflow/core/kernels/mkl/mkl_conv_grad_input_ops.cc:546 [Op:%s]')


def _operands(dtype, *shapes):
    rs = np.random.RandomState(0)
    return [tf.constant(rs.randn(*shape).astype(dtype)) for shape in shapes]


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
@pytest.mark.parametrize('dtype', ['float32', 'float16'])
def test_onednn_refuses_the_primitive(dtype):
    x, f = _operands(dtype, (2, 4, 3, 5), (3, 2, 2, 5))
    assert_raises_exactly(lambda: tf.nn.conv2d_transpose(x, f, (2, 11, 4, 2), (3, 2), 'SAME'), AbortedError,
                          ONEDNN % ('Conv2DBackpropInput', 'Conv2DBackpropInput'))
    assert_raises_exactly(lambda: tf.nn.conv2d_transpose(x, f, (2, 5, 4, 2), 1, 'SAME', dilations=2), AbortedError,
                          ONEDNN % ('Conv2DBackpropInput', 'Conv2DBackpropInput'))
    x3, f3 = _operands(dtype, (1, 2, 4, 3, 5), (2, 3, 2, 2, 5))
    assert_raises_exactly(lambda: tf.nn.conv3d_transpose(x3, f3, (1, 4, 11, 7, 2), (1, 1, 3, 2, 1), 'VALID'),
                          AbortedError, ONEDNN % ('Conv3DBackpropInputV2', 'Conv3DBackpropInputV2'))


def test_float64_kernels_name_the_dimension():
    x, f = _operands('float64', (2, 4, 3, 5), (3, 2, 2, 5))
    assert_raises_exactly(
        lambda: tf.nn.conv2d_transpose(x, f, (2, 10, 7, 2), (3, 2), 'VALID'), InvalidArgumentError,
        '{{function_node __wrapped__Conv2DBackpropInput_device_' + CPU + "}} Conv2DCustomBackpropInput: Size of "
        "out_backprop doesn't match computed: actual = 4, computed = 3 spatial_dim: 1 input: 10 filter: 3 output: 4 "
        'stride: 3 dilation: 1 [Op:Conv2DBackpropInput]')
    assert_raises_exactly(
        lambda: tf.nn.conv2d_transpose(x, f, (2, 11, 4, 2), (3, 2), 'SAME'), InvalidArgumentError,
        '{{function_node __wrapped__Conv2DBackpropInput_device_' + CPU + "}} Conv2DCustomBackpropInput: Size of "
        "out_backprop doesn't match computed: actual = 3, computed = 2 spatial_dim: 2 input: 4 filter: 2 output: 3 "
        'stride: 2 dilation: 1 [Op:Conv2DBackpropInput]')
    x3, f3 = _operands('float64', (1, 2, 4, 3, 5), (2, 3, 2, 2, 5))
    assert_raises_exactly(
        lambda: tf.nn.conv3d_transpose(x3, f3, (1, 4, 11, 4, 2), (1, 1, 3, 2, 1), 'SAME'), InvalidArgumentError,
        '{{function_node __wrapped__Conv3DBackpropInputV2_device_' + CPU + "}} Conv3DBackpropInputOp: Size of "
        "out_backprop doesn't match computed: actual = 2, computed = 4 spatial_dim: 1 input: 4 filter: 2 output: 2 "
        'stride: 1 dilation: 1 [Op:Conv3DBackpropInputV2]')


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
def test_keras_transpose_with_an_output_padding_that_does_not_fit():
    keras.backend.clear_session()
    layer = keras.layers.Conv2DTranspose(2, (3, 2), strides=(3, 2), padding='same', output_padding=(1, 0))
    x = tf.constant(np.zeros((2, 4, 3, 5), 'float32'))
    with pytest.raises(AbortedError) as caught:
        layer(x)
    assert ONEDNN % ('Conv2DBackpropInput', 'Conv2DBackpropInput') in str(caught.value)
