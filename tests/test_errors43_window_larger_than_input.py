"""A VALID pooling or convolution window larger than its input raises TF 2.21's kernel error, 'Computed output
size would be negative: -1 [input_size: 3, effective_filter_size: 5, stride: 1]', from the kernel that ran
(tf.nn.max_pool2d's MaxPool, avg_pool2d's oneDNN AvgPool for float32, MaxPool3D, MaxPoolWithArgmax, Conv2D's
oneDNN kernel, Dilation2D); Keras's pooling layers wrap it in their call banner. tapeflow wrote its own sentences
('max_pool2d: Computed output size would be negative ...; the pooling window is larger than the input: ...',
'conv2d: a window of 5 does not fit an input of 3 with VALID padding'), kept as notes. TF sizes each axis as
(input - window + stride) / stride with C's division. Texts printed by TF 2.21 (/work/notes/progs/errors43/pool.py,
nn1.py, p64_standalone.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

X1, X2, X3 = tf.ones((1, 3, 2)), tf.ones((1, 3, 3, 2)), tf.ones((1, 3, 3, 3, 2))
_SIZES = '[input_size: 3, effective_filter_size: 5, stride: 1]'


def _text(op, node=None, size=-1, sizes=_SIZES):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} Computed output size '
            'would be negative: %d %s [Op:%s] name: ' % (node or op, size, sizes, op))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.max_pool2d(X2, 5, 1, 'VALID'), _text('MaxPool')),
    (lambda: tf.nn.max_pool1d(X1, 5, 1, 'VALID'), _text('MaxPool')),
    (lambda: tf.nn.max_pool(X2, 5, 1, 'VALID'), _text('MaxPool')),
    (lambda: tf.nn.max_pool3d(X3, 5, 1, 'VALID'), _text('MaxPool3D')),
    (lambda: tf.nn.avg_pool2d(X2, 5, 1, 'VALID'), _text('AvgPool', '__MklNativeAvgPool')),
    (lambda: tf.nn.avg_pool1d(X1, 5, 1, 'VALID'), _text('AvgPool', '__MklNativeAvgPool')),
    (lambda: tf.nn.avg_pool3d(X3, 5, 1, 'VALID'), _text('AvgPool3D', '__MklNativeAvgPool3D')),
    (lambda: tf.nn.avg_pool2d(tf.cast(X2, tf.float64), 5, 1, 'VALID'), _text('AvgPool')),
    (lambda: tf.nn.avg_pool2d(tf.cast(X2, tf.float16), 5, 1, 'VALID'), _text('AvgPool')),
    (lambda: tf.nn.max_pool_with_argmax(X2, 5, 1, 'VALID'), _text('MaxPoolWithArgmax')),
    (lambda: keras.ops.max_pool(X2, 5, 1, 'valid'), _text('MaxPool')),
    (lambda: keras.ops.average_pool(X2, 5, 1, 'valid'), _text('AvgPool', '__MklNativeAvgPool')),
    (lambda: tf.nn.conv2d(X2, tf.ones((5, 5, 2, 1)), 1, 'VALID'), _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.conv2d(tf.ones((1, 9, 3, 2)), tf.ones((2, 5, 2, 1)), 1, 'VALID'),
     _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.conv2d(tf.ones((1, 3, 3, 2)), tf.ones((8, 2, 2, 1)), 2, 'VALID'),
     _text('Conv2D', '__MklNativeConv2D', sizes='[input_size: 3, effective_filter_size: 8, stride: 2]')),
    (lambda: tf.nn.conv2d(tf.ones((1, 3, 3, 4)), tf.ones((5, 5, 2, 2)), 1, 'VALID'),       # grouped
     _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.conv2d(X2, tf.ones((2, 2, 2, 1)), 1, 'VALID', dilations=4),
     _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.conv2d(tf.cast(X2, tf.float64), tf.ones((5, 5, 2, 1), tf.float64), 1, 'VALID'), _text('Conv2D')),
    (lambda: tf.nn.conv1d(X1, tf.ones((5, 2, 1)), 1, 'VALID'), _text('Conv2D', '__MklNativeConv2D')),
    (lambda: keras.ops.conv(X2, tf.ones((5, 5, 2, 1))), _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.dilation2d(X2, tf.ones((5, 5, 2)), [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]),
     _text('Dilation2D')),
])
def test_tf_kernel_text(call, text):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert type(caught.value).__name__ == 'InvalidArgumentError' and str(caught.value) == text


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('layer, x, banner, text', [
    (lambda: keras.layers.MaxPooling2D(5, strides=1), X2, 'MaxPooling2D', _text('MaxPool')),
    (lambda: keras.layers.MaxPooling1D(5, strides=1), X1, 'MaxPooling1D', _text('MaxPool')),
    (lambda: keras.layers.AveragePooling1D(5, strides=1), X1, 'AveragePooling1D',
     _text('AvgPool', '__MklNativeAvgPool')),
    (lambda: keras.layers.MaxPooling3D(5, strides=1), X3, 'MaxPooling3D', _text('MaxPool3D')),
])
def test_keras_pooling_layers_wrap_the_kernel_text(layer, x, banner, text):
    with pytest.raises(InvalidArgumentError) as caught:
        layer()(x)
    assert str(caught.value) == ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments '
                                 'received by %s.call():\n  \u2022 inputs=tf.Tensor(shape=%s, dtype=float32)'
                                 % (banner, text, banner, tuple(x.shape)))


def test_windows_that_fit_still_compute():
    assert tf.nn.max_pool2d(X2, 3, 1, 'VALID').shape == (1, 1, 1, 2)
    out = tf.nn.conv2d(X2, tf.ones((3, 3, 2, 1)), 1, 'VALID')
    assert out.numpy().ravel().tolist() == [np.float32(18.0)]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.conv3d(X3, tf.ones((5, 5, 5, 2, 1)), [1, 1, 1, 1, 1], 'VALID'),
     _text('Conv3D', '__MklNativeConv3D')),
    (lambda: tf.nn.convolution(X2, tf.ones((5, 5, 2, 1)), padding='VALID'), _text('Conv2D', '__MklNativeConv2D')),
    (lambda: tf.nn.depthwise_conv2d(X2, tf.ones((5, 5, 2, 1)), [1, 1, 1, 1], 'VALID'),
     _text('DepthwiseConv2dNative', '__MklNativeDepthwiseConv2dNative')),
])
def test_n_d_and_depthwise_convolutions(call, text):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text
