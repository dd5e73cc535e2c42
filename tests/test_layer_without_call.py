"""A layer without a call method raises Keras 3.15's NotImplementedError (TF 2.21 prints 'Layer NoCall does not
have a `call` method implemented.' inside its 'Exception encountered when calling NoCall.call()' block); tapeflow's
base Layer returned its input unchanged, so a missing or misspelled call went unnoticed.
(/work/notes/progs/me22/lay.py)"""
import numpy as np
import pytest

from framework import keras


class NoCall(keras.layers.Layer):
    pass


@pytest.mark.parametrize('make, name', [(keras.layers.Layer, 'Layer'), (NoCall, 'NoCall')])
def test_a_layer_without_call_raises_keras_error(make, name):
    with pytest.raises(NotImplementedError) as caught:
        make()(np.ones((2, 3), 'float32'))
    assert 'Exception encountered when calling %s.call().' % name in str(caught.value)
    assert 'Layer %s does not have a `call` method implemented.' % name in str(caught.value)
