"""Concatenate called on one tensor is Keras 3's list ValueError (TF 2.21) whatever its axis: the build checks
for a list of shapes before it reads the axis. tapeflow read a bad axis first (Concatenate(axis=None)(x):
TypeError "unsupported operand type(s) for %: 'NoneType' and 'int'")."""
import re

import numpy as np
import pytest

from framework import keras

X = np.ones((2, 4, 4, 3), 'float32')
TEXT = 'A `Concatenate` layer should be called on a list of at least 1 input. Received: input_shape=(2, 4, 4, 3)'


@pytest.mark.parametrize('axis', [None, 'abc', 1.5, [1, 2], -1])
def test_one_tensor(axis):
    with pytest.raises(ValueError, match='^%s(\n|$)' % re.escape(TEXT)):      # TF 2.21's text
        keras.layers.Concatenate(axis=axis)(X)


@pytest.mark.parametrize('axis,error,text', [
    # TF 2.21: a list of tensors then meets the axis
    (None, TypeError, "unsupported operand type(s) for %: 'NoneType' and 'int'"),
    ('abc', TypeError, 'not all arguments converted during string formatting'),
    (1.5, TypeError, 'list indices must be integers or slices, not float'),
])
def test_list_then_axis(axis, error, text):
    with pytest.raises(error, match='^%s(\n|$)' % re.escape(text)):
        keras.layers.Concatenate(axis=axis)([X, X])
