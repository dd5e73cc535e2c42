"""A layer called on an object that is not array-like refuses it with Keras 3's ValueError.

Keras 3's Layer.__call__ converts the array-likes among the inputs' leaves and then refuses any
leaf left that is not a tensor: 'Only input tensors may be passed as positional arguments. The
following argument value should be passed as a keyword argument: <obj> (of type <class ...>)'
(TF 2.21, /work/notes/progs/kguides5/d12.py: a History object passed by mistake). tapeflow
tried to convert it and raised its conversion error. Preprocessing layers take such values.
"""
import numpy as np
import pytest

from framework import keras


class NotAnArray:
    def __repr__(self):
        return '<NotAnArray>'


@pytest.mark.parametrize('inputs', [NotAnArray(), [np.ones((1, 2), 'float32'), NotAnArray()],
                                    {'a': NotAnArray()}])
def test_an_object_that_is_not_array_like_is_refused(inputs):
    with pytest.raises(ValueError) as caught:
        keras.layers.Dense(1)(inputs)
    assert str(caught.value).startswith(
        'Only input tensors may be passed as positional arguments. The following argument value should be passed '
        "as a keyword argument: <NotAnArray> (of type <class '")


def test_array_likes_and_tensors_still_pass():
    class ArrayLike:
        def __array__(self, dtype=None, copy=None):
            return np.ones((2, 3), 'float32')
    dense = keras.layers.Dense(2)
    assert dense(ArrayLike()).shape == (2, 2)
    assert keras.layers.Concatenate()([keras.ops.ones((1, 2)), np.ones((1, 3), 'float32')]).shape == (1, 5)
    variable = keras.Variable(np.ones((1, 3), 'float32'))
    assert dense(variable).shape == (1, 2)
