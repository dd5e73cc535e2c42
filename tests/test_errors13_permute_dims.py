"""Permute(dims) checked as Keras 3.15 checks it: tuple(dims) (any iterable: an array, a dict's keys; a number is
Python's TypeError), then sorted(dims) == [1..n] (a string's letters fail it with Keras's ValueError).

Golden lines: /work/notes/progs/errors13/pm1.py under TF 2.21 + Keras 3.15; the sed port prints the same."""
import numpy as np
import pytest

from framework import keras

X = np.arange(24, dtype='float32').reshape(2, 3, 4)
TEXT = ('Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` must be consecutive and '
        'start from 1. Received dims=%s')


@pytest.mark.parametrize('dims', [np.array([2, 1]), {2: 0, 1: 0}, [2, 1]])
def test_iterables_of_axes_permute(dims):
    layer = keras.layers.Permute(dims)
    assert layer.dims == (2, 1)
    assert keras.ops.convert_to_numpy(layer(X)).shape == (2, 4, 3)


@pytest.mark.parametrize('dims', ['a', 'ab', '21', [3, 1]])
def test_not_a_permutation_is_keras_value_error(dims):
    with pytest.raises(ValueError) as info:
        keras.layers.Permute(dims)
    assert str(info.value) == TEXT % (dims,)


@pytest.mark.parametrize('dims, text', [(5, "'int' object is not iterable"), (None, "'NoneType' object is not iterable"),
                                        ((1, 'a'), "'<' not supported between instances of 'str' and 'int'")])
def test_python_type_errors(dims, text):
    with pytest.raises(TypeError) as info:
        keras.layers.Permute(dims)
    assert str(info.value) == text
