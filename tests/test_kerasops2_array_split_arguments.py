"""keras.ops.array_split's argument checks as Keras 3 (TF 2.21, /work/notes/progs/kerasops2/np4.py):
    keras.ops.array_split(x, [1, 4], axis=1)  -> TypeError 'Argument `indices_or_sections` must be of type `int`. ...'
"""
import re

import numpy as np
import pytest

from framework.keras import ops

X = np.array([[3, 1, 2, 1, 7], [0, 5, 5, -1, 2]], 'int32')


@pytest.mark.parametrize('args, error, text', [
    ((X, [1, 4], 1), TypeError, 'Argument `indices_or_sections` must be of type `int`. Received: indices_or_sections=[1, 4]'),
    ((X, 2.0, 1), TypeError, 'Argument `indices_or_sections` must be of type `int`. Received: indices_or_sections=2.0'),
    ((X, np.int64(2), 1), TypeError, 'Argument `indices_or_sections` must be of type `int`. Received: indices_or_sections=2'),
    ((X, 0, 1), ValueError, 'Argument `indices_or_sections` must be a positive integer. Received: indices_or_sections=0'),
    ((X, 2, np.int64(1)), TypeError, 'Argument `axis` must be of type `int`. Received: 1'),
])
def test_array_split_refuses_what_keras_refuses(args, error, text):
    with pytest.raises(error, match='^' + re.escape(text)):
        ops.array_split(*args)


def test_array_split_sections_still_split():
    # TF 2.21: array_split(x, 7, axis=1) gives five (2, 1) parts and two (2, 0) ones; True is one section
    parts = ops.array_split(X, 7, axis=1)
    assert [tuple(p.shape) for p in parts] == [(2, 1)] * 5 + [(2, 0)] * 2
    assert [tuple(p.shape) for p in ops.array_split(X, True)] == [(2, 5)]
