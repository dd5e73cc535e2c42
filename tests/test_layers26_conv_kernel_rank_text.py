"""A convolution given an input of higher rank than its own names the kernel as Keras 3 on TF 2.21 does
(probe /work/notes/progs/layers26/convcf.py, which builds, calls symbolically and calls eagerly each layer on
(None, 4, 6, 6, 2) inputs): Keras's compute_conv_output_shape states kernel_size + (channels, filters), the
channels read on the channel axis (axis 1 channels first) and the filters not divided by the groups. tapeflow
read the last axis channels first, divided by the groups, and (DepthwiseConv / SeparableConv channels first)
printed the input's shape with its channels moved last."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
TEXT = 'Kernel shape must have the same length as input, but received kernel of shape %s and input of shape %s.'

# (layer, data_format) -> the kernel TF 2.21 names for a (batch, 4, 6, 6, 2) input
CASES = [
    (lambda **kw: L.Conv1D(3, 2, **kw), 'channels_first', (2, 4, 3)),
    (lambda **kw: L.Conv2D(3, 2, **kw), 'channels_first', (2, 2, 4, 3)),
    (lambda **kw: L.SeparableConv1D(3, 2, **kw), 'channels_first', (2, 4, 3)),
    (lambda **kw: L.SeparableConv2D(3, 2, **kw), 'channels_first', (2, 2, 4, 3)),
    (lambda **kw: L.DepthwiseConv1D(2, **kw), 'channels_first', (2, 4, 4)),
    (lambda **kw: L.DepthwiseConv2D(2, **kw), 'channels_first', (2, 2, 4, 4)),
    (lambda **kw: L.Conv2D(4, 2, groups=2, **kw), 'channels_last', (2, 2, 2, 4)),
    (lambda **kw: L.Conv2D(4, 2, groups=2, **kw), 'channels_first', (2, 2, 4, 4)),
]


@pytest.mark.parametrize('make, data_format, kernel', CASES)
def test_build_names_the_kernel_as_keras(make, data_format, kernel):
    with pytest.raises(ValueError) as caught:
        make(data_format=data_format).build((None, 4, 6, 6, 2))
    assert str(caught.value) == TEXT % (kernel, (None, 4, 6, 6, 2))


@pytest.mark.parametrize('make, data_format, kernel', CASES)
def test_calls_name_the_kernel_and_the_input_as_given(make, data_format, kernel):
    with pytest.raises(ValueError) as caught:
        make(data_format=data_format)(keras.Input(batch_shape=(None, 4, 6, 6, 2)))
    assert TEXT % (kernel, (None, 4, 6, 6, 2)) in str(caught.value)
    with pytest.raises(ValueError) as caught:
        make(data_format=data_format)(np.ones((1, 4, 6, 6, 2), 'float32'))
    assert TEXT % (kernel, (1, 4, 6, 6, 2)) in str(caught.value)


def test_conv3d_channels_first_reads_axis_one():
    with pytest.raises(ValueError) as caught:
        L.Conv3D(3, 2, data_format='channels_first').build((None, 4, 6, 6, 2, 2))
    assert str(caught.value) == TEXT % ((2, 2, 2, 4, 3), (None, 4, 6, 6, 2, 2))      # TF 2.21's
