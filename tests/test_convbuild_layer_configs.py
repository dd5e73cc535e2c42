"""Layer configurations Keras 3.15 refuses when asked for an output shape, in its words.

Golden texts measured with TF 2.21 / Keras 3.15: keras.layers.LayerNormalization(axis=...).compute_output_shape(
shape), printing type(error).__name__ and str(error) (the input shape prints as it was given, tuple or list;
the axis as the layer holds it: an int, or a list, sorted once built).
"""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('axis, shape, text', [
    ((1, 9), (2, 3, 4), 'Axis 9 is out of bounds for input shape (2, 3, 4). Received: axis=[1, 9]'),
    (-5, (2, 3, 4), 'Axis -5 is out of bounds for input shape (2, 3, 4). Received: axis=-5'),
    (3, (2, 3, 4), 'Axis 3 is out of bounds for input shape (2, 3, 4). Received: axis=3'),
    ([0, 3], [None, 3, 4], 'Axis 3 is out of bounds for input shape [None, 3, 4]. Received: axis=[0, 3]'),
    ((-1, 9, -8), (2, 3), 'Axis 9 is out of bounds for input shape (2, 3). Received: axis=[-1, 9, -8]'),
    (9, (None, 4), 'Axis 9 is out of bounds for input shape (None, 4). Received: axis=9'),
])
def test_layer_normalization_output_shape_refuses_an_axis_out_of_range(axis, shape, text):
    with pytest.raises(ValueError) as caught:
        L.LayerNormalization(axis=axis).compute_output_shape(shape)
    assert str(caught.value) == text


@pytest.mark.parametrize('axis', [2, -3])
def test_layer_normalization_output_shape_in_range(axis):
    assert tuple(L.LayerNormalization(axis=axis).compute_output_shape((2, 3, 4))) == (2, 3, 4)


def test_built_layer_normalization_checks_its_sorted_axes():
    """TF 2.21: axis=(2, 1) built on (2, 3, 4) holds [1, 2]; a rank-2 shape then names axis 2."""
    layer = L.LayerNormalization(axis=(2, 1))
    layer.build((2, 3, 4))
    with pytest.raises(ValueError) as caught:
        layer.compute_output_shape((2, 3))
    assert str(caught.value) == 'Axis 2 is out of bounds for input shape (2, 3). Received: axis=[1, 2]'


def test_concatenate_negative_axis_beyond_the_rank_is_python_index_error_at_build():
    """TF 2.21: Concatenate(axis=-4) on two (2, 3, 4) arrays raises IndexError 'list assignment index out
    of range' from build (Keras's `del shape[axis]`), leaving the layer unbuilt; a symbolic call alike."""
    import numpy as np
    layer = L.Concatenate(axis=-4)
    with pytest.raises(IndexError) as caught:
        layer([np.ones((2, 3, 4), 'float32')] * 2)
    assert str(caught.value) == 'list assignment index out of range' and not layer.built
    with pytest.raises(IndexError, match='^list assignment index out of range$'):
        L.Concatenate(axis=-9)([keras.Input((3, 4)), keras.Input((3, 4))])
    with pytest.raises(IndexError, match='^list assignment index out of range$'):
        L.Concatenate(axis=-3).build([(2, 3, 4), (2, 3)])     # the second shape's rank is the one exceeded


@pytest.mark.parametrize('axis', [-4, 3, 5, -9])
def test_concatenate_output_shape_with_an_axis_beyond_the_rank(axis):
    """TF 2.21: compute_output_shape of two (2, 3, 4) shapes raises IndexError 'list index out of range';
    of one shape it returns that shape, reading no axis."""
    with pytest.raises(IndexError) as caught:
        L.Concatenate(axis=axis).compute_output_shape([(2, 3, 4), (2, 3, 4)])
    assert str(caught.value) == 'list index out of range'
    assert tuple(L.Concatenate(axis=axis).compute_output_shape([(2, 3, 4)])) == (2, 3, 4)
