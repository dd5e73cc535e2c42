"""Convolution filters that are no number, as Keras 3.15 on TF 2.21 refuses them.

Golden texts from /work/notes/progs/errors12 (cases.py rows layer.*|filters|str) run under TF 2.21 +
Keras 3.15: the base convolution compares ``filters <= 0``, which a string fails with Python's TypeError
(tapeflow raised a ValueError); the explanation rides along as a note."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)


@pytest.mark.parametrize('make', [lambda f: L.Conv1D(f, 2), lambda f: L.Conv2D(f, 2), lambda f: L.Conv3D(f, 2),
                                  lambda f: L.Conv2DTranspose(f, 2), lambda f: L.SeparableConv2D(f, 2),
                                  lambda f: L.Conv1DTranspose(f, 2)])
def test_string_filters_fail_kerass_comparison(make):
    with pytest.raises(TypeError) as info:
        make('2')
    assert str(info.value) == "'<=' not supported between instances of 'str' and 'int'"
    assert 'filters must be a positive integer' in info.value.__notes__[0]


def test_tuple_filters_fail_the_comparison_too():
    with pytest.raises(TypeError, match="'<=' not supported between instances of 'tuple' and 'int'"):
        L.Conv1D((2,), 2)


def test_numpy_integer_filters_still_run():
    assert L.Conv1D(np.int32(2), 2)(X3).shape == (2, 3, 2)


@pytest.mark.parametrize('make, text', [
    (lambda: L.Conv1D(2, '2'), "'<=' not supported between instances of 'str' and 'int'"),
    (lambda: L.Conv1D(2, 2, strides='1'), "'<=' not supported between instances of 'str' and 'int'"),
    (lambda: L.AveragePooling1D('2'), "'<=' not supported between instances of 'str' and 'int'"),
    (lambda: L.AveragePooling1D(2, strides='1'), "'<' not supported between instances of 'str' and 'int'")])
def test_string_window_sizes_fail_kerass_comparison(make, text):
    # Keras 3.15's standardize_tuple compares the values as given (tuple('2') is one element)
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == text
