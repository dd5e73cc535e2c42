"""A kernel error met when a traced step runs (an Embedding index out of range in fit / predict or in a
tf.function) is raised as the kernel's, not reworded by the layer's call: TF 2.21's layer call ran at
trace time, symbolically, without error. An eager call keeps Keras's 'Exception encountered when
calling Embedding.call()' (TF 2.21: the same)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    m = keras.Sequential([keras.Input((2,)), keras.layers.Embedding(5, 2), keras.layers.Flatten(), keras.layers.Dense(1)])
    m.compile('adam', 'mse')
    return m


@pytest.mark.parametrize('run', [
    lambda m: m.fit(np.array([[1, 7], [0, 1]]), np.zeros((2, 1)), shuffle=False, verbose=0),
    lambda m: m.predict(np.array([[1, 7]]), verbose=0),
    lambda m: tf.function(lambda x: m(x))(tf.constant([[1, 7]])),
])
def test_traced_runs_raise_the_kernel_error(run):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        run(_model())
    assert 'indices[0,1] = 7 is not in [0, 5)' in str(info.value)
    assert 'Exception encountered' not in str(info.value)


def test_an_eager_call_keeps_the_layer_wording():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _model()(np.array([[1, 7]]))
    assert str(info.value).startswith('Exception encountered when calling Embedding.call().')
