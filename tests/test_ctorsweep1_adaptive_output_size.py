"""Adaptive pooling layers check output_size's form as Keras 3 (TF 2.21): an int or a tuple / list of the
layer's rank, else TypeError '`output_size` must be an integer or (height, width) tuple. Received: None of
type <class 'NoneType'>' (1-D: 'tuple of 1 integer', and a list of another length its ValueError 'For 1D
input, ...'). tapeflow raised its own ValueError '... output_size must be a positive int or 2 of them'."""
import re

import pytest

from framework import keras

L = keras.layers
FORMS = {1: 'tuple of 1 integer', 2: '(height, width) tuple', 3: '(depth, height, width) tuple'}
CLASSES = [('AdaptiveAveragePooling1D', 1), ('AdaptiveMaxPooling1D', 1), ('AdaptiveAveragePooling2D', 2),
           ('AdaptiveMaxPooling2D', 2), ('AdaptiveAveragePooling3D', 3), ('AdaptiveMaxPooling3D', 3)]


@pytest.mark.parametrize('name,rank', CLASSES)
@pytest.mark.parametrize('value', [None, 'abc', 1.5, (1, 2, 3, 4)])
def test_type_errors(name, rank, value):
    # TF 2.21's text
    text = '`output_size` must be an integer or %s. Received: %s of type %s' % (FORMS[rank], value, type(value))
    expected = (ValueError, 'For 1D input, `output_size` tuple must have length 1. Received: (1, 2, 3, 4)') \
        if rank == 1 and isinstance(value, tuple) else (TypeError, text)
    with pytest.raises(expected[0], match='^%s$' % re.escape(expected[1])):
        getattr(L, name)(value)


@pytest.mark.parametrize('name,rank', CLASSES)
def test_wrong_length_and_good_forms(name, rank):
    cls = getattr(L, name)
    wrong = [1] * (rank % 3 + 1)          # a list of another length
    if rank == 1:
        with pytest.raises(ValueError, match=r'^For 1D input, `output_size` tuple must have length 1. Received: '
                                             r'\[1, 1\]$'):
            cls(wrong)
    else:
        with pytest.raises(TypeError, match='^%s$' % re.escape('`output_size` must be an integer or %s. Received: '
                                                               '%s of type %s' % (FORMS[rank], wrong, list))):
            cls(wrong)
    assert tuple(cls(2).output_size) == (2,) * rank and tuple(cls([2] * rank).output_size) == (2,) * rank
