"""Convolutions' constructor errors in TF 2.21 / Keras 3.15's words.

Texts from TF 2.21 runs (/work/notes/progs/layerfuzz/convt.py): strides and dilation both above 1
(BaseConv / BaseConvTranspose), an output_padding not below its stride (BaseConvTranspose) and one
standardize_tuple refuses. Before, tapeflow prefixed the layer's name and worded these its own way
('output_padding must be non-negative ints smaller than the strides ...'); its sentence is now a note.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers

STRIDED_DILATION = [
    (lambda: L.Conv2D(2, 3, strides=2, dilation_rate=(1, 2)), 'strides=(2, 2) and dilation_rate=(1, 2)'),
    (lambda: L.Conv1D(2, 3, strides=2, dilation_rate=2), 'strides=(2,) and dilation_rate=(2,)'),
    (lambda: L.Conv3D(2, 3, strides=2, dilation_rate=2), 'strides=(2, 2, 2) and dilation_rate=(2, 2, 2)'),
    (lambda: L.Conv2DTranspose(2, 3, strides=2, dilation_rate=2), 'strides=(2, 2) and dilation_rate=(2, 2)'),
    (lambda: L.Conv1DTranspose(2, 3, strides=2, dilation_rate=2), 'strides=(2,) and dilation_rate=(2,)'),
    (lambda: L.Conv3DTranspose(2, 3, strides=2, dilation_rate=2), 'strides=(2, 2, 2) and dilation_rate=(2, 2, 2)'),
    (lambda: L.Conv2D(2, 3, strides=2, dilation_rate=2, groups=2), 'strides=(2, 2) and dilation_rate=(2, 2)'),
]


@pytest.mark.parametrize('make,received', STRIDED_DILATION)
def test_strides_with_dilation_refused_in_keras_words(make, received):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == ('`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: '
                               + received)


OUTPUT_PADDING = [
    (lambda: L.Conv2DTranspose(2, 3, strides=2, output_padding=2),
     '`output_padding` must be strictly less than `strides` for all dimensions. At dimension 0, `output_padding` '
     'is 2 but `strides` is 2. Received: output_padding=(2, 2), strides=(2, 2)'),
    (lambda: L.Conv2DTranspose(2, 3, strides=(2, 1), output_padding=(1, 1)),
     '`output_padding` must be strictly less than `strides` for all dimensions. At dimension 1, `output_padding` '
     'is 1 but `strides` is 1. Received: output_padding=(1, 1), strides=(2, 1)'),
    (lambda: L.Conv1DTranspose(2, 3, output_padding=1),
     '`output_padding` must be strictly less than `strides` for all dimensions. At dimension 0, `output_padding` '
     'is 1 but `strides` is 1. Received: output_padding=(1,), strides=(1,)'),
    (lambda: L.Conv3DTranspose(2, 3, strides=(1, 2, 2), output_padding=(0, 1, 2)),
     '`output_padding` must be strictly less than `strides` for all dimensions. At dimension 2, `output_padding` '
     'is 2 but `strides` is 2. Received: output_padding=(0, 1, 2), strides=(1, 2, 2)'),
    (lambda: L.Conv2DTranspose(2, 3, output_padding=-1),
     'The `output_padding` argument must be a tuple of 2 integers. Received output_padding=-1, including values '
     '{-1} that do not satisfy `value >= 0`'),
    (lambda: L.Conv2DTranspose(2, 3, output_padding=(1, 1, 1)),
     'The `output_padding` argument must be a tuple of 2 integers. Received output_padding=(1, 1, 1)'),
]


@pytest.mark.parametrize('make,text', OUTPUT_PADDING)
def test_output_padding_refused_in_keras_words(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_output_padding_below_the_strides_is_kept_as_a_tuple():
    layer = L.Conv2DTranspose(2, 3, strides=(3, 2), output_padding=(2, 1))
    assert layer.output_padding == (2, 1)
    assert layer.get_config()['output_padding'] == (2, 1)
    assert L.Conv1DTranspose(2, 3, strides=2, output_padding=0).output_padding == (0,)


LOW_RANK = [
    (lambda: L.Conv2DTranspose(2, 3, name='ct'), (1, 5, 3),
     "Input 0 with name 'None' of layer 'ct' is incompatible with the layer: expected min_ndim=4, found ndim=3. "
     "Full shape received: (1, 5, 3)"),
    (lambda: L.Conv1DTranspose(2, 3, name='ct1'), (5, 3),
     "Input 0 with name 'None' of layer 'ct1' is incompatible with the layer: expected min_ndim=3, found ndim=2. "
     "Full shape received: (5, 3)"),
    (lambda: L.Conv3DTranspose(2, 3, name='ct3'), (1, 5, 5, 3),
     "Input 0 with name 'None' of layer 'ct3' is incompatible with the layer: expected min_ndim=5, found ndim=4. "
     "Full shape received: (1, 5, 5, 3)"),
]


@pytest.mark.parametrize('make,shape,text', LOW_RANK)
def test_transposed_convolution_of_too_low_a_rank_in_keras_words(make, shape, text):
    """Keras 3's BaseConvTranspose input spec is min_ndim=rank + 2 (tapeflow said 'expected ndim=4')."""
    with pytest.raises(ValueError) as info:
        make()(np.ones(shape, 'float32'))
    assert str(info.value) == text


def test_transposed_convolution_of_too_high_a_rank_is_refused():
    """TF lets a higher rank through its spec to an IndexError in call (layers18: tapeflow does too now)."""
    with pytest.raises(IndexError, match='tuple index out of range'):
        L.Conv2DTranspose(2, 3)(np.ones((1, 2, 5, 5, 3), 'float32'))


def test_transposed_convolution_output_shape_is_a_list_as_in_keras():
    """TF 2.21's values: compute_conv_transpose_output_shape returns a list (Conv2D etc. give tuples)."""
    assert L.Conv2DTranspose(2, 3, strides=2, data_format='channels_first').compute_output_shape(
        (None, 3, 5, 4)) == [None, 2, 11, 9]
    assert L.Conv3DTranspose(2, 2, strides=2, output_padding=1).compute_output_shape(
        (None, 2, 3, 4, 1)) == [None, 5, 7, 9, 2]
    assert L.Conv1DTranspose(4, 3, padding='same', strides=3).compute_output_shape((2, None, 1)) == [2, None, 4]
    assert L.Conv2D(2, 3).compute_output_shape((None, 5, 5, 3)) == (None, 3, 3, 2)


EMPTY = "Computed output size would be zero or negative. Received `inputs shape=%s`, `kernel shape=%s`, " \
        "`dilation_rate=%s`, `strides=%s`, `padding=valid`."
EMPTY_OUTPUT = [
    (lambda: L.SeparableConv2D(3, 3, dilation_rate=2).compute_output_shape((None, 4, 3, 2)),
     EMPTY % ('(None, 4, 3, 2)', '(3, 3, 2, 3)', '[2 2]', '(1, 1)')),
    (lambda: L.SeparableConv2D(3, 3, dilation_rate=2)(np.ones((2, 4, 3, 2), 'float32')),
     EMPTY % ('(2, 4, 3, 2)', '(3, 3, 2, 3)', '[2 2]', '(1, 1)')),
    (lambda: L.SeparableConv1D(3, 5)(np.ones((2, 4, 2), 'float32')),
     EMPTY % ('(2, 4, 2)', '(5, 2, 3)', '[1]', '(1,)')),
    (lambda: L.DepthwiseConv2D(3, dilation_rate=2).compute_output_shape((None, 4, 3, 2)),
     EMPTY % ('(None, 4, 3, 2)', '(3, 3, 2, 2)', '[2 2]', '(1, 1)')),
    (lambda: L.DepthwiseConv1D(5, depth_multiplier=2)(np.ones((2, 4, 2), 'float32')),
     EMPTY % ('(2, 4, 2)', '(5, 2, 4)', '[1]', '(1,)')),
    (lambda: keras.Sequential([keras.Input((4, 3, 2)), L.SeparableConv2D(3, 3, dilation_rate=2)]),
     EMPTY % ('(None, 4, 3, 2)', '(3, 3, 2, 3)', '[2 2]', '(1, 1)')),
]


@pytest.mark.parametrize('make,text', EMPTY_OUTPUT)
def test_depthwise_and_separable_windows_larger_than_the_input_refused_at_build(make, text):
    """Keras 3 refuses them at build (compute_conv_output_shape), bare; tapeflow gave (None, 0, -1, 3) as the
    output shape and an InvalidArgumentError of its own from the op. TF 2.21's texts
    (/work/notes/progs/layerfuzz/sepzero.py): the kernel's last size is filters, or depth_multiplier * channels."""
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text
