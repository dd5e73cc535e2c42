"""Size arguments of preprocessing layers as Keras 3.15 on TF 2.21 takes and refuses them.

Golden outcomes and texts from /work/notes/progs/errors12 (cases.py, rows layer.Hashing|units|*,
layer.CategoryEncoding|units|*, layer.Resizing|units|*, layer.CenterCrop|units|*) run under TF 2.21 +
Keras 3.15: True and integer scalar tensors are sizes; a string fails Keras's comparison with Python's
TypeError."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
TOK = np.array([[0, 1, 2], [3, 4, 0]], 'int32')
X4 = np.linspace(0, 1, 64, dtype='float32').reshape(2, 4, 4, 2)


@pytest.mark.parametrize('size', [True, tf.constant(3)])
def test_true_and_integer_tensors_are_sizes(size):
    n = int(size)
    assert L.Hashing(num_bins=size)(TOK).shape == (2, 3)
    assert L.Resizing(size, 3)(X4).shape == (2, n, 3, 2)
    assert L.CenterCrop(size, 2)(X4).shape == (2, n, 2, 2)


def test_category_encoding_sizes():
    assert L.CategoryEncoding(num_tokens=True)(np.array([[0], [0]])).shape == (2, 1)
    assert L.CategoryEncoding(num_tokens=tf.constant(5))(TOK).shape == (2, 5)


@pytest.mark.parametrize('make, text', [
    (lambda v: L.Hashing(num_bins=v), "'<=' not supported between instances of '%s' and 'int'"),
    (lambda v: L.CategoryEncoding(num_tokens=v), "'<' not supported between instances of '%s' and 'int'")])
@pytest.mark.parametrize('value', ['4', (4,)])
def test_no_number_fails_kerass_comparison(make, text, value):
    with pytest.raises(TypeError) as info:
        make(value)
    assert str(info.value) == text % type(value).__name__


@pytest.mark.parametrize('height, width, shape', [(0, 2, (2, 0, 2, 2)), (-1, 2, (2, 0, 2, 2)), (2, 0, (2, 2, 0, 2)),
                                                  (2, -1, (2, 2, 0, 2))])
def test_center_crop_of_no_size_is_an_empty_box(height, width, shape):
    # TF 2.21 + Keras 3.15 (cases.py rows layer.CenterCrop|units*|neg/zero): Keras checks no size
    assert L.CenterCrop(height, width)(X4).shape == shape


def test_resizing_still_refuses_a_zero_size():
    with pytest.raises((ValueError, tf.errors.InvalidArgumentError)):
        L.Resizing(0, 3)(X4)
