"""A functional model called on a tensor of another rank than its Input: Keras 3's InputSpec
error, raised bare before call() (the preprocessing guide feeds a (None, 1, 41) multi-hot
TextVectorization output to a model built for (None, 41)).

Goldens: the messages TF 2.21 + Keras 3 raise for the same calls.
"""
import numpy as np
import pytest

from framework import keras


@pytest.fixture
def model():
    keras.backend.clear_session()
    inputs = keras.Input(shape=(41,))
    yield keras.Model(inputs, keras.layers.Dense(1)(inputs))
    keras.backend.clear_session()


def _expected(found):
    return ("^Input 0 with name 'input_layer' of layer 'functional' is incompatible with the layer: "
            r"expected shape=\(None, 41\), found shape=%s$" % found.replace('(', r'\(').replace(')', r'\)'))


@pytest.mark.parametrize('make, found', [
    (lambda: keras.Input((1, 41)), '(None, 1, 41)'),      # symbolic: was 'Exception encountered when calling'
    (lambda: np.zeros((2, 1, 41), 'float32'), '(2, 1, 41)'),
    (lambda: keras.Input((40,)), '(None, 40)'),
    (lambda: np.zeros((2, 40), 'float32'), '(2, 40)'),
])
def test_inputs_the_spec_refuses_get_keras_words_bare(model, make, found):
    with pytest.raises(ValueError) as caught:
        model(make())
    assert str(caught.value) == str(caught.value).split('\n')[0]
    import re
    assert re.match(_expected(found), str(caught.value))


def test_what_the_spec_lets_through_still_runs_or_fails_in_call(model):
    # a trailing axis of 1 is squeezed, as Keras does; a rank-1 input passes the spec (zip stops
    # early) and fails inside call(), wrapped as Keras wraps it
    assert tuple(model(np.zeros((2, 41, 1), 'float32')).shape) == (2, 1)
    with pytest.raises(ValueError, match='^Exception encountered when calling Functional.call()'):
        model(np.zeros((41,), 'float32'))


def test_sequential_keeps_its_wrapped_error():
    # TF 2.21: a Sequential refuses inside call() ('Exception encountered when calling Sequential.call()')
    seq = keras.Sequential([keras.Input((41,)), keras.layers.Dense(1)])
    with pytest.raises(ValueError, match='^Exception encountered when calling Sequential.call()'):
        seq(keras.Input((1, 41)))
