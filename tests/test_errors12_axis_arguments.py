"""Axis arguments of normalization layers and PReLU as Keras 3.15 on TF 2.21 takes and refuses them.

Golden outcomes and texts from /work/notes/progs/errors12/p/a1.py run under TF 2.21 + Keras 3.15: an axis
outside the input is Python's IndexError where Keras indexes the shape with it ('tuple index out of range',
PReLU's 'list assignment index out of range'; tapeflow's class is a ValueError too), BatchNormalization
converts its axis with int(), GroupNormalization refuses a non-int axis when it indexes the shape."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)


@pytest.mark.parametrize('make', [lambda a: L.BatchNormalization(axis=a), lambda a: L.LayerNormalization(axis=a),
                                  lambda a: L.GroupNormalization(groups=1, axis=a)])
@pytest.mark.parametrize('axis', [5, -5, 3, -4])
def test_axis_outside_the_input_is_an_index_error(make, axis):
    with pytest.raises(IndexError) as info:
        make(axis)(X3)
    assert str(info.value) == 'tuple index out of range'
    assert isinstance(info.value, ValueError)             # (tapeflow raised ValueError before; it still is one)
    assert 'axis %d' % axis in info.value.__notes__[0]


@pytest.mark.parametrize('axis, want', [(1.5, 1), ('1', 1), (2.0, 2)])
def test_batch_normalization_converts_its_axis_with_int(axis, want):
    layer = L.BatchNormalization(axis=axis)
    assert layer.axis == want
    assert layer(X3).shape == (2, 4, 3)


@pytest.mark.parametrize('axis, cls, text', [(None, TypeError, "int() argument must be a string, a bytes-like object "
                                                                "or a real number, not 'NoneType'"),
                                             ('a', ValueError, "invalid literal for int() with base 10: 'a'")])
def test_batch_normalization_axis_int_failures(axis, cls, text):
    with pytest.raises(cls) as info:
        L.BatchNormalization(axis=axis)
    assert str(info.value) == text


@pytest.mark.parametrize('axis, kind', [(1.5, 'float'), ('1', 'str'), (None, 'NoneType'), ([1, 1], 'TrackedList'),
                                        ((1, 2), 'tuple')])
def test_group_normalization_non_int_axis_fails_at_build(axis, kind):
    layer = L.GroupNormalization(groups=1, axis=axis)          # Keras keeps it until build
    with pytest.raises(TypeError) as info:
        layer(X3)
    assert str(info.value) == 'tuple indices must be integers or slices, not %s' % kind


def test_layer_normalization_axis_type_text_is_keras():
    with pytest.raises(TypeError) as info:
        L.LayerNormalization(axis=1.5)
    assert str(info.value) == "Expected an int or a list/tuple of ints for the argument 'axis', but received: 1.5"


@pytest.mark.parametrize('shared, alpha', [(0, (4, 1)), (-1, (1, 3)), ([0, 1], (1, 1))])
def test_prelu_shared_axes_index_the_parameter_shape_as_python(shared, alpha):
    layer = L.PReLU(shared_axes=shared)
    assert layer(X3).shape == (2, 4, 3)
    assert tuple(layer.alpha.shape) == alpha


@pytest.mark.parametrize('shared', [3, -2, 5, -5, (3,)])
def test_prelu_shared_axis_outside_is_an_index_error(shared):
    with pytest.raises(IndexError) as info:
        L.PReLU(shared_axes=shared)(X3)
    assert str(info.value) == 'list assignment index out of range'
