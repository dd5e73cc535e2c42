"""load_weights of a Keras 3 layout that does not fit: Keras 3.15's words (the listing of every
problem rides as a note; no weight changes). Texts pinned from TF 2.21."""
import warnings

import numpy as np
import pytest

from framework import keras


def _saved(tmp_path):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='d1'), keras.layers.Dense(2, name='d2')])
    model.save_weights(tmp_path / 'w.weights.h5')
    return tmp_path / 'w.weights.h5'


def test_shape_mismatch_names_the_first_layer_and_its_variable(tmp_path):
    path = _saved(tmp_path)
    other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, name='d1'), keras.layers.Dense(2, name='d2')])
    before = [w.copy() for w in other.get_weights()]
    with pytest.raises(ValueError) as info:
        other.load_weights(path)
    kernel = other.layers[0].kernel
    assert str(info.value) == (
        'A total of 2 objects could not be loaded. Example error message for object <Dense name=d1, built=True>:'
        '\n\nThe shape of the target variable and the shape of the target value in `variable.assign(value)` must '
        'match. variable.shape=(4, 5), Received: value.shape=(4, 3). Target variable: %r\n\n'
        'List of objects that could not be loaded:\n[<Dense name=d1, built=True>, <Dense name=d2, built=True>]'
        % (kernel,))
    assert 'no weight was changed' in info.value.__notes__[0]
    assert all(np.array_equal(a, b) for a, b in zip(before, other.get_weights()))


def test_layer_missing_from_the_file_is_a_count_error(tmp_path):
    path = _saved(tmp_path)
    bigger = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='d1'), keras.layers.Dense(2, name='d2'),
                               keras.layers.Dense(1, name='d3')])
    with pytest.raises(ValueError) as info:
        bigger.load_weights(path)
    assert str(info.value) == (
        'A total of 1 objects could not be loaded. Example error message for object <Dense name=d3, built=True>:'
        "\n\nLayer 'd3' expected 2 variables, but received 0 variables during loading. Expected: ['kernel', 'bias']"
        '\n\nList of objects that could not be loaded:\n[<Dense name=d3, built=True>]')


def test_skip_mismatch_warns_the_same_words(tmp_path):
    path = _saved(tmp_path)
    other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='d1'), keras.layers.Dense(7, name='d2')])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        other.load_weights(path, skip_mismatch=True)
    texts = [str(w.message) for w in caught]
    assert len(texts) == 1 and texts[0].startswith(
        'A total of 1 objects could not be loaded. Example error message for object <Dense name=d2, built=True>:'
        '\n\nThe shape of the target variable and the shape of the target value in `variable.assign(value)` must '
        'match. variable.shape=(3, 7), Received: value.shape=(3, 2).')
    assert texts[0].endswith('List of objects that could not be loaded:\n[<Dense name=d2, built=True>]')
