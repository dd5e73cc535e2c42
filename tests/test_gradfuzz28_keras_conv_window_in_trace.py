"""Keras conv layers in a tf.function whose window is longer than a length the trace knows: TF 2.21's graph refuses
the Conv2D the layer adds, in the layer's scope, and the call banner words it (a causal Conv1D over too few padded
steps; a SeparableConv1D / 2D whose 'same' depthwise step leaves an empty axis for its 1x1 pointwise Conv2D);
tapeflow raised its kernel's InvalidArgumentError ('conv2d: a window of 3 does not fit an input of 2 ...'). Probes
/work/notes/progs/gradfuzz28/tk.py, gradfuzz27/c2.py."""
import pytest

import framework as tf
from framework import keras

_CONV = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = Conv2D[T=%s, "
         "data_format=\"NHWC\", dilations=[1, 1, 1, 1], explicit_paddings=[], padding=\"VALID\", strides=[1, 1, 1, 1], "
         "use_cudnn_on_gpu=true](%s)' with input shapes: [%s], [%s].")


@pytest.mark.parametrize('make, shape, dtype, expected', [
    # TF 2.21's texts (tk.py)
    (lambda: keras.layers.Conv1D(2, 3, padding='causal', name='c1'), (2, 0, 3), 'float32', _CONV % (
        3, 2, 'c1_1/convolution', 'DT_FLOAT', 'c1_1/convolution/ExpandDims, c1_1/convolution/ExpandDims_1', '2,1,2,3',
        '1,3,3,2')),
    (lambda: keras.layers.Conv1D(2, 3, padding='causal', dilation_rate=2, name='c2'), (2, 0, 3), 'float32', _CONV % (
        3, 2, 'c2_1/convolution', 'DT_FLOAT', 'c2_1/convolution/ExpandDims, c2_1/convolution/ExpandDims_1', '4,1,2,3',
        '1,3,3,2')),
    (lambda: keras.layers.Conv1D(2, 3, padding='causal', name='c3'), (0, 0, 3), 'float32', _CONV % (
        3, 2, 'c3_1/convolution', 'DT_FLOAT', 'c3_1/convolution/ExpandDims, c3_1/convolution/ExpandDims_1', '0,1,2,3',
        '1,3,3,2')),
    (lambda: keras.layers.SeparableConv1D(2, 3, padding='same', name='s1'), (2, 0, 3), 'float32', _CONV % (
        1, 0, 's1_1/separable_conv2d', 'DT_FLOAT', 's1_1/separable_conv2d/depthwise, s1_1/ExpandDims_2', '2,1,0,3',
        '1,1,3,2')),
    (lambda: keras.layers.SeparableConv2D(2, 3, padding='same', name='s2'), (2, 0, 3, 3), 'float32', _CONV % (
        1, 0, 's2_1/separable_conv2d', 'DT_FLOAT',
        's2_1/separable_conv2d/depthwise, s2_1/separable_conv2d/ReadVariableOp_1',
        '2,0,3,3', '1,1,3,2')),
    (lambda: keras.layers.SeparableConv2D(2, 3, padding='same', name='s3'), (2, 3, 0, 3), 'float32', _CONV % (
        1, 0, 's3_1/separable_conv2d', 'DT_FLOAT',
        's3_1/separable_conv2d/depthwise, s3_1/separable_conv2d/ReadVariableOp_1',
        '2,3,0,3', '1,1,3,2')),
])
def test_traced_conv_layers_meet_the_graph_refusal(make, shape, dtype, expected):
    layer = make()
    with pytest.raises(ValueError) as caught:
        tf.function(lambda a: layer(a))(tf.ones(shape, dtype))
    text = str(caught.value)
    assert 'Exception encountered when calling %s.call()' % type(layer).__name__ in text
    assert text[text.index('\x1b[1m') + 4:text.index('\x1b[0m')] == expected


@pytest.mark.parametrize('make, shape, out', [
    # TF 2.21: windows that fit, and 'same' layers over an empty axis where no pointwise step follows
    (lambda: keras.layers.Conv1D(2, 2, padding='causal', dilation_rate=3), (2, 1, 3), (2, 1, 2)),
    (lambda: keras.layers.Conv1D(2, 3, padding='causal'), (2, 1, 3), (2, 1, 2)),
    (lambda: keras.layers.DepthwiseConv1D(3, padding='same'), (2, 0, 3), (2, 0, 3)),
    (lambda: keras.layers.Conv1D(2, 3, padding='same'), (2, 0, 3), (2, 0, 2)),
])
def test_traced_layers_that_build(make, shape, out):
    layer = make()
    assert tuple(tf.function(lambda a: layer(a))(tf.ones(shape)).shape) == out


def test_eager_causal_conv_over_no_steps_keeps_kerass_refusal():
    # TF 2.21: eagerly Keras's own call-time refusal of the empty output (gradfuzz27, b6d0ef91)
    layer = keras.layers.Conv1D(2, 3, padding='causal')
    with pytest.raises(ValueError, match='The convolution operation resulted in an empty output'):
        layer(tf.ones((2, 0, 3)))
