"""Cropping1D's and Dot's refusals in Keras 3.15's words, and UpSampling1D's output shape as a list.

Texts and shapes from TF 2.21 runs (/work/notes/progs/layerfuzz/misc.py). Before, tapeflow said
"Cropping1D 'L': values in `cropping` should be smaller than the spatial dimension they crop; ..." and
"Dot: invalid format for argument `axes`: it should contain two integers. ...", and UpSampling1D's
compute_output_shape gave a tuple.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('cropping,shape,received', [
    ((3, 3), (None, 6, 2), 'input_shape=(None, 6, 2), cropping=(3, 3)'),
    (2, (None, 4, 2), 'input_shape=(None, 4, 2), cropping=(2, 2)'),
])
def test_cropping1d_output_shape_refusal(cropping, shape, received):
    with pytest.raises(ValueError) as info:
        L.Cropping1D(cropping).compute_output_shape(shape)
    assert str(info.value) == ('`cropping` parameter of `Cropping1D` layer must be smaller than the input length. '
                               'Received: ' + received)


def test_cropping1d_call_refusal_names_the_inputs_shape():
    with pytest.raises(ValueError) as info:
        L.Cropping1D((3, 3))(np.ones((2, 6, 2), 'float32'))
    assert ('`cropping` parameter of `Cropping1D` layer must be smaller than the input length. '
            'Received: inputs.shape=(2, 6, 2), cropping=(3, 3)') in str(info.value)
    assert L.Cropping1D((1, 2)).compute_output_shape((None, 4, 2)) == (None, 1, 2)


@pytest.mark.parametrize('axes,text', [
    ((1, 2, 3), 'Invalid format for argument `axes`: it should contain two elements. Received: axes=(1, 2, 3)'),
    ([1], 'Invalid format for argument `axes`: it should contain two elements. Received: axes=[1]'),
    ((1, 2.0), 'Invalid format for argument `axes`: list elements should be integers. Received: axes=(1, 2.0)'),
    (('a', 1), "Invalid format for argument `axes`: list elements should be integers. Received: axes=('a', 1)"),
])
def test_dot_axes_refused_in_keras_words(axes, text):
    with pytest.raises(ValueError) as info:
        L.Dot(axes=axes)
    assert str(info.value) == text


def test_upsampling1d_output_shape_is_a_list_as_in_keras():
    assert L.UpSampling1D(3).compute_output_shape((None, 4, 3)) == [None, 12, 3]
    assert L.UpSampling1D(2).compute_output_shape((None, None, 3)) == [None, None, 3]
    assert keras.Sequential([keras.Input((4, 3)), L.UpSampling1D(2)]).output_shape == (None, 8, 3)


@pytest.mark.parametrize('axes,shapes,want', [
    ((1, 1), [(None, 3, 4), (None, 4, 3)], (None, 4, 3)),     # sizes 3 and 4: build refuses, not this
    (2, [(None, 3, 4), (None, 4, 3)], (None, 3, 4)),
    (0, [(None, 3, 4), (None, 3, 4)], (3, 4, 4)),
    (-1, [(None, 3, 4), (None, 5, 4)], (None, 3, 5)),
    (1, [(None, 3), (None, 3)], (None, 1)),
    ((1, 2), [(None, 3, 4), (None, 4, 3)], (None, 4, 4)),
])
def test_dot_output_shape_is_keras_arithmetic_alone(axes, shapes, want):
    """TF 2.21's values (/work/notes/progs/layerfuzz/dotcos.py): Keras 3's Dot.compute_output_shape pops the
    axes without checking them; tapeflow refused mismatched sizes and axis 0 there. Build still refuses."""
    assert L.Dot(axes=axes).compute_output_shape(shapes) == want


def test_dot_build_still_refuses_mismatched_axes():
    a, b = keras.Input((3, 4)), keras.Input((4, 3))
    with pytest.raises(ValueError) as info:
        L.Dot(axes=(1, 1))([a, b])
    assert str(info.value).startswith('Incompatible input shapes: axis values 3 (at axis 1) != 4 (at axis 1). '
                                      'Full input shapes: (None, 3, 4), (None, 4, 3)')
