"""Keras 3 raises ValueError for an unknown layer keyword and for a non-layer given to Sequential; tapeflow's
classes also catch as TypeError (Keras 2's), and print as TF 2.21 prints them: 'ValueError'."""
import traceback

import pytest

from framework import keras


@pytest.mark.parametrize('make, text', [
    (lambda: keras.layers.Dense(2, foo=3), "Unrecognized keyword arguments passed to Dense: {'foo': 3}"),
    (lambda: keras.Sequential([keras.layers.Dense(2), 'relu']),
     "Only instances of `keras.Layer` can be added to a Sequential model. Received: relu (of type <class 'str'>)"),
])
def test_printed_as_value_error(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert isinstance(info.value, TypeError)
    assert type(info.value).__name__ == 'ValueError'
    assert traceback.format_exception_only(type(info.value), info.value)[0] == 'ValueError: %s\n' % text
