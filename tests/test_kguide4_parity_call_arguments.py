"""A layer call's stray arguments raise Keras 3's errors before ``call`` runs, symbolic calls too.

Keras 3's ``Layer.__call__`` refuses a positional Python value ('Only input tensors may be passed as
positional arguments'), binds the call's signature (Python's plain TypeError 'got an unexpected
keyword argument', not the 'Exception encountered when calling' wrapper; ``mask=`` to a layer whose
call has none) and passes ``training`` by keyword, so a positional array landing on it is 'got
multiple values'. tapeflow let ``Dense(3)(keras.Input(...), foo=1)`` through. Goldens:
/work/notes/progs/kguides4/g4.py under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((2, 4), 'float32')


class Scale(keras.layers.Layer):
    def call(self, x, scale=1.0):
        return x * scale


class TakesAnything(keras.layers.Layer):
    def call(self, x, **kwargs):
        return x


@pytest.mark.parametrize('make, name', [
    (lambda: keras.layers.Dense(3)(keras.Input((4,)), foo=1), 'foo'),
    (lambda: keras.layers.Dense(3)(X, foo=1), 'foo'),
    (lambda: keras.layers.Dense(3)(X, mask=None), 'mask'),
    (lambda: keras.layers.Dropout(0.5)(X, training=True, foo=1), 'foo'),
    (lambda: keras.layers.LSTM(2)(np.ones((2, 3, 4), 'float32'), foo=1), 'foo'),
    (lambda: keras.layers.LayerNormalization()(X, foo=1), 'foo'),
    (lambda: Scale()(X, bad=2.0), 'bad'),
])
def test_an_unknown_keyword_is_python_type_error(make, name):
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == "got an unexpected keyword argument '%s'" % name


def test_keywords_the_call_takes_still_pass():
    assert float(Scale()(np.ones((2,), 'float32'), scale=2.0)[0]) == 2.0
    assert TakesAnything()(np.ones((2,), 'float32'), bad=2.0).shape == (2,)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    assert model(X, foo=1).shape == (2, 2)        # Sequential.call takes **kwargs (TF 2.21 runs it)


def test_a_positional_python_value_is_keras_value_error():
    with pytest.raises(ValueError) as info:
        Scale()(np.ones((2,), 'float32'), 2.0, 3.0)
    assert str(info.value) == ("Only input tensors may be passed as positional arguments. The following argument "
                               "value should be passed as a keyword argument: 2.0 (of type <class 'float'>)")


def test_a_positional_array_on_training_is_multiple_values():
    with pytest.raises(TypeError) as info:
        keras.layers.Dense(3)(X, np.ones((2, 4)))
    assert str(info.value) == "Dense.call() got multiple values for argument 'training'"
